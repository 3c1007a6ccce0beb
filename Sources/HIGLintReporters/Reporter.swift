import Foundation
import HIGLintCore

/// What a report may need besides the findings: the rules' metadata and where relative paths start.
public struct ReportContext: Sendable {
    /// Every rule HIGLint knows, in catalog order (SARIF lists them with their help).
    public var rules: [RuleDescription]
    /// The folder paths are reported relative to (SARIF's `%SRCROOT%`): the current folder.
    public var rootDirectory: String
    public var toolVersion: String
    /// Findings `--baseline` left out of the result, which summaries count so nothing disappears silently.
    public var baselined: Int

    public init(rules: [RuleDescription] = [], rootDirectory: String = FileManager.default.currentDirectoryPath,
                toolVersion: String = "0.0.0", baselined: Int = 0) {
        self.rules = rules
        self.rootDirectory = rootDirectory
        self.toolVersion = toolVersion
        self.baselined = baselined
    }

    /// `path` relative to the root when it lies inside it.
    public func relativePath(_ path: String) -> String? {
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: rootDirectory, isDirectory: true))
            .standardizedFileURL.path
        let root = URL(fileURLWithPath: rootDirectory).standardizedFileURL.path
        if root == "/" { return String(absolute.dropFirst()) }
        return absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : nil
    }
}

/// Turns a lint result into the text of one output format.
public protocol Reporter: Sendable {
    /// The name used with `--format`.
    static var name: String { get }
    init()
    func report(_ result: LintResult) -> String
    func report(_ result: LintResult, context: ReportContext) -> String
    /// Hands the report to `output` in pieces, in order: formats whose reports grow large (JSON, SARIF) never hold
    /// the whole document, so a run's peak memory does not grow with the report's size.
    func write(_ result: LintResult, context: ReportContext, to output: @escaping (String) -> Void)
}

extension Reporter {
    /// Formats that need no context ignore it.
    public func report(_ result: LintResult, context: ReportContext) -> String { report(result) }

    /// By default, the report in one piece.
    public func write(_ result: LintResult, context: ReportContext, to output: @escaping (String) -> Void) {
        output(report(result, context: context))
    }
}

/// Every output format, by `--format` name.
public let allReporters: [any Reporter.Type] = [
    XcodeReporter.self, JSONReporter.self, SARIFReporter.self, GitHubReporter.self, CheckstyleReporter.self,
    JUnitReporter.self, MarkdownReporter.self, HTMLReporter.self, SummaryReporter.self,
]

public func reporter(named name: String) -> (any Reporter)? {
    allReporters.first { $0.name == name }.map { $0.init() }
}

/// Text escaped for XML attribute values and character data.
func xmlEscaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&apos;"
        case "\n": result += "&#10;"
        case "\r": result += "&#13;"
        case "\t": result += "&#9;"
        // Characters XML 1.0 cannot carry at all are dropped rather than making the document unreadable.
        case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}
