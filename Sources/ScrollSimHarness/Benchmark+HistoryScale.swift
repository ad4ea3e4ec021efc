extension Benchmark {
    /// What the history-scale workload measured: 1,000 commits of 60 scenarios recorded into a
    /// new database (each commit one `record`, as a CI job does), then read back, their change
    /// points found and the trend pages rendered and written, as `history page` does.
    ///
    /// The measurement itself needs the history database (SQLite) and the pages, which this
    /// library does not link: the command-line tool supplies it (`Context.historyScale`).
    public struct HistoryScaleFigures: Equatable, Sendable {
        public var recordWallS: Double
        public var recordCPUS: Double
        public var pageWallS: Double
        public var pageCPUS: Double
        public var pages: Int
        /// The database file after the last connection closed (its log checkpointed into it).
        public var databaseMB: Double
        public var values: Int

        public init(recordWallS: Double, recordCPUS: Double, pageWallS: Double, pageCPUS: Double, pages: Int, databaseMB: Double, values: Int) {
            self.recordWallS = recordWallS
            self.recordCPUS = recordCPUS
            self.pageWallS = pageWallS
            self.pageCPUS = pageCPUS
            self.pages = pages
            self.databaseMB = databaseMB
            self.values = values
        }
    }
}
