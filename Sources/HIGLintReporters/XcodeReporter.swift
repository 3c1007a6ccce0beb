import HIGLintCore

/// `path:line:column: warning: message [rule-id]`, the form Xcode and most editors read.
public struct XcodeReporter: Reporter {
    public static let name = "xcode"
    public init() {}

    public func report(_ result: LintResult) -> String {
        var text = ""
        write(result, context: ReportContext()) { text += $0 }
        return text
    }

    /// In pieces of about 64 KB, one line per finding.
    public func write(_ result: LintResult, context: ReportContext, to output: @escaping (String) -> Void) {
        var piece = ""
        for diagnostic in result.diagnostics {
            piece += "\(diagnostic.path):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]\n"
            if piece.utf8.count >= JSONWriter.pieceSize {
                output(piece)
                piece = ""
            }
        }
        if !piece.isEmpty { output(piece) }
    }
}
