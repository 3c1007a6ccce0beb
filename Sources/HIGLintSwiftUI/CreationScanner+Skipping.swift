/// Comments, string literals and interpolations, skipped as the lexer skips them.
extension CreationScanner {
    mutating func skipLine() {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
    }

    mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") { depth += 1; index += 2; continue }
            if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
                continue
            }
            index += 1
        }
    }

    /// Skips a string literal starting at its first `"`, with `hashes` `#` before it, and its interpolations.
    mutating func skipString(hashes: Int) {
        let multiline = startsWith(at: index, "\"\"\"")
        index += multiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), hashesFollow(at: index + 1, count: hashes) {
                index += 1 + hashes
                if index < bytes.count, bytes[index] == UInt8(ascii: "(") { skipInterpolation() } else { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "\n"), !multiline { return }
            if byte == UInt8(ascii: "\""), !multiline || startsWith(at: index, "\"\"\""),
               hashesFollow(at: index + (multiline ? 3 : 1), count: hashes) {
                index += (multiline ? 3 : 1) + hashes
                return
            }
            index += 1
        }
    }

    /// Skips `( … )` of an interpolation, with the strings and comments inside it.
    mutating func skipInterpolation() {
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("): depth += 1; index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return }
            case UInt8(ascii: "\""): skipString(hashes: 0)
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"): skipBlockComment()
            case UInt8(ascii: "\n"): return
            case let byte where isIdentifierByte(byte) && !isDigit(byte):
                // `"\(summary)"` uses `summary`: a member shown only in text is used.
                let found = identifier(at: index) ?? index..<(index + 1)
                index = found.upperBound
                mentionIfMemberName(String(decoding: bytes[found], as: UTF8.self))
            default: index += 1
            }
        }
    }

    func hashesFollow(at start: Int, count: Int) -> Bool {
        guard start + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[start + $0] == UInt8(ascii: "#") }
    }

    func startsWith(at start: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard start + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[start + $0] == text.utf8Start[$0] }
    }

    func matches(_ text: Slice<UnsafeBufferPointer<UInt8>>, _ word: StaticString) -> Bool {
        text.count == word.utf8CodeUnitCount && startsWith(at: text.startIndex, word)
    }
}
