import Foundation
import Testing
@testable import ScrollSimCLI

/// The progress line: on a terminal only, rewritten in place at most ten times a second, erased
/// at the end.
@Suite struct ProgressLineTests {
    final class Capture: @unchecked Sendable {
        var err = ""
    }

    @Test func writesInPlaceOnATerminalAndErasesItself() throws {
        let capture = Capture()
        let console = Console(out: { _ in }, err: { capture.err += $0 }, errorIsTerminal: true)
        let progress = ProgressLine("feed", console: console, delay: .zero)
        let callback = try #require(progress.callback)
        callback(2048, 9600)
        callback(4096, 9600)      // within 100 ms of the first: not shown
        progress.finish()
        // 2,048 of 9,600 frames is 21 % (rounded down).
        #expect(capture.err == "\r\u{1B}[K  feed  21% (2,048 of 9,600 frames)\r\u{1B}[K")
    }

    @Test func nothingWhenStandardErrorIsNotATerminal() {
        let capture = Capture()
        let console = Console(out: { _ in }, err: { capture.err += $0 }, errorIsTerminal: false)
        let progress = ProgressLine("feed", console: console, delay: .zero)
        #expect(progress.callback == nil)
        progress.finish()
        #expect(capture.err.isEmpty)
    }

    @Test func nothingForAShortRun() throws {
        let capture = Capture()
        let console = Console(out: { _ in }, err: { capture.err += $0 }, errorIsTerminal: true)
        let progress = ProgressLine("feed", console: console, delay: .seconds(3600))
        let callback = try #require(progress.callback)
        callback(2048, 9600)
        progress.finish()
        #expect(capture.err.isEmpty)
    }
}
