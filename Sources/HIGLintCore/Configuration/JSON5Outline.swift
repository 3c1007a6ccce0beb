/// Where things are in a JSON5 text: the line of every key, or the line and column of the first syntax error.
///
/// `JSONDecoder` (with `allowsJSON5`) decides what a configuration file means, but on Linux its errors say only
/// "The given data was not valid JSON", and a decoded value no longer knows its line. This scanner follows the
/// JSON5 grammar just far enough to point a person at the line to fix.
struct JSON5Outline {
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// Line of each key, by key path (`rules.fixed-font-size.severity`); the first occurrence wins.
    private(set) var keyLines: [String: Int] = [:]

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Lists and objects open around the current value. The scanner recurses, so without a bound a
    /// file of thousands of `[` overflows the stack; a configuration needs four levels at most.
    private var depth = 0
    static let maximumDepth = 64

    /// Scans `text`; throws the first syntax error.
    init(_ text: [UInt8]) throws(SyntaxError) {
        bytes = text
        try skipTrivia()
        guard index < bytes.count else { throw error("the file is empty; expected an object such as {}") }
        try value(path: [])
        try skipTrivia()
        if index < bytes.count { throw error("unexpected text after the end of the top-level object") }
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(line: line, column: index - lineStart + 1, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func skipTrivia() throws(SyntaxError) {
        while let byte = current {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                advance()
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while let next = current, next != UInt8(ascii: "\n") { _ = next; advance() }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = error("a /* comment is never closed")
                advance(); advance()
                while !(current == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                    guard current != nil else { throw start }
                    advance()
                }
                advance(); advance()
            } else {
                return
            }
        }
    }

    private mutating func value(path: [String]) throws(SyntaxError) {
        if current == UInt8(ascii: "{") || current == UInt8(ascii: "[") {
            guard depth < Self.maximumDepth else {
                throw error("lists and objects are nested more than \(Self.maximumDepth) levels deep here")
            }
            depth += 1
        }
        switch current {
        case UInt8(ascii: "{"): try object(path: path); depth -= 1
        case UInt8(ascii: "["): try array(path: path); depth -= 1
        case UInt8(ascii: "\""), UInt8(ascii: "'"): _ = try string()
        case nil: throw error("the file ends where a value was expected")
        default:
            let start = error("")
            let word = atom()
            guard !word.isEmpty else { throw error("expected a value (a string, number, true, false, null, [ or {)") }
            let number = word.drop { $0 == "+" || $0 == "-" }
            let isNumber = number.first.map { $0.isNumber || $0 == "." } ?? false
            guard isNumber || ["true", "false", "null"].contains(word) || ["Infinity", "NaN"].contains(String(number)) else {
                var problem = start
                problem.message = "unexpected '\(ConfigurationFile.shown(word))'; a string value needs quotes"
                throw problem
            }
            // JSONDecoder rejects a number beyond Double's range with no word on why.
            if isNumber, let value = Double(number), value.isInfinite {
                var problem = start
                problem.message = "the number \(word) is too large"
                throw problem
            }
        }
    }

    private mutating func object(path: [String]) throws(SyntaxError) {
        advance()   // {
        var seen: Set<String> = []
        while true {
            try skipTrivia()
            if current == UInt8(ascii: "}") { advance(); return }
            let keyLine = line
            let keyStart = error("")
            let key: String
            switch current {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): key = try string()
            case nil: throw error("the file ends inside an object; a } is missing")
            default:
                key = atom()
                guard !key.isEmpty else { throw error("expected a key or }") }
            }
            // JSONDecoder keeps one of two equal keys without a word: say so, rather than ignore what the other says.
            guard seen.insert(key).inserted else {
                var problem = keyStart
                problem.message = "the key '\(ConfigurationFile.shown(key))' appears twice in this object; keep one"
                throw problem
            }
            let keyPath = path + [key]
            if keyLines[keyPath.joined(separator: ".")] == nil { keyLines[keyPath.joined(separator: ".")] = keyLine }
            try skipTrivia()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key '\(ConfigurationFile.shown(key))'") }
            advance()
            try skipTrivia()
            try value(path: keyPath)
            try skipTrivia()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"): advance(); return
            case nil: throw error("the file ends inside an object; a } is missing")
            default: throw error("expected ',' or '}' after the value of '\(ConfigurationFile.shown(key))'")
            }
        }
    }

    private mutating func array(path: [String]) throws(SyntaxError) {
        advance()   // [
        var position = 0
        while true {
            try skipTrivia()
            if current == UInt8(ascii: "]") { advance(); return }
            try value(path: path + [String(position)])
            position += 1
            try skipTrivia()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"): advance(); return
            case nil: throw error("the file ends inside a list; a ] is missing")
            default: throw error("expected ',' or ']' in a list")
            }
        }
    }

    /// A quoted string (either quote), its escapes left as written: only key names are kept.
    private mutating func string() throws(SyntaxError) -> String {
        let quote = bytes[index]
        let start = error("a string is never closed")
        advance()
        var content: [UInt8] = []
        while let byte = current, byte != quote {
            if byte == UInt8(ascii: "\n") { throw start }
            if byte == UInt8(ascii: "\\") {
                advance()
                guard current != nil else { throw start }
            }
            content.append(bytes[index])
            advance()
        }
        guard current == quote else { throw start }
        advance()
        return String(decoding: content, as: UTF8.self)
    }

    /// An unquoted key or a literal: letters, digits and the characters numbers use.
    private mutating func atom() -> String {
        let start = index
        while let byte = current, byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) {
            advance()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
