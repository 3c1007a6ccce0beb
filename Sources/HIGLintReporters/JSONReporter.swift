import Foundation
import HIGLintCore

/// One JSON array of findings. Other tools and HIGLint's own tests read it: the keys
/// `rule`, `section`, `severity`, `path`, `line`, `column`, `message` and `fix` are stable.
public struct JSONReporter: Reporter {
    public static let name = "json"
    public init() {}

    struct Entry: Encodable {
        var rule: String
        var section: String
        var severity: String
        var path: String
        var line: Int
        var column: Int
        var message: String
        var fix: FixEntry?
    }

    struct FixEntry: Encodable {
        var title: String
        /// Edits as UTF-8 byte ranges of the original file.
        var edits: [TextEdit]
    }

    public func report(_ result: LintResult) -> String {
        let entries = result.diagnostics.map {
            Entry(rule: $0.rule, section: $0.section.rawValue, severity: $0.severity.rawValue, path: $0.path, line: $0.line,
                  column: $0.column, message: $0.message, fix: $0.fix.map { FixEntry(title: $0.title, edits: $0.edits) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(entries) else { return "[]\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
