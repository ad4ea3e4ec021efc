import Testing
@testable import ScrollSimEngine

/// The paging loader alone, worked by hand: pages of `pageSize` until `total`, the last one
/// only what is left; triggers while a load is in flight counted and ignored; nothing after the
/// last page. Found by a generated mutant (the last page as `total + loaded`) that every
/// pagination test let pass: none of their runs reached a last page shorter than the rest.
@Suite struct PaginatorTests {
    /// 30 loaded of 75, pages of 20 arriving 100 ms after their trigger: pages of 20 and 20, then
    /// the 5 left; a second trigger during a load is a duplicate; after 75 nothing starts.
    @Test func theLastPageIsWhatIsLeft() {
        var paginator = Paginator(config: PaginationConfig(pageSize: 20, latencyMs: 100, total: 75), initial: 30)
        var pages: [Int] = []
        var now = 0.0
        for _ in 0..<4 {
            paginator.trigger(atMs: now)
            paginator.trigger(atMs: now + 50)
            #expect(paginator.takeArrival(atMs: now + 99) == nil)
            if let page = paginator.takeArrival(atMs: now + 100) { pages.append(page) }
            now += 200
        }
        #expect(pages == [20, 20, 5])
        #expect(paginator.loaded == 75 && !paginator.hasMore && !paginator.isLoading)
        #expect(paginator.totals.duplicateTriggers == 3)
    }
}
