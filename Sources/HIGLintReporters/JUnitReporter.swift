import HIGLintCore

/// JUnit XML, which GitLab (`artifacts:reports:junit`) and Jenkins show as test results: one test case per finding,
/// grouped by file in `classname`. Warnings and errors are failures; notes pass with their text in `system-out`;
/// files that could not be checked are errors.
public struct JUnitReporter: Reporter {
    public static let name = "junit"
    public init() {}

    public func report(_ result: LintResult) -> String {
        var cases = ""
        var failures = 0
        for diagnostic in result.diagnostics {
            let location = "\(diagnostic.path):\(diagnostic.line):\(diagnostic.column)"
            let detail = xmlEscaped("\(location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]")
            cases += "    <testcase classname=\"\(xmlEscaped(diagnostic.path))\" name=\"\(xmlEscaped("\(diagnostic.rule) at \(location)"))\" "
                + "file=\"\(xmlEscaped(diagnostic.path))\" line=\"\(diagnostic.line)\">\n"
            if diagnostic.severity >= .warning {
                failures += 1
                cases += "      <failure type=\"\(diagnostic.severity.rawValue)\" message=\"\(xmlEscaped(diagnostic.message))\">\(detail)</failure>\n"
            } else {
                cases += "      <system-out>\(detail)</system-out>\n"
            }
            cases += "    </testcase>\n"
        }
        for error in result.errors {
            cases += "    <testcase classname=\"\(xmlEscaped(error.path))\" name=\"\(xmlEscaped("check \(error.path)"))\" file=\"\(xmlEscaped(error.path))\">\n"
                + "      <error type=\"file\" message=\"\(xmlEscaped(error.reason))\">\(xmlEscaped(error.description))</error>\n    </testcase>\n"
        }
        let tests = result.diagnostics.count + result.errors.count
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(result.errors.count)\""
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"HIGLint\" \(counts)>\n"
            + "  <testsuite name=\"HIGLint\" \(counts) skipped=\"0\">\n\(cases)  </testsuite>\n</testsuites>\n"
    }
}
