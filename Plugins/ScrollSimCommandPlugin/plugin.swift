import Foundation
import PackagePlugin

/// `swift package scrollsim <command> …`: runs the `scrollsim` tool of this package from the
/// root of the package the command is run in, so an app's package that depends on ScrollSim can
/// play its scenarios, compare them with its baseline and render its pages with nothing else to
/// install (the convention of package-benchmark's `swift package benchmark`):
///
///     swift package --allow-writing-to-package-directory scrollsim run Scenarios --html Reports/html
///     swift package --allow-writing-to-package-directory scrollsim compare Reports/baseline Reports/latest
///
/// Arguments go to `scrollsim` unchanged; relative paths are relative to the package's root.
/// Writing reports and pages needs the permission `--allow-writing-to-package-directory` gives.
/// A `scrollsim` that exits with a non-zero status fails the plugin, so `swift package` exits
/// non-zero (SwiftPM reports any failure of a plugin as status 1: the difference between a
/// regression, 1, and bad input, 2, is in the message printed before it).
@main
struct ScrollSimCommandPlugin: CommandPlugin {
    struct Failed: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "scrollsim exited with status \(status)" }
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "scrollsim")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool.path.string)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: context.package.directory.string)
        // Tells scrollsim it runs inside the plugin, so the hints it prints (init's "Next:")
        // give the plugin's command rather than a bare `scrollsim` the user does not have.
        process.environment = ProcessInfo.processInfo.environment.merging(["SCROLLSIM_PLUGIN": "1"]) { _, new in new }
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failed(status: process.terminationStatus)
        }
    }
}
