import HIGLintCore

/// Turns a lint result into the text of one output format.
public protocol Reporter {
    /// The name used with `--format`.
    static var name: String { get }
    init()
    func report(_ result: LintResult) -> String
}

/// Every output format, by `--format` name.
public let allReporters: [any Reporter.Type] = [XcodeReporter.self, JSONReporter.self]

public func reporter(named name: String) -> (any Reporter)? {
    allReporters.first { $0.name == name }.map { $0.init() }
}
