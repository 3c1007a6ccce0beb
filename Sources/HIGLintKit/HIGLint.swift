// Imported `internal`ly: no public declaration of this module mentions their types. With the toolchain's SwiftSyntax
// this module is built for library evolution (Package.swift), where importers do not load these modules at all:
// they could not, lacking HIGLint's `-I` flag for SwiftSyntax.
internal import HIGLintCore
internal import HIGLintRules

/// HIGLint as a library: lint Swift source text or files and folders, get findings.
///
/// The whole public surface is this type and its values, which hold only standard library types, and the modules
/// behind it are imported `internal`ly: a package that imports `HIGLintKit` compiles against it alone, never
/// against SwiftSyntax, wherever HIGLint's SwiftSyntax comes from (see README, "As a library").
///
/// ```swift
/// import HIGLintKit
///
/// for finding in HIGLint.lint(source: #"Text(order.title).font(.system(size: 17))"#, path: "Receipt.swift") {
///     print(finding)   // Receipt.swift:1:24: warning: This font has a fixed size … [fixed-font-size]
/// }
/// ```
public enum HIGLint {
    /// One finding, with its position as a person reads it.
    public struct Finding: Hashable, Sendable, CustomStringConvertible {
        /// The rule's id: `fixed-font-size`.
        public var rule: String
        /// `error`, `warning` or `note`.
        public var severity: String
        public var path: String
        /// 1-based line.
        public var line: Int
        /// 1-based column, in characters.
        public var column: Int
        public var message: String
        /// What the rule's safe fix does, when it has one (`higlint fix` applies it).
        public var fixTitle: String?

        /// The line compilers and Xcode print: `path:line:column: severity: message [rule]`.
        public var description: String { "\(path):\(line):\(column): \(severity): \(message) [\(rule)]" }
    }

    /// What `lint(paths:)` found, and what it could not check.
    public struct Report: Sendable {
        public var findings: [Finding]
        /// Mistakes in configuration files (then nothing was checked) and files that could not be checked, each as
        /// `path[:line]: error: reason`.
        public var errors: [String]
        public var filesChecked: Int
    }

    /// A rule: its id, severity and what it finds.
    public struct RuleSummary: Hashable, Sendable {
        public var id: String
        public var severity: String
        public var summary: String
    }

    /// Every rule HIGLint has, in catalog order.
    public static var rules: [RuleSummary] {
        allRules.map { RuleSummary(id: $0.description.id, severity: $0.description.defaultSeverity.rawValue, summary: $0.description.summary) }
    }

    /// Lints Swift source text as the file at `path`, with every rule (or only `only`) and their default settings;
    /// no configuration file is read. Text over 2,000,000 UTF-8 bytes (the default `maxFileSize`) is not parsed
    /// and has no findings: SwiftSyntax's tree of it alone would take 45 to 165 times its size.
    public static func lint(source: String, path: String = "<stdin>", only: Set<String>? = nil) -> [Finding] {
        var configuration = Configuration()
        configuration.onlyRules = only
        return LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: source, path: path).map(Finding.init)
    }

    /// Lints the Swift files and asset catalogs under `paths` as `higlint PATH…` does, each file with the
    /// `.higlint.json` files above it (a file larger than their `maxFileSize`, by default 2,000,000 bytes, is
    /// passed over unread: neither checked nor an error).
    public static func lint(paths: [String]) -> Report {
        let result: LintResult
        do throws(ConfigurationError) {
            let resolver = try ConfigurationResolver(rules: allRules.map { $0.description })
            result = LintEngine(ruleTypes: allRules, source: resolver).lint(paths: paths)
        } catch {
            return Report(findings: [], errors: [error.description], filesChecked: 0)
        }
        return Report(findings: result.diagnostics.map(Finding.init),
                      errors: result.configurationErrors.map(\.description) + result.errors.map(\.description),
                      filesChecked: result.filesChecked)
    }
}

extension HIGLint.Finding {
    init(_ diagnostic: Diagnostic) {
        self.init(rule: diagnostic.rule, severity: diagnostic.severity.rawValue, path: diagnostic.path, line: diagnostic.line,
                  column: diagnostic.column, message: diagnostic.message, fixTitle: diagnostic.fix?.title)
    }
}
