/// Suggestions for mistyped words: rule ids, configuration keys, commands and options.
public enum Spelling {
    /// The known word a typo most likely meant, if one is close: one it begins (three letters at least), or
    /// one a quarter of its letters (two at least) away. A word much longer than every known one is no typo of
    /// them (and the distance costs its length squared): it gets none.
    public static func closest(to word: String, in known: [String]) -> String? {
        guard word.count <= (known.map(\.count).max() ?? 0) + 8 else { return nil }
        let lowered = word.lowercased()
        if lowered.count >= 3, let extended = known.first(where: { $0.lowercased().hasPrefix(lowered) }) { return extended }
        let scored = known.map { ($0, distance(lowered, $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let (best, score) = scored, score <= max(2, word.count / 4) else { return nil }
        return best
    }

    /// Levenshtein distance.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
