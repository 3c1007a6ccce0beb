import Foundation

/// Decides from a file's bytes alone whether the enabled rules could find anything in it, so that files which
/// cannot (models, network clients, tests) are neither parsed nor walked.
///
/// Each rule declares the identifiers every one of its findings needs (`Rule.triggerWords`); a file is skipped
/// only when every enabled rule declares them and the file holds none of them as a whole identifier, anywhere,
/// comments and strings included. Configured components (`"AvatarImage": "Image"`) stand for the primitives
/// rules match on, so their names count too. Scanning is one pass over the bytes, no parse.
public struct Prefilter: Sendable {
    private let words: ByteWords
    private let suffixes: [[UInt8]]

    /// `nil` when some rule declares no trigger words: then every file must be parsed.
    public init?(rules: [any Rule.Type], components: [String: String] = [:]) {
        var words = Set(components.keys)
        var suffixes: Set<String> = []
        for rule in rules {
            guard let triggers = rule.triggerWords else { return nil }
            words.formUnion(triggers)
            suffixes.formUnion(rule.triggerSuffixes)
        }
        self.words = ByteWords(words)
        self.suffixes = suffixes.map { Array($0.utf8) }
    }

    /// Whether `source` holds an identifier some rule looks for.
    public func mayTrigger(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        var found = false
        IdentifierRuns.forEach(in: source) { run in
            found = matches(UnsafeBufferPointer(rebasing: source[run]))
            return !found
        }
        return found
    }

    private func matches(_ identifier: UnsafeBufferPointer<UInt8>) -> Bool {
        if words.contains(identifier) { return true }
        for suffix in suffixes where identifier.count >= suffix.count {
            if identifier.suffix(suffix.count).elementsEqual(suffix) { return true }
        }
        return false
    }
}

/// Runs of ASCII letters, digits and `_` in source bytes: the identifiers a byte scan can see.
///
/// Every other byte (multibyte characters included) ends a run, so runs are never longer than Swift's identifiers:
/// an ASCII word written as an identifier is always a whole run, while splitting more finely than Swift (`Imagé`
/// gives `Imag`) can only make a scan find a word where there is none, never miss one.
enum IdentifierRuns {
    /// Calls `body` with each run, in order, while it returns true.
    @inline(__always)
    static func forEach(in source: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Bool) {
        var index = 0
        let count = source.count
        while index < count {
            guard isIdentifierByte(source[index]) else { index += 1; continue }
            let start = index
            while index < count, isIdentifierByte(source[index]) { index += 1 }
            guard body(start..<index) else { return }
        }
    }

    @inline(__always)
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"): true
        default: false
        }
    }

    static func isASCIIIdentifier(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy(isIdentifierByte)
    }
}

/// Where the names rules are dispatched on (`Rule.visitedNames`) occur in a file's bytes, so that the walk can pass
/// over code that holds none of them: a node named `Image` holds the token `Image`, so a subtree holding no
/// occurrence holds no node any rule would be given.
///
/// Occurrences are found as the prefilter finds words, comments and strings included; more occurrences than
/// names only make the walk look further.
struct NameOccurrences: Sendable {
    private let names: ByteWords
    private let suffixes: [[UInt8]]

    /// `nil` when a name or suffix is not an ASCII identifier, which a byte scan might not see whole.
    init?(names: Set<String>, suffixes: Set<String>) {
        guard names.allSatisfy(IdentifierRuns.isASCIIIdentifier), suffixes.allSatisfy(IdentifierRuns.isASCIIIdentifier) else {
            return nil
        }
        self.names = ByteWords(names)
        self.suffixes = suffixes.map { Array($0.utf8) }
    }

    /// The byte offsets of the occurrences in `source`, ascending.
    func offsets(in source: UnsafeBufferPointer<UInt8>) -> [Int] {
        var offsets: [Int] = []
        IdentifierRuns.forEach(in: source) { run in
            let word = UnsafeBufferPointer(rebasing: source[run])
            if names.contains(word) {
                offsets.append(run.lowerBound)
            } else {
                for suffix in suffixes where word.count >= suffix.count && word.suffix(suffix.count).elementsEqual(suffix) {
                    offsets.append(run.lowerBound)
                    break
                }
            }
            return true
        }
        return offsets
    }
}

/// Words looked up by their UTF-8 bytes, so that scanning a file builds no string per identifier: the words of
/// each length are few, and most identifiers fail on their length or first byte.
///
/// Flat arrays of plain values, so that a lookup (made for every identifier of every file) retains nothing.
struct ByteWords: Sendable {
    let words: [String]
    /// Every word's bytes, one after another, ordered by length.
    private let bytes: [UInt8]
    /// Per word, ordered by length: where its bytes start, its first byte, and its index in `words`.
    private let entries: [(start: Int, first: UInt8, index: Int)]
    /// `entries[lengthStarts[n]..<lengthStarts[n + 1]]` are the words of `n` bytes.
    private let lengthStarts: [Int]

    init(_ words: some Sequence<String>) {
        self.words = Array(Set(words)).sorted()
        let byLength = self.words.enumerated().map { (index: $0.offset, bytes: Array($0.element.utf8)) }
            .filter { !$0.bytes.isEmpty }.sorted { ($0.bytes.count, $0.index) < ($1.bytes.count, $1.index) }
        var bytes: [UInt8] = []
        var entries: [(start: Int, first: UInt8, index: Int)] = []
        var lengthStarts = [0]
        for word in byLength {
            while lengthStarts.count <= word.bytes.count { lengthStarts.append(entries.count) }
            entries.append((bytes.count, word.bytes[0], word.index))
            bytes += word.bytes
        }
        lengthStarts.append(entries.count)
        self.bytes = bytes
        self.entries = entries
        self.lengthStarts = lengthStarts
    }

    /// The index in `words` of the word whose bytes are `candidate`.
    @inline(__always)
    func index(of candidate: UnsafeBufferPointer<UInt8>) -> Int? {
        let length = candidate.count
        guard length + 1 < lengthStarts.count, length > 0 else { return nil }
        let (from, to) = (lengthStarts[length], lengthStarts[length + 1])
        guard from < to else { return nil }
        let first = candidate[0]
        return bytes.withUnsafeBufferPointer { all -> Int? in
            for entry in entries[from..<to] where entry.first == first
                && memcmp(all.baseAddress! + entry.start, candidate.baseAddress!, length) == 0 {
                return entry.index
            }
            return nil
        }
    }

    @inline(__always)
    func contains(_ candidate: UnsafeBufferPointer<UInt8>) -> Bool { index(of: candidate) != nil }
}
