import Foundation

/// Runs work items on all cores, on threads with large stacks.
///
/// Syntax trees of deeply nested code are walked recursively (by SwiftSyntax's
/// visitors and by the model), and Dispatch's worker threads have small stacks
/// (512 KiB on Linux), so each worker gets its own thread with a stack big enough
/// for the deepest tree the parser builds.
enum ParallelRunner {
    static let stackSize = 64 << 20

    /// Calls `body` for every index in `0..<count`, spreading indices over `workers` threads, and waits.
    ///
    /// With a `timeLimit`, an index still running after that many seconds is given up: `onTimeout` is called
    /// with it, and a new worker takes the place of the one still busy with it. A thread cannot be stopped
    /// safely, so that worker runs on until its item ends (or the process exits) and its result must be
    /// dropped by the caller (see `ConcurrentResults.setIfEmpty`). This bounds a run even when a file
    /// drives the parser into exponential time (SwiftParser does on some nested brackets).
    static func forEach(count: Int, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                        timeLimit: TimeInterval? = nil, onTimeout: @escaping @Sendable (Int) -> Void = { _ in },
                        _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let state = State(count: count)
        @Sendable func startWorker() {
            let thread = Thread {
                while let index = state.take() {
                    body(index)
                    guard state.finish(index) else { return }   // given up: a replacement already runs
                }
            }
            thread.stackSize = stackSize
            thread.start()
        }
        for _ in 0..<max(1, min(workers, count)) { startWorker() }
        state.waitUntilDone(timeLimit: timeLimit) { index in
            onTimeout(index)
            startWorker()
        }
    }

    private final class State: @unchecked Sendable {
        private let condition = NSCondition()
        private let count: Int
        private var next = 0
        /// Items finished or given up.
        private var settled = 0
        private var started: [Int: Date] = [:]
        private var givenUp: Set<Int> = []

        init(count: Int) { self.count = count }

        func take() -> Int? {
            condition.withLock {
                guard next < count else { return nil }
                defer { next += 1 }
                started[next] = Date()
                return next
            }
        }

        /// Records that `index` ended; false when it had been given up.
        func finish(_ index: Int) -> Bool {
            condition.withLock {
                started[index] = nil
                guard !givenUp.contains(index) else { return false }
                settled += 1
                // The waiter only wakes for the end (or, with a time limit, on its own clock): waking it for every
                // item cost a futex round trip per file.
                if settled == count { condition.broadcast() }
                return true
            }
        }

        func waitUntilDone(timeLimit: TimeInterval?, giveUp: (Int) -> Void) {
            condition.lock()
            defer { condition.unlock() }
            while settled < count {
                guard let timeLimit else {
                    condition.wait()
                    continue
                }
                // At least a millisecond: a date not in the future returns at once without releasing the lock,
                // so with a tiny limit no worker could ever take or finish an item.
                _ = condition.wait(until: Date(timeIntervalSinceNow: max(0.001, min(timeLimit, 0.2))))
                let now = Date()
                for (index, start) in started where !givenUp.contains(index) && now.timeIntervalSince(start) > timeLimit {
                    givenUp.insert(index)
                    settled += 1
                    giveUp(index)
                }
            }
        }
    }
}
