@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// Tables an xctrace export holds but ScrollSim does not read are named in the reading with why
/// and what to export instead — `os-signpost` (points) exported for `os-signpost-interval` is
/// the common mistake.
@Suite struct XctraceSkippedTablesTests {
    /// signpost-points.xml: an `os-signpost` table (time, thread, process, event-type, …, no
    /// start or duration) with one Begin row: no intervals, and the table named with the fix.
    @Test func signpostPointsSayToExportIntervals() throws {
        let reading = try TraceReader.read(path: TraceFiles.fixture("signpost-points.xml"))
        #expect(reading.intervals.isEmpty && reading.tables.isEmpty)
        #expect(reading.skippedTables == [TraceSkippedTable(table: "os-signpost", reason: XctraceTraceReader.whySkipped(schema: "os-signpost", columns: ["time"]))])
        #expect(reading.skippedTables.first?.reason.contains("export os-signpost-interval instead (xcrun xctrace export --xpath '/trace-toc/run[@number=\"1\"]/data/table[@schema=\"os-signpost-interval\"]')") == true)
    }

    /// A table with start and duration that is none of the three kinds read, and a sampling
    /// profile, say so and list their columns.
    @Test func otherTablesAreNamedWithTheirColumns() throws {
        #expect(XctraceTraceReader.whySkipped(schema: "thread-state", columns: ["start", "duration", "thread", "state"])
            == "intervals, but not of a kind ScrollSim maps (its columns: start, duration, thread, state); it reads os-signpost-interval (name, subsystem, category), tables named …hitch… and SwiftUI's view-body updates (a view column)")
        #expect(XctraceTraceReader.whySkipped(schema: "time-profile", columns: ["time", "thread", "weight", "stack"]).hasPrefix("a sampling profile"))
        #expect(XctraceTraceReader.whySkipped(schema: "life-cycle-period", columns: ["time", "period"])
            == "has no start and duration columns (its columns: time, period): not intervals; ScrollSim reads os-signpost-interval, the hitches tables and SwiftUI's view-body updates")
    }

    /// toc.xml lists os-signpost-interval, hitches and swiftui-updates: the table of contents
    /// names them as the tables to export.
    @Test func aTableOfContentsNamesTheTablesToExport() throws {
        let reading = try TraceReader.read(path: TraceFiles.fixture("toc.xml"))
        #expect(reading.skippedTables.map(\.table) == ["trace-toc"])
        #expect(reading.skippedTables.first?.reason.contains("— hitches, os-signpost-interval, swiftui-updates —") == true, "\(reading.skippedTables)")
    }
}
