import Foundation
import ScrollSimCLI
import ScrollSimKit

/// Runs the whole tool with a capturing console, and makes report files to run it on.
enum CompareCLI {
    final class Capture: @unchecked Sendable {
        var out = ""
        var err = ""
    }

    struct Result {
        var status: Int32
        var out: String
        var err: String
    }

    static func run(_ arguments: [String], terminal: Bool = false) -> Result {
        let capture = Capture()
        let console = Console(out: { capture.out += $0 }, err: { capture.err += $0 }, isTerminal: terminal)
        let status = ScrollSimCLI.main(arguments: arguments, console: console)
        return Result(status: status, out: capture.out, err: capture.err)
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String {
        packageRoot.appendingPathComponent(relative).path
    }

    /// The baseline report of the shipped origami-lazy scenario, as JSON (simulated once).
    static var origamiLazy: JSONValue {
        get throws { try origamiLazyReport.get() }
    }

    private static let origamiLazyReport: Swift.Result<JSONValue, Error> = Swift.Result {
        let scenario = try ScenarioLoader.load(path: path("Scenarios/origami-lazy.json"))
        return try JSONValue.parse(Data(JSONWriter().string(Baseline.report(for: scenario)).utf8))
    }

    /// `report` without its `frames` and `events`: still a valid report, quicker to parse.
    static func summaryOnly(_ report: JSONValue) throws -> JSONValue {
        var root = try unwrap(report.objectValue, "a report object")
        root["frames"] = nil
        root["events"] = nil
        return .object(root)
    }

    /// A fresh empty directory under the temporary directory.
    static func temporaryDirectory(_ label: String = #function) throws -> String {
        let safe = label.filter { $0.isLetter || $0.isNumber }
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("scrollsim-cli-\(safe)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `value` as a report file and returns its path.
    @discardableResult
    static func write(_ value: JSONValue, to directory: String, as name: String) throws -> String {
        let path = (directory as NSString).appendingPathComponent(name)
        try OutputWriter.write(JSONWriter().string(value), to: path)
        return path
    }

    /// `value` with the numbers at dotted paths replaced by `change(old)`.
    static func edit(_ value: JSONValue, _ changes: [String: (Double) -> Double]) -> JSONValue {
        var result = value
        for (path, change) in changes {
            result = set(result, path.split(separator: ".").map(String.init)[...], change)
        }
        return result
    }

    private static func set(_ value: JSONValue, _ keys: ArraySlice<String>, _ change: (Double) -> Double) -> JSONValue {
        guard let key = keys.first, var object = value.objectValue else {
            return .number(change(value.numberValue ?? .nan))
        }
        object[key] = set(object[key] ?? .null, keys.dropFirst(), change)
        return .object(object)
    }

    /// `value` with `scenario.contentHash` replaced.
    static func withHash(_ value: JSONValue, _ hash: String) throws -> JSONValue {
        var root = try unwrap(value.objectValue, "a report object")
        var scenario = try unwrap(root["scenario"]?.objectValue, "a scenario object")
        scenario["contentHash"] = .string(hash)
        root["scenario"] = .object(scenario)
        return .object(root)
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The value, or an error naming what was expected (a failed test, not a crash).
    static func unwrap<T>(_ value: T?, _ what: String) throws -> T {
        guard let value else { throw Missing(description: "expected \(what)") }
        return value
    }
}
