/// The app's paging loader (the pattern of a `.task(id:)` flag): it starts loading the next page
/// when the content signals the trigger, ignores triggers while a load is in flight, shows a
/// spinner row at the end meanwhile, and appends the page when it arrives — until `total`.
///
/// Counted: loads (pages that arrived; one still in flight at the end is not counted), triggers suppressed because a load was in flight (`duplicateTriggers`),
/// frames in which the spinner was on screen (the user waiting at the end: `waitingFrames`),
/// and the longest wait from the spinner first showing to its page arriving
/// (`timeToContentMs`).
struct Paginator: Equatable, Sendable {
    let config: PaginationConfig
    /// Elements loaded so far.
    private(set) var loaded: Int
    /// When the load in flight arrives (nil when none is).
    private(set) var readyAtMs: Double?
    /// When the spinner first showed during the load in flight.
    private var spinnerSinceMs: Double?
    private(set) var totals = PaginationTotals()

    init(config: PaginationConfig, initial: Int) {
        self.config = config
        loaded = initial
    }

    var hasMore: Bool { loaded < config.total }
    var isLoading: Bool { readyAtMs != nil }

    /// A trigger fired at `nowMs`: start a load unless one is in flight or nothing is left.
    mutating func trigger(atMs nowMs: Double) {
        guard hasMore else { return }
        guard readyAtMs == nil else {
            totals.duplicateTriggers += 1
            return
        }
        readyAtMs = nowMs + config.latencyMs
    }

    /// The page due at `nowMs`, if any: how many elements to append.
    mutating func takeArrival(atMs nowMs: Double) -> Int? {
        guard let ready = readyAtMs, ready <= nowMs + Tolerance.milliseconds else { return nil }
        readyAtMs = nil
        let page = min(config.pageSize, config.total - loaded)
        loaded += page
        // A load counts once its page has arrived: one still in flight when the run ends
        // loaded nothing the user could see.
        totals.recordLoad(waitedMs: spinnerSinceMs.map { nowMs - $0 })
        spinnerSinceMs = nil
        return page
    }

    /// The frame at `nowMs` showed the spinner or not.
    mutating func spinnerShown(_ shown: Bool, atMs nowMs: Double) {
        guard shown else { return }
        totals.waitingFrames += 1
        if spinnerSinceMs == nil { spinnerSinceMs = nowMs }
    }
}
