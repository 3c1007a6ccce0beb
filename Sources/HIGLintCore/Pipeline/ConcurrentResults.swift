import Foundation

/// Results written by index from concurrent workers.
final class ConcurrentResults<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    /// Stores `value` unless the index already has one: of a timeout and a late result, the first stays.
    func setIfEmpty(_ index: Int, _ value: Value) {
        lock.withLock { if storage[index] == nil { storage[index] = value } }
    }

    var values: [Value?] { lock.withLock { storage } }
}
