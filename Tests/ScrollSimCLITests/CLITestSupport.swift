import Foundation

/// Runs the whole tool in-process and captures what it printed (`CompareCLI.run`).
struct ToolRun {
    var status: Int32
    var out: String
    var err: String

    init(_ arguments: [String]) {
        let result = CompareCLI.run(arguments)
        status = result.status
        out = result.out
        err = result.err
    }
}

enum Paths {
    static var root: URL { CompareCLI.packageRoot }

    static var scenarios: String { root.appendingPathComponent("Scenarios").path }

    /// A fresh empty directory of the calling test's own.
    static func temporaryDirectory(_ label: String = #function) throws -> URL {
        URL(fileURLWithPath: try CompareCLI.temporaryDirectory(label))
    }
}
