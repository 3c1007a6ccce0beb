import HIGLintCore

/// `path:line:column: warning: message [rule-id]`, the form Xcode and most editors read. Control characters in a
/// path or message are escaped (`TerminalText`), so each finding is one line that cannot recolour the terminal.
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
            piece += "\(TerminalText.escaped(diagnostic.path)):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): "
                + "\(TerminalText.escaped(diagnostic.message)) [\(TerminalText.escaped(diagnostic.rule))]\n"
            if piece.utf8.count >= JSONWriter.pieceSize {
                output(piece)
                piece = ""
            }
        }
        if !piece.isEmpty { output(piece) }
    }
}
