import HIGLintCore

/// GitHub Actions workflow commands: `::warning file=…,line=…,col=…,title=…::message`, which annotate the pull
/// request's diff. Escaped as the Actions runner expects: `%`, CR and LF in the message; also `:` and `,` in
/// the properties. Other control characters (an escape sequence in a file name) are written as `%XX` and shown so.
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
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            // Shown as `%1B` once the runner has turned `%25` back into `%`; never an escape sequence in the log.
            case _ where TerminalText.isControl(scalar): result += TerminalText.escaped(String(scalar)).replacingOccurrences(of: "%", with: "%25")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
