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
    static func forEach(count: Int, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                        _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let next = Counter()
        let group = DispatchGroup()
        for _ in 0..<max(1, min(workers, count)) {
            group.enter()
            let thread = Thread {
                while case let index = next.take(), index < count { body(index) }
                group.leave()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        group.wait()
    }

    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func take() -> Int { lock.withLock { defer { value += 1 }; return value } }
    }
}
