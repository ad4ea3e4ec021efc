import Testing
@testable import ScrollSimEngine

/// The frame record and series: every column set on a record reaches the series unchanged, read
/// by column, as its type, and copies are values. Figures are set by hand below.
@Suite struct FrameSeriesTests {
    /// Frame f sets column c to 100·f + c (distinct, exact in a Double) and phase p's work to
    /// f + p/10.
    static func record(_ frame: Int) -> FrameRecord {
        var record = FrameRecord()
        for column in FrameColumn.allCases { record[column] = Double(100 * frame + column.rawValue) }
        var work = PhaseWork()
        for (p, phase) in PhaseWork.Phase.allCases.enumerated() { work[phase] = Double(frame) + Double(p) / 10 }
        record.work = work
        return record
    }

    @Test func everyColumnSetOnARecordReachesTheSeries() {
        var series = FrameSeries(reserving: 3)
        for frame in 0..<3 { series.append(Self.record(frame)) }
        #expect(series.count == 3)
        for column in FrameColumn.allCases where column != .workMs {
            #expect(Array(series[column]) == [0, 100, 200].map { Double($0 + column.rawValue) }, "\(column.key)")
        }
        // Setting the work sets workMs to its total: frame 2 has 2 + 0.0, 2 + 0.1, …, 2 + 0.7,
        // 16 + 2.8 = 18.8.
        #expect(abs(series.workMs[2] - 18.8) < 1e-12)
        #expect(series.work(.body)[1] == 1.2)
        #expect(series.phaseMs[.prefetch][2] == 2.7, "prefetch is the last phase of a frame")
    }

    @Test func columnsReadAsTheirTypes() {
        var series = FrameSeries(reserving: 2)
        var record = FrameRecord()
        record[.dropped] = 2
        record[.positionedByUser] = 1
        record[.viewID] = -1
        record[.launch] = 1
        series.append(record)
        record[.launch] = 0
        record[.moving] = 1
        record[.positionedByUser] = 0
        series.append(record)
        #expect(Array(series.dropped) == [2, 2])
        #expect(Array(series.positionedByUser) == [true, false])
        #expect(Array(series.viewID) == [-1, -1])
        #expect(series.interval == [.launch, .scroll])
    }

    @Test func aCopyKeepsTheFramesItHad() {
        var series = FrameSeries(reserving: 3)
        series.append(Self.record(0))
        series.append(Self.record(1))
        let copy = series
        series.append(Self.record(2))
        #expect(copy.count == 2)
        #expect(Array(copy.timeMs) == [0, 100])
        #expect(series.count == 3)
        #expect(copy != series)
        var again = FrameSeries(reserving: 2)
        again.append(Self.record(0))
        again.append(Self.record(1))
        #expect(copy == again)
    }

    /// Equality compares every frame, the first one too: two series that differ only in frame
    /// 0's work are different runs; two empty series are equal.
    @Test func seriesDifferingOnlyInTheirFirstFrameAreNotEqual() {
        var first = FrameSeries(reserving: 2), second = FrameSeries(reserving: 2)
        first.append(Self.record(0))
        first.append(Self.record(1))
        var changed = Self.record(0)
        changed[.dropped] = 7
        second.append(changed)
        second.append(Self.record(1))
        #expect(first != second)
        #expect(FrameSeries(reserving: 0) == FrameSeries(reserving: 4), "no frames on either side")
    }

    @Test func everyColumnFitsInARecord() {
        #expect(FrameColumn.allCases.count <= FrameRecord.phaseBase)
        #expect(FrameRecord.phaseBase + PhaseWork.Phase.allCases.count <= FrameRecord().slots.count)
        #expect(FrameRecord.slotCount == FrameRecord().slots.count)
    }

    @Test func aFrameStartsWithABlankRecord() {
        var context = FrameContext(eventCapacity: 4)
        context.record[.poppedViews] = 3
        context.begin(frame: 1, nowMs: 8.3, overheadMs: 0.5)
        #expect(context.record[.poppedViews] == 0)
    }

    /// The report keys are the case names, as the report reference lists them.
    @Test func keysAreTheCaseNames() {
        #expect(FrameColumn.timeMs.key == "timeMs")
        #expect(FrameColumn.poppedViews.key == "poppedViews")
        #expect(FrameColumn.estimateErrorPx.key == "estimateErrorPx")
        #expect(FrameColumn.allCases.filter(\.definition.elements) == [.viewID])
    }
}

/// Adding a frame's work adds each phase to its own phase, and nothing to another.
@Suite struct PhaseWorkAddTests {
    @Test func eachPhaseAddsToItself() {
        var total = PhaseWork()
        var frame = PhaseWork()
        for (i, phase) in PhaseWork.Phase.allCases.enumerated() { frame[phase] = Double(1 << i) }  // 1, 2, 4, … 128
        total.add(frame)
        total.add(frame)
        for (i, phase) in PhaseWork.Phase.allCases.enumerated() {
            #expect(total[phase] == Double(2 << i), "\(phase)")
        }
        #expect(total.total == 510)   // 2 · (1 + 2 + … + 128)
    }
}
