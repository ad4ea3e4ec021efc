import Foundation
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import Testing

/// The pages' Content-Security-Policy in a real browser (headless Chromium): a script that
/// found its way into a page does not run, and the same page without the policy does run it
/// (so the check can fail). That the page's own tooltip script still runs under the policy is
/// PageLayoutBrowserTests' tooltip check. Skipped, with the reason, where Chromium is not
/// installed.
@Suite struct ContentSecurityPolicyBrowserTests {
    static let injected = "<script>document.documentElement.setAttribute('data-injected','ran')</script>"

    @Test func anInjectedScriptDoesNotRun() throws {
        guard let chromium = Chromium.path else {
            print("skipped: Chromium is not installed (Debian: apt-get install chromium); the policy check needs it")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-csp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = try ScenarioPage.render(try ReportFixtures.synthetic(count: 200, spikes: [50: 30]))
        #expect(page.hasContentSecurityPolicy)
        func ran(_ html: String, _ name: String) throws -> Bool {
            let file = directory.appendingPathComponent(name)
            try html.replacingOccurrences(of: "</body>", with: Self.injected + "</body>").write(to: file, atomically: true, encoding: .utf8)
            let (dom, _) = try Chromium.run(chromium, ["--virtual-time-budget=2000", "--dump-dom", file.absoluteString])
            #expect(dom.contains("</html>"), "the page rendered")
            return dom.contains("data-injected=\"ran\"")
        }
        #expect(try !ran(page, "with-policy.html"), "the policy let an injected script run")
        #expect(try ran(page.withoutContentSecurityPolicy, "without-policy.html"), "without the policy the script runs")
    }
}

extension String {
    /// The page's `<meta http-equiv="Content-Security-Policy">` line, if it has one.
    var contentSecurityPolicyLine: Substring? {
        guard let start = range(of: "<meta http-equiv=\"Content-Security-Policy\""),
              let end = self[start.upperBound...].firstIndex(of: "\n") else { return nil }
        return self[start.lowerBound...end]
    }

    var hasContentSecurityPolicy: Bool { contentSecurityPolicyLine != nil }

    /// The page without its policy line (to compare pages apart from the scripts' hashes, or to
    /// show that the policy is what stops a script).
    var withoutContentSecurityPolicy: String {
        guard let line = contentSecurityPolicyLine else { return self }
        return replacingCharacters(in: line.startIndex..<line.endIndex, with: "")
    }
}
