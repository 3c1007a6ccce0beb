/// Decides from a file's bytes alone whether the enabled rules could find anything in it, so that files which
/// cannot (models, network clients, tests) are neither parsed nor walked.
///
/// Each rule declares the identifiers every one of its findings needs (`Rule.triggerWords`); a file is skipped
/// only when every enabled rule declares them and the file holds none of them as a whole identifier, anywhere,
/// comments and strings included. Configured components (`"AvatarImage": "Image"`) stand for the primitives
/// rules match on, so their names count too. Scanning is one pass over the bytes, no parse.
public struct Prefilter: Sendable {
    private let words: Set<String>
    private let suffixes: [[UInt8]]
    /// The byte lengths of `words`, to skip building a string for identifiers that cannot match.
    private let lengths: Set<Int>

    /// `nil` when some rule declares no trigger words: then every file must be parsed.
    public init?(rules: [any Rule.Type], components: [String: String] = [:]) {
        var words = Set(components.keys)
        var suffixes: Set<String> = []
        for rule in rules {
            guard let triggers = rule.triggerWords else { return nil }
            words.formUnion(triggers)
            suffixes.formUnion(rule.triggerSuffixes)
        }
        self.words = words
        self.suffixes = suffixes.map { Array($0.utf8) }
        self.lengths = Set(words.map(\.utf8.count))
    }

    /// Whether `source` holds an identifier some rule looks for.
    public func mayTrigger(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = source.count
        while index < count {
            guard Self.isIdentifierByte(source[index]) else { index += 1; continue }
            let start = index
            while index < count, Self.isIdentifierByte(source[index]) { index += 1 }
            if matches(UnsafeBufferPointer(rebasing: source[start..<index])) { return true }
        }
        return false
    }

    private func matches(_ identifier: UnsafeBufferPointer<UInt8>) -> Bool {
        if lengths.contains(identifier.count), words.contains(String(decoding: identifier, as: UTF8.self)) { return true }
        for suffix in suffixes where identifier.count >= suffix.count {
            if identifier.suffix(suffix.count).elementsEqual(suffix) { return true }
        }
        return false
    }

    /// ASCII letters, digits and `_`. Every other byte (multibyte characters included) ends a run, so runs are
    /// never longer than Swift's identifiers: an ASCII trigger word written as an identifier is always a whole
    /// run, while splitting more finely than Swift (`Imagé` gives `Imag`) can only parse a file needlessly.
    @inline(__always)
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"): true
        default: false
        }
    }
}
