import Foundation

/// A part of a run to trace: the frames that start at or after `startMs` and before
/// `endMs` (`--trace-range START:END`, in seconds). `calibrate --window` reads its argument the
/// same way (`CalibrationWindow`).
public struct TraceRange: Equatable, Sendable {
    public var startMs: Double
    public var endMs: Double

    public init(startMs: Double = 0, endMs: Double = .infinity) {
        self.startMs = startMs
        self.endMs = endMs
    }

    /// `START:END` in seconds; either side may be left out (`5:` from 5 s to the end, `:10`
    /// the first 10 s).
    /// - Throws: `ScrollSimError` with the reason.
    public init(argument: String) throws {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ScrollSimError("'\(argument)' is not START:END in seconds (e.g. 9.5:12)") }
        func seconds(_ part: Substring, default value: Double) throws -> Double {
            let text = part.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { return value }
            guard let number = Double(text), number.isFinite, number >= 0 else {
                throw ScrollSimError("'\(text)' in '\(argument)' is not a time in seconds (a number ≥ 0)")
            }
            return number * 1000
        }
        startMs = try seconds(parts[0], default: 0)
        endMs = try seconds(parts[1], default: .infinity)
        guard endMs > startMs else { throw ScrollSimError("'\(argument)' ends before it starts") }
    }

    /// The frames of `frames` the range covers.
    /// - Complexity: O(log n).
    public func frames(in frames: Report.Frames) -> Swift.Range<Int> {
        func firstFrame(atOrAfter ms: Double) -> Int {
            var lo = 0, hi = frames.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if frames.timeMs[mid] < ms { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        return firstFrame(atOrAfter: startMs)..<max(firstFrame(atOrAfter: startMs), firstFrame(atOrAfter: endMs))
    }
}
