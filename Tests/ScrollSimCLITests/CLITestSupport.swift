import Foundation
@testable import ScrollSimCLI

/// Runs the whole tool in-process and captures what it printed.
struct ToolRun {
    var status: Int32
    var out: String
    var err: String

    init(_ arguments: [String]) {
        var out = ""
        var err = ""
        let console = Console(out: { out += $0 }, err: { err += $0 })
        status = ScrollSimCLI.main(arguments: arguments, console: console)
        self.out = out
        self.err = err
    }
}

enum Paths {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    }

    static var scenarios: String { root.appendingPathComponent("Scenarios").path }

    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-cli-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
