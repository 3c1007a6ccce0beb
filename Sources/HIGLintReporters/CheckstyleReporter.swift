import HIGLintCore

/// Checkstyle XML, which Jenkins (Warnings Next Generation), Danger and many review tools read: one `<file>` per
/// file with an `<error>` per finding; notes have severity `info`.
public struct CheckstyleReporter: Reporter {
    public static let name = "checkstyle"
    public init() {}

    public func report(_ result: LintResult) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var byFile: [String: [String]] = [:]
        var order: [String] = []
        func add(_ path: String, _ element: String) {
            if byFile[path] == nil { order.append(path) }
            byFile[path, default: []].append(element)
        }
        for diagnostic in result.diagnostics {
            let severity = diagnostic.severity == .note ? "info" : diagnostic.severity.rawValue
            add(diagnostic.path, "<error line=\"\(diagnostic.line)\" column=\"\(diagnostic.column)\" severity=\"\(severity)\" "
                + "message=\"\(xmlEscaped(diagnostic.message))\" source=\"higlint.\(xmlEscaped(diagnostic.rule))\"/>")
        }
        for error in result.errors {
            add(error.path, "<error severity=\"error\" message=\"\(xmlEscaped(error.reason))\" source=\"higlint\"/>")
        }
        for path in order {
            text += "  <file name=\"\(xmlEscaped(path))\">\n"
            for element in byFile[path]! { text += "    \(element)\n" }
            text += "  </file>\n"
        }
        return text + "</checkstyle>\n"
    }
}
