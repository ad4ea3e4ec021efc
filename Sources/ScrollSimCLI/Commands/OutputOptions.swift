import ScrollSimKit

/// Output paths given on the command line (`--out`, `--html`, `--trace`, `--output`): read
/// and checked before any work.
enum OutputOptions {
    /// The value of a path option, or nil if it is not given.
    /// - Throws: `UsageError` when it is given empty (`--out ""` names nothing).
    static func path(_ arguments: ParsedArguments, _ name: String, command: String) throws -> String? {
        guard let value = arguments.value(name) else { return nil }
        guard !value.isEmpty else {
            throw ScrollSimError.usage(command: command, "--\(name) is empty; give a path")
        }
        return value
    }

    /// Checks that every file and directory can be written, before any work: every problem at
    /// once (exit status 2), nothing created.
    static func check(files: [String], directories: [String] = []) throws {
        var problems = collect(files, OutputBatch.checkFile)
        problems += collect(directories, OutputBatch.checkDirectory)
        guard problems.isEmpty else { throw ScrollSimError(problems: problems) }
    }

    /// Checks, before any work, that no output is an input, lies directly in a directory of
    /// inputs, or shares its file with another output (`OutputGuard`): every problem at once
    /// (exit status 2), each naming both paths.
    /// - Parameters:
    ///   - files: each output file and what it is ("the report of feed").
    ///   - directories: output directories (`--out DIR`, `--html DIR`).
    static func claim(_ files: [(path: String, role: String)], directories: [String] = [], inputs: OutputGuard) throws {
        var claims = inputs
        var problems = collect(directories, inputs.checkDirectory)
        // Files inside a refused directory would only repeat its problem.
        if problems.isEmpty {
            problems = collect(files) { try claims.claim($0.path, as: $0.role) }
        }
        guard problems.isEmpty else { throw ScrollSimError(problems: problems) }
    }

    /// Refuses, all named at once, the existing files among `paths` that `check` finds are not
    /// ScrollSim's (`ForeignFile`, `ReportMarker`).
    static func refuseForeign(_ paths: [String], _ check: (String) throws -> Void) throws {
        let problems = collect(paths, check)
        guard problems.isEmpty else { throw ScrollSimError(problems: problems) }
    }

    /// The problems of every item `check` refuses (`ScrollSimError.unwritable`), in order.
    private static func collect<Item>(_ items: [Item], _ check: (Item) throws -> Void) -> [ScrollSimError.Problem] {
        var problems: [ScrollSimError.Problem] = []
        for item in items {
            do {
                try check(item)
            } catch let error as ScrollSimError {
                problems += error.problems
            } catch {
                problems.append(ScrollSimError.Problem(source: .none, message: "\(error)"))
            }
        }
        return problems
    }
}
