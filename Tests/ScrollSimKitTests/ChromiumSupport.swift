import Foundation
import ScrollSimKit

/// Headless Chromium for the browser tests (Debian package `chromium`): where it is, and one
/// run of it with its output captured.
enum Chromium {
    struct Timeout: Error, CustomStringConvertible {
        var arguments: [String]
        var description: String { "chromium did not finish in 90 s: \(arguments)" }
    }

    static var path: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs Chromium headless with `arguments`, returning stdout and stderr.
    /// - Throws: `Timeout` after 90 s (the process is terminated).
    static func run(_ binary: String, _ arguments: [String]) throws -> (out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--disable-extensions"] + arguments
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("out"), errURL = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.environment = ProcessInfo.processInfo.environment.merging(["HOME": directory.path]) { _, new in new }
        try process.run()
        let deadline = Date().addingTimeInterval(90)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw Timeout(arguments: arguments)
        }
        process.waitUntilExit()
        return (String(decoding: try Data(contentsOf: outURL), as: UTF8.self), String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// The value of the attribute `name` a probe script set on an element of the dumped DOM
    /// (`--dump-dom`), with the entities the dump wrote undone: the JSON the probe measured.
    static func probeValue(_ name: String, in dom: String) -> String? {
        guard let start = dom.range(of: "\(name)=\""), let end = dom.range(of: "\"", range: start.upperBound..<dom.endIndex) else { return nil }
        return String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// `html` with `probe` (a `<script>…</script>` element) added at the end of its body and let
    /// in by its hash: a page's Content-Security-Policy runs only the page's own scripts, which
    /// must still run beside the probe.
    static func withProbe(_ html: String, _ probe: String) -> String {
        let source = String(probe.dropFirst("<script>".count).dropLast("</script>".count))
        return html.replacingOccurrences(of: "</body>", with: probe + "</body>")
            .replacingOccurrences(of: "script-src ", with: "script-src 'sha256-\(SHA256Digest.base64(source))' ")
    }
}
