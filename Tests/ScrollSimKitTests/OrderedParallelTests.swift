import Foundation
import Testing
import ScrollSimKit

@Suite struct OrderedParallelTests {
    /// Later items finish first (item i sleeps (20 - i) ms), yet they are delivered in order.
    @Test func deliversInIndexOrderWhateverFinishesFirst() throws {
        var delivered: [Int] = []
        try OrderedParallel.run(count: 20, jobs: 4, makeWorker: { () }, work: { _, i in
            usleep(useconds_t((20 - i) * 1000))
            return i * i
        }, deliver: { i, output in
            #expect(output == i * i)
            delivered.append(i)
        })
        #expect(delivered == Array(0..<20))
    }

    @Test func mapKeepsOrder() throws {
        // 1…10 doubled: 2, 4, …, 20.
        #expect(try OrderedParallel.map(Array(1...10), jobs: 3) { $0 * 2 } == [2, 4, 6, 8, 10, 12, 14, 16, 18, 20])
        #expect(try OrderedParallel.map([Int](), jobs: 3) { $0 } == [])
    }

    /// Each thread makes one worker and keeps it: with 3 threads and 30 items, at most 3
    /// workers are made, and the counts the workers took add up to 30.
    @Test func eachThreadMakesOneWorker() throws {
        final class Counter: @unchecked Sendable {
            let lock = NSLock()
            var made = 0
        }
        let counter = Counter()
        var total = 0
        try OrderedParallel.run(count: 30, jobs: 3, makeWorker: { () -> Int in
            counter.lock.lock(); counter.made += 1; counter.lock.unlock()
            return 0
        }, work: { taken, _ in
            taken += 1
            return 1
        }, deliver: { _, one in total += one })
        #expect(counter.made >= 1 && counter.made <= 3)
        #expect(total == 30)
    }

    struct Stop: Error {}

    /// A failing delivery stops the run: nothing after it is delivered and the error comes out.
    @Test func aFailedDeliveryStopsTheRun() {
        var delivered: [Int] = []
        #expect(throws: Stop.self) {
            try OrderedParallel.run(count: 50, jobs: 4, makeWorker: { () }, work: { _, i in i }, deliver: { i, _ in
                if i == 5 { throw Stop() }
                delivered.append(i)
            })
        }
        #expect(delivered == [0, 1, 2, 3, 4])
    }

    @Test func aWorkerThatCannotStartFailsTheRun() {
        #expect(throws: Stop.self) {
            try OrderedParallel.run(count: 10, jobs: 2, makeWorker: { () throws -> Int in throw Stop() }, work: { _, i in i }, deliver: { _, _ in })
        }
    }
}
