import Foundation
import ScrollSimKit

/// Progress of a long run on standard error, when it is a terminal (nothing otherwise): one
/// line rewritten in place, `  feed-10m  42% (403,200 of 960,000 frames)`, at most ten times a
/// second and only once the run has taken half a second, then erased.
///
/// A reference type so the harness's progress callback can update it while it runs.
final class ProgressLine {
    private let console: Console
    private let name: String
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastShown: ContinuousClock.Instant?
    private var shown = false
    private let delay: Duration

    /// - Parameter delay: how long a run plays before its progress is shown.
    init(_ name: String, console: Console, delay: Duration = .milliseconds(500)) {
        self.console = console
        self.name = name
        self.delay = delay
        start = clock.now
    }

    /// The callback for `Harness.run(_:progress:)`, or nil when standard error is not a terminal.
    var callback: ((Int, Int) -> Void)? {
        guard console.errorIsTerminal else { return nil }
        return { [self] frames, total in update(frames, total) }
    }

    func update(_ frames: Int, _ total: Int) {
        let now = clock.now
        guard now - start >= delay else { return }
        if let lastShown, now - lastShown < .milliseconds(100) { return }
        lastShown = now
        shown = true
        let percent = total > 0 ? min(100, frames * 100 / total) : 0
        console.err("\r\u{1B}[K  \(name)  \(percent)% (\(DisplayFormat.integer(Double(frames))) of \(DisplayFormat.integer(Double(total))) frames)")
    }

    /// Erases the line, if one was written.
    func finish() {
        if shown { console.err("\r\u{1B}[K") }
    }
}
