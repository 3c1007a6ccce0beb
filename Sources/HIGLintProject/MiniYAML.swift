/// A reader for the part of YAML that XcodeGen specs use: block mappings and
/// sequences by indentation, plain and quoted scalars, flow `[a, b]` and
/// `{a: b}` of scalars, and `#` comments. Anchors, aliases, multi-line scalars
/// and tags are not understood; a document that needs them reads as `nil`.
enum MiniYAML {
    struct Line {
        var indent: Int
        var text: Substring
    }

    static func parse(_ text: String) -> Any? {
        var lines: [Line] = []
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let stripped = stripComment(raw)
            let content = stripped.drop { $0 == " " }
            guard !content.isEmpty, content != "---" else { continue }
            if content.hasPrefix("&") || content.hasPrefix("*") || content.hasPrefix("|") || content.hasPrefix(">") { return nil }
            lines.append(Line(indent: stripped.count - content.count, text: Substring(content.reversed().drop { $0 == " " }.reversed())))
        }
        var index = 0
        let value = block(&lines, &index, indent: lines.first?.indent ?? 0)
        return index == lines.count ? value : nil
    }

    private static func block(_ lines: inout [Line], _ index: inout Int, indent: Int) -> Any? {
        guard index < lines.count else { return nil }
        if lines[index].text.hasPrefix("- ") || lines[index].text == "-" {
            var items: [Any] = []
            while index < lines.count, lines[index].indent == indent, lines[index].text.hasPrefix("-") {
                let rest = lines[index].text.dropFirst().drop { $0 == " " }
                if rest.isEmpty {
                    index += 1
                    items.append(index < lines.count && lines[index].indent > indent ? block(&lines, &index, indent: lines[index].indent) ?? "" : "")
                } else if splitKey(rest) != nil, !rest.hasPrefix("{"), !rest.hasPrefix("\"") {
                    // `- key: value` opens a mapping whose further keys sit under the key.
                    let inner = indent + (lines[index].text.count - rest.count)
                    lines[index] = Line(indent: inner, text: rest)
                    items.append(block(&lines, &index, indent: inner) ?? "")
                } else {
                    items.append(scalar(rest))
                    index += 1
                }
            }
            return items
        }
        var mapping: [String: Any] = [:]
        while index < lines.count, lines[index].indent == indent {
            guard let (key, rest) = splitKey(lines[index].text) else { return nil }
            index += 1
            if rest.isEmpty {
                if index < lines.count, lines[index].indent > indent || (lines[index].indent == indent && lines[index].text.hasPrefix("-")) {
                    mapping[key] = block(&lines, &index, indent: lines[index].indent) ?? ""
                } else {
                    mapping[key] = ""
                }
            } else {
                mapping[key] = scalar(rest)
            }
        }
        return mapping
    }

    private static func splitKey(_ text: Substring) -> (String, Substring)? {
        var quote: Character?
        for position in text.indices {
            let character = text[position]
            if let open = quote { if character == open { quote = nil }; continue }
            if character == "\"" || character == "'" { quote = character; continue }
            // A flow collection can only open a key; inside one (`SETTING[sdk=macosx*]`) a bracket is a character.
            if character == "[" || character == "{", position == text.startIndex { return nil }
            if character == ":" {
                let next = text.index(after: position)
                guard next == text.endIndex || text[next] == " " else { continue }
                let key = unquote(text[..<position])
                return (key, text[next...].drop { $0 == " " })
            }
        }
        return nil
    }

    private static func scalar(_ text: Substring) -> Any {
        if text.hasPrefix("["), text.hasSuffix("]") {
            return text.dropFirst().dropLast().split(separator: ",").map { unquote($0) }.filter { !$0.isEmpty }
        }
        if text.hasPrefix("{"), text.hasSuffix("}") {
            var mapping: [String: Any] = [:]
            for pair in text.dropFirst().dropLast().split(separator: ",") {
                if let colon = pair.firstIndex(of: ":") { mapping[unquote(pair[..<colon])] = unquote(pair[pair.index(after: colon)...]) }
            }
            return mapping
        }
        return unquote(text)
    }

    private static func unquote(_ text: Substring) -> String {
        let trimmed = text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
        let value = String(trimmed)
        if value.count >= 2, let first = value.first, first == value.last, first == "\"" || first == "'" {
            return String(value.dropFirst().dropLast())
        }
        return value
    }

    private static func stripComment(_ line: Substring) -> Substring {
        var quote: Character?
        var previous: Character = " "
        for position in line.indices {
            let character = line[position]
            if let open = quote { if character == open { quote = nil } }
            else if character == "\"" || character == "'" { quote = character }
            else if character == "#", previous == " " { return line[..<position] }
            previous = character
        }
        return line
    }
}
