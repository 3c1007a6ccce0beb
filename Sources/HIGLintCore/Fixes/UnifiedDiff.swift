/// A unified diff (`diff -u`) between two texts, for `higlint fix --dry-run`.
///
/// Lines keep their own line breaks, so a CRLF file's diff carries its `\r\n`
/// and applies with `patch -p0` or `git apply`; a last line without a line break
/// is marked `\ No newline at end of file` as `diff` does. As for `patch`, only
/// `\n` ends a line: a file with lone `\r` line endings is one line to it. A path
/// with spaces, tabs, quotes or backslashes is written quoted, C-style, as `git diff`
/// does and `patch` reads.
public enum UnifiedDiff {
    /// The diff of `old` to `new` under `--- path` / `+++ path` headers, or `""` when they are equal.
    ///
    /// `linesBefore` is the number of lines of the file above `old` and `new`, when they are an excerpt of it: the
    /// hunks' line numbers are then the file's.
    public static func diff(old: String, new: String, path: String, context: Int = 3, linesBefore: Int = 0) -> String {
        guard old != new else { return "" }
        let a = lines(old), b = lines(new)
        let operations = script(a, b)
        var output = "--- \(quoted(path))\n+++ \(quoted(path))\n"
        for hunk in hunks(operations, context: context) {
            output += header(hunk, operations: operations, linesBefore: linesBefore)
            for operation in operations[hunk] {
                switch operation {
                case .same(let i, _): output += line(" ", a[i])
                case .delete(let i): output += line("-", a[i])
                case .insert(let j): output += line("+", b[j])
                }
            }
        }
        return output
    }

    enum Operation: Equatable {
        case same(Int, Int)
        case delete(Int)
        case insert(Int)
    }

    /// `path`, in double quotes with C escapes when it holds a character that would end or change it in a header.
    static func quoted(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { " \t\n\r\"\\".unicodeScalars.contains($0) || TerminalText.isControl($0) }) else { return path }
        var result = "\""
        for character in path {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            // Other control characters as octal bytes, as `git diff` writes them and `patch` reads them.
            case _ where character.unicodeScalars.contains(where: TerminalText.isControl):
                for byte in character.utf8 {
                    let octal = String(byte, radix: 8)
                    result += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                }
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// Lines with their terminators (`\n` or `\r\n`; a lone `\r` is no line break to `patch`).
    static func lines(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        // Characters: "\r\n" is one grapheme, so each line break is one element.
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == "\n" || character == "\r\n" {
                result.append(text[start..<index])
                start = index
            }
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }

    private static func line(_ prefix: String, _ text: Substring) -> String {
        if text.last == "\n" || text.last == "\r\n" { return prefix + text }
        return prefix + text + "\n\\ No newline at end of file\n"
    }

    /// The edit script: the common head and tail, and a longest common subsequence of what lies between.
    static func script(_ a: [Substring], _ b: [Substring]) -> [Operation] {
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        var operations = (0..<head).map { Operation.same($0, $0) }
        let middleA = Array(a[head..<(a.count - tail)]), middleB = Array(b[head..<(b.count - tail)])
        let n = middleA.count, m = middleB.count
        if n * m <= 4_000_000 {
            // lengths[i][j]: the longest common subsequence of middleA[i...] and middleB[j...].
            var lengths = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lengths[i][j] = middleA[i] == middleB[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n, j < m, middleA[i] == middleB[j] {
                    operations.append(.same(head + i, head + j)); i += 1; j += 1
                } else if j == m || (i < n && lengths[i + 1][j] >= lengths[i][j + 1]) {
                    // Deletions before insertions within a change, as `diff` prints them.
                    operations.append(.delete(head + i)); i += 1
                } else {
                    operations.append(.insert(head + j)); j += 1
                }
            }
        } else {
            // Too large to align line by line: one change replacing the whole middle.
            operations += (0..<n).map { .delete(head + $0) } + (0..<m).map { .insert(head + $0) }
        }
        operations += (0..<tail).map { .same(a.count - tail + $0, b.count - tail + $0) }
        return operations
    }

    /// Ranges of the script to print: each change with up to `context` unchanged lines around it, close ones merged.
    static func hunks(_ operations: [Operation], context: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for (index, operation) in operations.enumerated() {
            if case .same = operation { continue }
            let lower = max(0, index - context), upper = min(operations.count, index + context + 1)
            if let last = ranges.last, lower <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, upper)
            } else {
                ranges.append(lower..<upper)
            }
        }
        return ranges
    }

    private static func header(_ hunk: Range<Int>, operations: [Operation], linesBefore: Int) -> String {
        var oldStart = linesBefore, newStart = linesBefore
        // Lines of each side before the hunk.
        for operation in operations[..<hunk.lowerBound] {
            switch operation {
            case .same: oldStart += 1; newStart += 1
            case .delete: oldStart += 1
            case .insert: newStart += 1
            }
        }
        var oldCount = 0, newCount = 0
        for operation in operations[hunk] {
            switch operation {
            case .same: oldCount += 1; newCount += 1
            case .delete: oldCount += 1
            case .insert: newCount += 1
            }
        }
        func range(_ start: Int, _ count: Int) -> String {
            // `diff` names an empty side by the line before it, and omits a count of one.
            count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
        }
        return "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
    }
}
