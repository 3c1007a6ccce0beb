/// Swift source lexed from its UTF-8 bytes, as far as the byte scans of the survey need: comments, string literals
/// (raw, multi-line, with interpolations), identifiers, spaces and matching brackets, as Swift's lexer tells them
/// apart. `CreationScan`, `ImageUses` and the manifest reader's nesting bound (`ManifestSyntax`) read source through
/// it, so what is code, comment or string is decided in this one place.
///
/// It answers questions at byte offsets and builds no string (but `text(_:)`, for a caller that asks): the scans run
/// over every file of a run. Nothing recurses, so no nesting of strings and interpolations, however deep, overflows
/// a stack.
///
/// Identifiers are runs of ASCII letters, digits, `_` and the bytes of multibyte characters (`café` is one), as far
/// as a byte can tell. Deliberately not lexed: regex literals (the `"` in `/"/` opens a string literal) and number
/// literals (`0x1F` holds the identifier `x1F`); scans that need them must look for themselves. Scans for whole
/// words anywhere, comments and strings included (`Prefilter`, `NameOccurrences`, `ModuleFacts.scan`), need none
/// of this and read bytes directly.
public struct ByteLexer {
    public let bytes: UnsafeBufferPointer<UInt8>

    public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    // MARK: Bytes

    @inlinable
    public static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80 || isDigit(byte)
    }

    @inlinable
    public static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inlinable
    public static func isUppercase(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

    /// A space, a tab or a line break.
    @inlinable
    public static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    // MARK: Identifiers and words

    /// The identifier starting at `start`, if one does (digits included: a caller that wants a name checks the
    /// first byte).
    @inlinable
    public func identifier(at start: Int) -> Range<Int>? {
        var end = start
        while end < bytes.count, Self.isIdentifierByte(bytes[end]) { end += 1 }
        return end > start ? start..<end : nil
    }

    /// Whether the bytes at `start` are `text`.
    @inlinable
    public func startsWith(at start: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard start >= 0, start + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[start + $0] == text.utf8Start[$0] }
    }

    /// Whether the bytes of `range` are exactly `word`.
    @inlinable
    public func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
        range.count == word.utf8CodeUnitCount && startsWith(at: range.lowerBound, word)
    }

    /// The text of `range`, for a caller that keeps it.
    @inlinable
    public func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    // MARK: Spaces and comments

    /// The first position at or after `start` that is not a space or a tab.
    @inlinable
    public func skippingSpaces(from start: Int) -> Int {
        var cursor = start
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor += 1 }
        return cursor
    }

    /// The first position at or after `start` that is neither a space, a line break nor in a comment; `nil` at the
    /// end of the file.
    @inlinable
    public func nextNonSpace(from start: Int) -> Int? {
        var position = start
        while position < bytes.count {
            if Self.isSpace(bytes[position]) { position += 1; continue }
            if let end = commentEnd(at: position) { position = end; continue }
            return position
        }
        return nil
    }

    /// The last position before `position` that is not a space or a line break (comments are not looked for).
    @inlinable
    public func previousNonSpace(before position: Int) -> Int? {
        var position = position - 1
        while position >= 0, Self.isSpace(bytes[position]) { position -= 1 }
        return position >= 0 ? position : nil
    }

    /// Where a comment starting at `position` ends, or `nil` when none starts there: a line comment at its line
    /// break, a block comment (nested ones included) after its `*/`, or at the end of the file when it is not closed.
    @inlinable
    public func commentEnd(at position: Int) -> Int? {
        guard bytes[position] == UInt8(ascii: "/"), position + 1 < bytes.count else { return nil }
        if bytes[position + 1] == UInt8(ascii: "/") {
            var end = position + 2
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            return end
        }
        guard bytes[position + 1] == UInt8(ascii: "*") else { return nil }
        var depth = 1
        var end = position + 2
        while end + 1 < bytes.count, depth > 0 {
            if bytes[end] == UInt8(ascii: "/"), bytes[end + 1] == UInt8(ascii: "*") { depth += 1; end += 2; continue }
            if bytes[end] == UInt8(ascii: "*"), bytes[end + 1] == UInt8(ascii: "/") { depth -= 1; end += 2; continue }
            end += 1
        }
        return depth == 0 ? end : bytes.count
    }

    // MARK: String literals

    /// A string literal: where it starts and ends, its delimiters, and how deep interpolations nest in it.
    public struct StringLiteral: Sendable, Equatable {
        /// Its first byte: the first `#` of a raw literal's delimiter, else its opening quote.
        public var start: Int
        /// The `#`s of its delimiter (`#"…"#`: 1).
        public var hashes: Int
        /// Whether it opens with `"""`.
        public var isMultiline: Bool
        /// Its text between the quotes, interpolations included.
        public var content: Range<Int>
        /// Just past its closing delimiter; where it stopped when it is not terminated.
        public var end: Int
        /// Whether its closing delimiter was found. A literal that is not ends at a line break that a single-line
        /// literal cannot hold (in its text or in an interpolation's code), at an interpolation that is not
        /// closed, or at the end of the file.
        public var isTerminated: Bool
        /// How deep interpolations and the brackets in their code nest in it: 0 without interpolation, 1 for
        /// `"\(x)"`, 2 for `"\(f(x))"`.
        public var nesting: Int

        /// This literal ending at `end`: terminated, when its closing delimiter starts at `closing`.
        fileprivate func ending(at end: Int, closingAt closing: Int? = nil) -> StringLiteral {
            var literal = self
            literal.content = content.lowerBound..<(closing ?? end)
            literal.end = end
            literal.isTerminated = closing != nil
            return literal
        }
    }

    /// What `stringLiteral(at:_:)` shows of a literal as it reads it.
    public enum LiteralPart {
        /// The literal's own text before an interpolation, between two, or after the last (escapes as written):
        /// one more than it has interpolations when it is terminated.
        case text(Range<Int>)
        /// An identifier in the code of an interpolation, at any depth (`x` and `y` in `"\(x) \("\(y)")"`).
        case identifier(Range<Int>)
    }

    /// Whether a string literal starts at `position`: its opening quote, or the first `#` of a raw literal's
    /// delimiter (`#"…"#`).
    @inlinable
    public func startsStringLiteral(at position: Int) -> Bool {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") { return true }
        guard byte == UInt8(ascii: "#") else { return false }
        var end = position
        while end < bytes.count, bytes[end] == UInt8(ascii: "#") { end += 1 }
        return end < bytes.count && bytes[end] == UInt8(ascii: "\"")
    }

    /// The string literal starting at `start` (where `startsStringLiteral(at:)` is true), read to its end past
    /// escapes, interpolations and the literals, comments and brackets in their code; `visit` sees its parts.
    public func stringLiteral(at start: Int, _ visit: (LiteralPart) -> Void = { _ in }) -> StringLiteral {
        var position = start
        while position < bytes.count, bytes[position] == UInt8(ascii: "#") { position += 1 }
        let hashes = position - start
        let isMultiline = startsWith(at: position, "\"\"\"")
        position += isMultiline ? 3 : 1
        var literal = StringLiteral(start: start, hashes: hashes, isMultiline: isMultiline, content: position..<position,
                                    end: position, isTerminated: false, nesting: 0)
        // The literal being read (this one, or one in an interpolation's code), and those around it, innermost last.
        // A level's `brackets` is -1 while its text is read, else the brackets open in the code of its interpolation.
        struct Level {
            var hashes: Int
            var isMultiline: Bool
            var brackets = -1
        }
        var level = Level(hashes: hashes, isMultiline: isMultiline)
        var outer: [Level] = []
        var textStart = position
        var depth = 0
        while position < bytes.count {
            let byte = bytes[position]
            if level.brackets < 0 {
                // The text of a literal.
                if byte == UInt8(ascii: "\\"), hashesFollow(at: position + 1, count: level.hashes) {
                    let escaped = position + 1 + level.hashes
                    guard escaped < bytes.count, bytes[escaped] == UInt8(ascii: "(") else {
                        position = escaped + 1
                        continue
                    }
                    if outer.isEmpty { visit(.text(textStart..<position)) }
                    level.brackets = 0
                    depth += 1
                    literal.nesting = max(literal.nesting, depth)
                    position = escaped + 1
                    continue
                }
                if byte == UInt8(ascii: "\n"), !level.isMultiline { return literal.ending(at: position) }
                if byte == UInt8(ascii: "\""), !level.isMultiline || startsWith(at: position, "\"\"\""),
                   hashesFollow(at: position + (level.isMultiline ? 3 : 1), count: level.hashes) {
                    let closing = position
                    position += (level.isMultiline ? 3 : 1) + level.hashes
                    guard let enclosing = outer.popLast() else {
                        visit(.text(textStart..<closing))
                        return literal.ending(at: position, closingAt: closing)
                    }
                    level = enclosing
                    continue
                }
                position += 1
                continue
            }
            // The code of an interpolation.
            if let end = commentEnd(at: position) {
                position = end
                continue
            }
            if startsStringLiteral(at: position) {
                var inner = position
                while bytes[inner] == UInt8(ascii: "#") { inner += 1 }
                let innerMultiline = startsWith(at: inner, "\"\"\"")
                outer.append(level)
                level = Level(hashes: inner - position, isMultiline: innerMultiline)
                position = inner + (innerMultiline ? 3 : 1)
                continue
            }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                level.brackets += 1
                depth += 1
                literal.nesting = max(literal.nesting, depth)
                position += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if level.brackets == 0 {
                    // The interpolation ends: the literal's text goes on.
                    level.brackets = -1
                    if outer.isEmpty { textStart = position + 1 }
                } else {
                    level.brackets -= 1
                }
                depth -= 1
                position += 1
            case UInt8(ascii: "\n"):
                // Code in a single-line literal ends with its line, as the literal does.
                if !level.isMultiline { return literal.ending(at: position) }
                position += 1
            case let byte where Self.isIdentifierByte(byte) && !Self.isDigit(byte):
                let word = identifier(at: position)!
                visit(.identifier(word))
                position = word.upperBound
            default:
                position += 1
            }
        }
        return literal.ending(at: bytes.count)
    }

    /// Whether `count` `#`s follow at `start`.
    private func hashesFollow(at start: Int, count: Int) -> Bool {
        guard count > 0 else { return true }
        guard start + count <= bytes.count else { return false }
        return (start..<start + count).allSatisfy { bytes[$0] == UInt8(ascii: "#") }
    }

    // MARK: Brackets

    /// The bracket that closes the one at `open` (any of `(`, `[`, `{`, counted together), past comments and string
    /// literals; `nil` when the file ends first or a literal in between is not terminated.
    public func matchingClose(of open: Int) -> Int? {
        var depth = 0
        var position = open
        while position < bytes.count {
            let byte = bytes[position]
            if let end = commentEnd(at: position) { position = end; continue }
            if startsStringLiteral(at: position) {
                let literal = stringLiteral(at: position)
                guard literal.isTerminated else { return nil }
                position = literal.end
                continue
            }
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return position }
            }
            position += 1
        }
        return nil
    }
}
