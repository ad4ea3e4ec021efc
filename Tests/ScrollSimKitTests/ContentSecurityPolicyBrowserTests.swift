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
        #expect(page.contains(ContentSecurityPolicy.meta))
        func ran(_ html: String, _ name: String) throws -> Bool {
            let file = directory.appendingPathComponent(name)
            try html.replacingOccurrences(of: "</body>", with: Self.injected + "</body>").write(to: file, atomically: true, encoding: .utf8)
            let (dom, _) = try Chromium.run(chromium, ["--virtual-time-budget=2000", "--dump-dom", file.absoluteString])
            #expect(dom.contains("</html>"), "the page rendered")
            return dom.contains("data-injected=\"ran\"")
        }
        #expect(try !ran(page, "with-policy.html"), "the policy let an injected script run")
        #expect(try ran(page.replacingOccurrences(of: ContentSecurityPolicy.meta, with: ""), "without-policy.html"), "without the policy the script runs")
    }
}
