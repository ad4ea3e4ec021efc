@testable import ScrollSimKit
@testable import ScrollSimPresentation
import Testing

/// How pages record what they are, and how a folder's pages are read back.
@Suite struct SiteFolderTests {
    /// Paths worked out by hand: from /a/b, /a/b/c.json is c.json, /x/y.json is ../../x/y.json.
    @Test func reportsAreRecordedRelativeToTheFolder() {
        #expect(SiteFolder.relativePath("/a/b/c.json", from: "/a/b") == "c.json")
        #expect(SiteFolder.relativePath("/x/y.json", from: "/a/b") == "../../x/y.json")
        #expect(SiteFolder.relativePath("/r/latest/feed.json", from: "/r/html/") == "../latest/feed.json")
        #expect(SiteFolder.relativePath("/r/./html/../latest/feed.json", from: "/r/html") == "../latest/feed.json")
    }

    @Test func aPageHeadIsReadBackAndForeignPagesAreNotScrollSims() throws {
        let html = HTMLPage.document(title: "t", body: "", script: false,
                                     meta: SiteFolder.meta(.compare, scenario: "a \"b\" & c", reports: ["../r/a.json", "../base/a.json"]))
        let page = try #require(SiteFolder.page("a.compare.html", head: html))
        #expect(page.kind == .compare)
        #expect(page.scenario == "a \"b\" & c")
        #expect(page.report == "../r/a.json" && page.baselineReport == "../base/a.json")
        #expect(SiteFolder.page("notes.html", head: "<!DOCTYPE html>\n<html>\n<meta name=\"generator\" content=\"Hugo\">\n") == nil)
        // A page of an older ScrollSim: recognised as its own, with nothing recorded.
        let older = try #require(SiteFolder.page("old.html", head: "<meta name=\"generator\" content=\"ScrollSim\">\n"))
        #expect(older.kind == nil && older.report == nil)
    }
}
