import HIGLintCore

/// `path:line:column: warning: message [rule-id]`, the form Xcode and most editors read.
public struct XcodeReporter: Reporter {
    public static let name = "xcode"
    public init() {}

    public func report(_ result: LintResult) -> String {
        result.diagnostics.map { diagnostic in
            "\(diagnostic.path):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]\n"
        }.joined()
    }
}
