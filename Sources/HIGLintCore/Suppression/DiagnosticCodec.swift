import Foundation

/// Findings as the result cache stores them: every string length-prefixed, every number in decimal, so any text
/// (a fix's replacement with line breaks, a line holding control characters) goes through unescaped, and reading
/// them back is one pass over the bytes. A warm run reads back every finding of a project; Foundation's JSON
/// decoder took longer than the rest of such a run's work on each file.
///
/// Layout: `<count>;` then per finding the fields `rule section severity path line column offset message`,
/// `lineText` (`-` when absent, `=` when it is the previous finding's: a long line with many findings is stored
/// once, not once per finding) and the fix (`-`, or its title, `<edit count>;` and per edit `start end replacement`).
/// A string is `<byte length>:<bytes>`, a number `<digits>;`. When suppression comments silenced findings of the
/// file, `s<count>;` follows the last finding.
enum DiagnosticCodec {
    static func encode(_ diagnostics: [Diagnostic], suppressed: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        func number(_ value: Int) { out += Array("\(value);".utf8) }
        func text(_ value: String) {
            let bytes = Array(value.utf8)
            out += Array("\(bytes.count):".utf8)
            out += bytes
        }
        func optional(_ value: String?) {
            if let value { text(value) } else { out.append(UInt8(ascii: "-")) }
        }
        number(diagnostics.count)
        var previousLine: String?
        for diagnostic in diagnostics {
            text(diagnostic.rule)
            text(diagnostic.section.rawValue)
            text(diagnostic.severity.rawValue)
            text(diagnostic.path)
            number(diagnostic.line)
            number(diagnostic.column)
            number(diagnostic.offset)
            text(diagnostic.message)
            // Findings of one line share its text (`LineTexts`), so this comparison is usually of one buffer with itself.
            if let line = diagnostic.lineText, line == previousLine {
                out.append(UInt8(ascii: "="))
            } else {
                optional(diagnostic.lineText)
            }
            previousLine = diagnostic.lineText
            if let fix = diagnostic.fix {
                text(fix.title)
                number(fix.edits.count)
                for edit in fix.edits {
                    number(edit.start)
                    number(edit.end)
                    text(edit.replacement)
                }
            } else {
                out.append(UInt8(ascii: "-"))
            }
        }
        if suppressed > 0 {
            out.append(UInt8(ascii: "s"))
            number(suppressed)
        }
        return out
    }

    /// The findings in `bytes`, or `nil` when they are not exactly what `encode` writes.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> [Diagnostic]? {
        decodeFindings(bytes)?.diagnostics
    }

    /// The findings in `bytes` and the count of suppressed ones, or `nil` when they are not exactly what `encode` writes.
    static func decodeFindings(_ bytes: UnsafeRawBufferPointer) -> FileFindings? {
        var reader = Reader(bytes: bytes)
        guard let count = reader.number(), count <= bytes.count else { return nil }
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(count)
        for _ in 0..<count {
            guard let rule = reader.text(), let section = reader.text().flatMap(RuleSection.init(rawValue:)),
                  let severity = reader.text().flatMap(Severity.init(rawValue:)), let path = reader.text(),
                  let line = reader.number(), let column = reader.number(), let offset = reader.number(),
                  let message = reader.text()
            else { return nil }
            let lineText: String?
            if reader.skip(UInt8(ascii: "=")) {
                guard let previous = diagnostics.last?.lineText else { return nil }
                lineText = previous
            } else {
                guard let text = reader.optionalText() else { return nil }
                lineText = text
            }
            var fix: Fix?
            if !reader.skipAbsent() {
                guard let title = reader.text(), let editCount = reader.number(), editCount <= bytes.count else { return nil }
                var edits: [TextEdit] = []
                for _ in 0..<editCount {
                    guard let start = reader.number(), let end = reader.number(), let replacement = reader.text() else { return nil }
                    edits.append(TextEdit(start: start, end: end, replacement: replacement))
                }
                fix = Fix(title: title, edits: edits)
            }
            diagnostics.append(Diagnostic(rule: rule, section: section, severity: severity, path: path, line: line,
                                          column: column, offset: offset, message: message, fix: fix, lineText: lineText))
        }
        var suppressed = 0
        if reader.skip(UInt8(ascii: "s")) {
            guard let count = reader.number(), count > 0 else { return nil }
            suppressed = count
        }
        return reader.isAtEnd ? FileFindings(diagnostics: diagnostics, suppressed: suppressed) : nil
    }

    /// The findings of a cache entry, when every one of them could have come from a run (see `isPlausible`). An
    /// index's checksum only catches accidents: a crafted or damaged entry must be a miss, never a crash in a
    /// reporter nor a finding of a rule this build does not have.
    static func decodeChecked(_ bytes: UnsafeRawBufferPointer, knownRules: Set<String>?) -> [Diagnostic]? {
        decodeFindingsChecked(bytes, knownRules: knownRules)?.diagnostics
    }

    /// `decodeFindings`, when every finding could have come from a run.
    static func decodeFindingsChecked(_ bytes: UnsafeRawBufferPointer, knownRules: Set<String>?) -> FileFindings? {
        guard let findings = decodeFindings(bytes),
              findings.diagnostics.allSatisfy({ isPlausible($0, knownRules: knownRules) }) else { return nil }
        return findings
    }

    /// Whether a finding could have come from a run: a rule of this build (when `knownRules` is given), a line and
    /// column from 1 with the column inside its line, and edits whose ranges are in order.
    static func isPlausible(_ diagnostic: Diagnostic, knownRules: Set<String>?) -> Bool {
        if let knownRules, !knownRules.contains(diagnostic.rule) { return false }
        guard diagnostic.line >= 1, diagnostic.column >= 1, diagnostic.offset >= 0 else { return false }
        // Bytes, not characters: counting a 2 MB line's characters for each of its thousands of findings is quadratic,
        // and a column past the line's end is harmless to every reader (SARIF stops at the end).
        if let line = diagnostic.lineText, diagnostic.column > line.utf8.count + 1 { return false }
        return diagnostic.fix?.edits.allSatisfy { 0 <= $0.start && $0.start <= $0.end } ?? true
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        /// Digits up to `terminator`; `nil` for anything else, or more digits than an `Int` holds.
        mutating func digits(until terminator: UInt8) -> Int? {
            var value = 0
            let start = index
            while index < bytes.count, bytes[index] != terminator {
                let digit = Int(bytes[index]) - 0x30
                guard (0...9).contains(digit), index - start < 18 else { return nil }
                value = value * 10 + digit
                index += 1
            }
            guard index < bytes.count, index > start else { return nil }
            index += 1
            return value
        }

        mutating func number() -> Int? { digits(until: UInt8(ascii: ";")) }

        mutating func text() -> String? {
            guard let length = digits(until: UInt8(ascii: ":")), length <= bytes.count - index else { return nil }
            defer { index += length }
            return String(validating: UnsafeRawBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self)
        }

        /// `-` for a value that is absent: consumed, and true.
        mutating func skipAbsent() -> Bool { skip(UInt8(ascii: "-")) }

        /// Whether the next byte is `byte`, consumed if so.
        mutating func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func optionalText() -> String?? {
            if skipAbsent() { return .some(nil) }
            return text().map { .some($0) }
        }
    }
}
