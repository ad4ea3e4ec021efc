import Foundation

/// Runs independent pieces of work on several threads and hands their results back in order.
///
/// `scrollsim run DIR --jobs N`, `baseline --jobs N` and `sweep` play one scenario per thread;
/// what they print and write must not depend on which one finished first. So results are
/// delivered on the calling thread, in index order, as soon as every earlier one is in: the
/// output of a parallel run is the output of a serial run, only sooner.
///
/// Each worker thread makes its own state first (`makeWorker`: a measuring harness, whose
/// allocator counters belong to the thread that opened them) and keeps it for every item it
/// takes. Items are handed out one at a time in index order, so a slow item never holds up a
/// thread that could take the next. With one job (or one item) everything runs on the calling
/// thread, exactly as a plain loop would.
public enum OrderedParallel {
    /// The number of jobs when none is asked for: every core the process may use.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Calls `work(&worker, i)` for every `i` in `0..<count` on up to `jobs` threads, and
    /// `deliver(i, output)` on the calling thread in increasing `i`.
    ///
    /// If `makeWorker` or `deliver` throws, no new item is started, the items already running
    /// finish, and the first error is rethrown; nothing more is delivered after it.
    /// - Complexity: `count` calls of `work`; at most `count` outputs are held at once (those
    ///   that finished before an earlier one).
    public static func run<Worker, Output>(
        count: Int,
        jobs: Int,
        makeWorker: @escaping () throws -> Worker,
        work: @escaping (inout Worker, Int) -> Output,
        deliver: (Int, Output) throws -> Void
    ) throws {
        guard count > 0 else { return }
        let threads = max(1, min(jobs, count))
        if threads == 1 {
            var worker = try makeWorker()
            for i in 0..<count { try deliver(i, work(&worker, i)) }
            return
        }
        let state = State<Output>(count: count, threads: threads)
        // The worker threads may hold `body` (and so the closures) a moment after they say they
        // are done, so the closures are escaping; `run` still returns only after every thread
        // has finished its last call.
        let body = Unchecked {
            state.runWorker(makeWorker: makeWorker, work: work)
        }
        for _ in 0..<threads {
            let thread = Thread { body.value() }
            thread.stackSize = 16 << 20
            thread.start()
        }
        defer { state.waitForThreads() }
        for i in 0..<count {
            guard let output = try state.take(i) else { break }
            do {
                try deliver(i, output)
            } catch {
                state.stop()
                throw error
            }
        }
    }

    /// The results of `transform` for every input, in order, computed on up to `jobs` threads.
    public static func map<Input, Output>(_ inputs: [Input], jobs: Int, _ transform: @escaping (Input) -> Output) throws -> [Output] {
        var outputs: [Output] = []
        outputs.reserveCapacity(inputs.count)
        try run(count: inputs.count, jobs: jobs, makeWorker: { () }, work: { _, i in transform(inputs[i]) }, deliver: { _, output in outputs.append(output) })
        return outputs
    }

    /// A value the compiler cannot prove safe to share; `run` makes it so by waiting for every
    /// thread before returning.
    private struct Unchecked<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private final class State<Output>: @unchecked Sendable {
        private let condition = NSCondition()
        private var next = 0
        private var outputs: [Output?]
        private var ready: [Bool]
        private var running: Int
        private var stopped = false
        private var failure: Error?

        init(count: Int, threads: Int) {
            outputs = Array(repeating: nil, count: count)
            ready = Array(repeating: false, count: count)
            running = threads
        }

        func runWorker<Worker>(makeWorker: () throws -> Worker, work: (inout Worker, Int) -> Output) {
            defer {
                condition.lock()
                running -= 1
                condition.broadcast()
                condition.unlock()
            }
            var worker: Worker
            do {
                worker = try makeWorker()
            } catch {
                condition.lock()
                if failure == nil { failure = error }
                stopped = true
                condition.broadcast()
                condition.unlock()
                return
            }
            while true {
                condition.lock()
                guard !stopped, next < outputs.count else {
                    condition.unlock()
                    return
                }
                let i = next
                next += 1
                condition.unlock()
                let output = work(&worker, i)
                condition.lock()
                outputs[i] = output
                ready[i] = true
                condition.broadcast()
                condition.unlock()
            }
        }

        /// The output of item `i` once it is in; nil if the run stopped before it was made.
        /// Throws a worker's failure to start.
        func take(_ i: Int) throws -> Output? {
            condition.lock()
            defer { condition.unlock() }
            while !ready[i] {
                if let failure { throw failure }
                if running == 0 { return nil }
                condition.wait()
            }
            if let failure { throw failure }
            let output = outputs[i]
            outputs[i] = nil
            return output
        }

        func stop() {
            condition.lock()
            stopped = true
            condition.unlock()
        }

        func waitForThreads() {
            condition.lock()
            stopped = true
            while running > 0 { condition.wait() }
            condition.unlock()
        }
    }
}
