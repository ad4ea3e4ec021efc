import Testing
@testable import ScrollSimEngine

/// `KeepAlive`: when a cached view expires, and which goes first over the cap.
@Suite struct KeepAliveTests {
    @Test func millisecondsExpireAtTheirEnd() {
        let k = KeepAlive(config: KeepAliveConfig(duration: .milliseconds(500)))
        #expect(!k.hasExpired(sinceMs: 100, sinceFrame: 0, nowMs: 599.9, frame: 100))
        #expect(k.hasExpired(sinceMs: 100, sinceFrame: 0, nowMs: 600, frame: 0))
    }

    @Test func framesExpireAfterTheirCount() {
        let k = KeepAlive(config: KeepAliveConfig(duration: .frames(3)))
        #expect(!k.hasExpired(sinceMs: 0, sinceFrame: 10, nowMs: 1e9, frame: 12))
        #expect(k.hasExpired(sinceMs: 0, sinceFrame: 10, nowMs: 0, frame: 13))
    }

    @Test func theEarliestCachedGoesFirstThenTheLowerRow() {
        #expect(KeepAlive.goesBefore((sinceMs: 10, row: 9), (sinceMs: 20, row: 1)))
        #expect(!KeepAlive.goesBefore((sinceMs: 20, row: 1), (sinceMs: 10, row: 9)))
        #expect(KeepAlive.goesBefore((sinceMs: 10, row: 1), (sinceMs: 10, row: 2)))
        #expect(!KeepAlive.goesBefore((sinceMs: 10, row: 2), (sinceMs: 10, row: 2)))
    }
}
