import HIGLintCore

/// GitHub Actions workflow commands: `::warning file=…,line=…,col=…,title=…::message`, which annotate the pull
/// request's diff. Escaped as the Actions runner expects: `%`, CR and LF in the message; also `:` and `,` in
/// the properties.
public struct GitHubReporter: Reporter {
    public static let name = "github"
    public init() {}

    public func report(_ result: LintResult) -> String {
        var text = ""
        for diagnostic in result.diagnostics {
            let command = switch diagnostic.severity {
            case .note: "notice"
            case .warning: "warning"
            case .error: "error"
            }
            let properties = ["file=\(Self.property(diagnostic.path))", "line=\(diagnostic.line)", "col=\(diagnostic.column)",
                              "title=\(Self.property("HIGLint " + diagnostic.rule))"]
            text += "::\(command) \(properties.joined(separator: ","))::\(Self.data(diagnostic.message))\n"
        }
        for error in result.errors {
            text += "::error file=\(Self.property(error.path)),title=\(Self.property("HIGLint"))::\(Self.data(error.reason))\n"
        }
        return text
    }

    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
