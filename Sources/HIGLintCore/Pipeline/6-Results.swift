import Foundation

/// The result of linting a set of paths.
public struct LintResult: Sendable {
    public var diagnostics: [Diagnostic]
    /// Files that could not be checked, and why.
    public var errors: [FileError]
    public var filesChecked: Int
    /// Mistakes in configuration files; when there are any, no file was checked.
    public var configurationErrors: [ConfigurationError]
    /// Files not checked because they do not ship (tests, previews, screenshot targets, built by no target).
    public var passedOver = PassedOver()
    /// Project files that could not be read, or only in part; the run went on with folder conventions.
    public var projectWarnings: [String] = []
    /// Findings that `// higlint:disable` comments silenced: not in `diagnostics`, but counted so reports can say so.
    public var suppressed: Int

    public init(diagnostics: [Diagnostic], errors: [FileError], filesChecked: Int, configurationErrors: [ConfigurationError] = [],
                suppressed: Int = 0) {
        self.diagnostics = diagnostics
        self.errors = errors
        self.filesChecked = filesChecked
        self.configurationErrors = configurationErrors
        self.suppressed = suppressed
    }

    /// Phase 6: the outcomes of the check, one per file (`nil` for a file the check never reached), with the
    /// errors of collecting files, in report order.
    static func collect(_ outcomes: [Result<FileFindings, FileError>?], errors collectionErrors: [FileError]) -> LintResult {
        var diagnostics: [Diagnostic] = []
        var errors = collectionErrors
        var checked = 0
        var suppressed = 0
        for outcome in outcomes {
            switch outcome {
            case .success(let found):
                diagnostics += found.diagnostics
                suppressed += found.suppressed
                checked += 1
            case .failure(let error): errors.append(error)
            case nil: break
            }
        }
        diagnostics.sort(by: Diagnostic.reportOrder)
        errors.sort { $0.path < $1.path }
        return LintResult(diagnostics: diagnostics, errors: errors, filesChecked: checked, suppressed: suppressed)
    }
}

/// One file's findings, and how many `// higlint:` comments silenced (which the result counts but does not report).
struct FileFindings: Equatable, Sendable {
    var diagnostics: [Diagnostic]
    var suppressed = 0
}
