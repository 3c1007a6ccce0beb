import Foundation
import HIGLintCore

/// One JSON array of findings. Other tools and HIGLint's own tests read it: the keys
/// `rule`, `section`, `severity`, `path`, `line`, `column`, `message` and `fix` are stable.
public struct JSONReporter: Reporter {
    public static let name = "json"
    public init() {}

    public func report(_ result: LintResult) -> String {
        var text = ""
        write(result, context: ReportContext()) { text += $0 }
        return text
    }

    /// Each entry is built when its turn comes and dropped once written.
    public func write(_ result: LintResult, context: ReportContext, to output: @escaping (String) -> Void) {
        let diagnostics = result.diagnostics
        JSONWriter.write(JSONWriter.Lazy(count: diagnostics.count) { Self.entry(diagnostics[$0]) }, to: output)
    }

    static func entry(_ diagnostic: Diagnostic) -> [String: Any] {
        var entry: [String: Any] = [
            "rule": diagnostic.rule, "section": diagnostic.section.rawValue, "severity": diagnostic.severity.rawValue,
            "path": diagnostic.path, "line": diagnostic.line, "column": diagnostic.column, "message": diagnostic.message,
        ]
        if let fix = diagnostic.fix {
            // Edits as UTF-8 byte ranges of the original file.
            entry["fix"] = ["title": fix.title,
                            "edits": fix.edits.map { ["start": $0.start, "end": $0.end, "replacement": $0.replacement] as [String: Any] }]
        }
        return entry
    }
}
