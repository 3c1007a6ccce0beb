import Foundation
import HIGLintCore
@testable import HIGLintReporters
import HIGLintRules
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One real run, through the real rules, that every format reports: a multibyte line, a fix, a note, a file
/// error, and a path with characters each format must escape.
let formatRun: (result: LintResult, context: ReportContext) = {
    let source = """
        struct Receipt: View {
            var body: some View {
                VStack {
                    Text("Größe 🇩🇪").font(.system(size: 13))
                    Text(order.trackingNumber)
                    Text(order.trackingNumber)
                }
            }
        }
        """
    var configuration = Configuration()
    configuration.rules["copyable-text-not-selectable"] = RuleSettings(severity: .note)
    let engine = LintEngine(ruleTypes: allRules, configuration: configuration)
    var diagnostics = engine.lint(source: source, path: "/work/app/Sources/My App/Receipt, 50%: <final>.swift")
    diagnostics += engine.lint(source: source, path: "/elsewhere/Other.swift")
    let result = LintResult(diagnostics: diagnostics, errors: [FileError(path: "/work/app/Bad.swift", reason: "not valid UTF-8")],
                            filesChecked: 2)
    return (result, ReportContext(rules: allRules.map { $0.description }, rootDirectory: "/work/app", toolVersion: "1.2.3"))
}()

func report(_ format: String) -> String {
    reporter(named: format)!.report(formatRun.result, context: formatRun.context)
}

/// Runs a program and returns its status and combined output.
func run(_ executable: String, _ arguments: [String], input: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    let inputPipe = Pipe(), outputPipe = Pipe()
    process.standardInput = inputPipe
    process.standardOutput = outputPipe
    process.standardError = outputPipe
    try process.run()
    inputPipe.fileHandleForWriting.write(Data(input.utf8))
    try inputPipe.fileHandleForWriting.close()
    let output = outputPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

/// The repository's copy of the official SARIF 2.1.0 schema, found from this file's location or the shared folder.
let sarifSchemaPath: String? = {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let candidates: [String?] = [ProcessInfo.processInfo.environment["HIGLINT_SARIF_SCHEMA"],
                      repository.deletingLastPathComponent().appendingPathComponent("shared/schemas/sarif-schema-2.1.0.json").path,
                      "/work/shared/schemas/sarif-schema-2.1.0.json"]
    return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0) }
}()

let validatorScript = """
    import json, sys
    try:
        import jsonschema
    except ImportError:
        print("HIGLINT-NO-VALIDATOR: Python's jsonschema is not installed; run `python3 -m pip install jsonschema` (.ci/run does)")
        sys.exit(3)
    schema = json.load(open(sys.argv[1]))
    document = json.load(sys.stdin)
    validator = jsonschema.validators.validator_for(schema)(schema)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    for error in errors:
        print("/".join(map(str, error.absolute_path)) + ": " + error.message)
    sys.exit(1 if errors else 0)
    """

/// Whether the schema validation must run: always in CI (`.ci/run` installs the validator, and a green CI run
/// must mean the output was validated), elsewhere when the schema and Python's jsonschema are at hand, so that
/// `swift test` passes on a machine with only the Swift toolchain.
let sarifValidationRuns: Bool = {
    if ProcessInfo.processInfo.environment["CI"] != nil { return true }
    guard sarifSchemaPath != nil else { return false }
    return (try? run("python3", ["-c", "import jsonschema"], input: ""))?.status == 0
}()

@Suite("Output formats")
struct FormatTests {
    @Test("sarif validates against the official SARIF 2.1.0 schema with a real validator",
          .enabled(if: sarifValidationRuns, "needs ../shared/schemas and Python's jsonschema (`python3 -m pip install jsonschema`); CI always runs it"))
    func sarifSchema() throws {
        // In CI this is never skipped: a missing validator or schema fails here, loudly.
        let schema = try #require(sarifSchemaPath, "the SARIF schema is missing; set HIGLINT_SARIF_SCHEMA to sarif-schema-2.1.0.json")
        let validation = try run("python3", ["-c", validatorScript, schema], input: report("sarif"))
        #expect(validation.status == 0, "\(validation.output)")
        // The validator must also reject an invalid document, or a pass means nothing.
        let broken = try run("python3", ["-c", validatorScript, schema], input: #"{"version": "2.1.0", "runs": [{"results": []}]}"#)
        #expect(broken.status == 1, "\(broken.output)")
    }

    @Test("sarif has rule metadata, regions, fingerprints, fixes and %SRCROOT%-relative URIs")
    func sarifContent() throws {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(report("sarif").utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = runs[0]
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == allRules.map { $0.description.id })
        let fixed = try #require(rules.first { $0["id"] as? String == "fixed-font-size" })
        #expect(fixed["name"] as? String == "FixedFontSize")
        #expect((fixed["helpUri"] as? String)?.hasPrefix("https://developer.apple.com/design/human-interface-guidelines/") == true)
        #expect(((fixed["help"] as? [String: Any])?["text"] as? String)?.contains("Dynamic Type") == true)
        #expect((fixed["defaultConfiguration"] as? [String: Any])?["level"] as? String == "warning")
        #expect(((run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])?["uri"] as? String == "file:///work/app/")

        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 6)
        let first = results[0]
        let physical = try #require(((first["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        let artifact = try #require(physical["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "Sources/My%20App/Receipt,%2050%25%3A%20%3Cfinal%3E.swift")
        #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        let region = try #require(physical["region"] as? [String: Any])
        // "Größe 🇩🇪" puts the flag (two code points, one character) before the font: columns count code points.
        #expect(region["startLine"] as? Int == 4 && region["startColumn"] as? Int == 35)
        #expect(first["ruleIndex"] as? Int == allRules.firstIndex { $0.description.id == "fixed-font-size" })
        let fix = try #require((first["fixes"] as? [[String: Any]])?.first)
        #expect(((fix["artifactChanges"] as? [[String: Any]])?.first?["replacements"] as? [[String: Any]])?.isEmpty == false)
        // Same line text twice: distinct fingerprints thanks to the occurrence index.
        let prints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["higlint/v1"] }
        #expect(prints.count == 6 && Set(prints).count == 6)
        let outside = try #require(results.last?["locations"] as? [[String: Any]])
        #expect(((outside[0]["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String == "file:///elsewhere/Other.swift")
    }

    @Test("github prints workflow commands, escaped as the runner expects")
    func github() {
        let lines = report("github").split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines[0] == "::warning file=/work/app/Sources/My App/Receipt%2C 50%25%3A <final>.swift,line=4,col=34,title=HIGLint fixed-font-size::This font has a fixed size that ignores Dynamic Type; use a text style such as `.body`, or give a custom font `relativeTo:` a style.")
        #expect(lines[1].hasPrefix("::notice file="))
        #expect(lines[6] == "::error file=/work/app/Bad.swift,title=HIGLint::not valid UTF-8")
        #expect(GitHubReporter.data("50%\r\nnext") == "50%25%0D%0Anext")
        #expect(GitHubReporter.property("a:b,c") == "a%3Ab%2Cc")
    }

    #if canImport(FoundationXML) || os(macOS)
    @Test("checkstyle is well-formed XML in the shape Jenkins reads")
    func checkstyle() throws {
        let document = try XMLDocument(xmlString: report("checkstyle"))
        let root = try #require(document.rootElement())
        #expect(root.name == "checkstyle")
        let files = root.elements(forName: "file")
        #expect(files.map { $0.attribute(forName: "name")?.stringValue } == [
            "/work/app/Sources/My App/Receipt, 50%: <final>.swift", "/elsewhere/Other.swift", "/work/app/Bad.swift"])
        let errors = files[0].elements(forName: "error")
        #expect(errors.count == 3)
        #expect(errors[0].attribute(forName: "severity")?.stringValue == "warning")
        #expect(errors[0].attribute(forName: "line")?.stringValue == "4")
        #expect(errors[0].attribute(forName: "source")?.stringValue == "higlint.fixed-font-size")
        #expect(errors[1].attribute(forName: "severity")?.stringValue == "info")
    }

    @Test("junit is well-formed XML in the shape GitLab reads")
    func junit() throws {
        let document = try XMLDocument(xmlString: report("junit"))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "7")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        let cases = try #require(root.elements(forName: "testsuite").first).elements(forName: "testcase")
        #expect(cases.count == 7)
        #expect(cases[0].attribute(forName: "classname")?.stringValue == "/work/app/Sources/My App/Receipt, 50%: <final>.swift")
        #expect(cases[0].elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "warning")
        #expect(cases[1].elements(forName: "failure").isEmpty && !cases[1].elements(forName: "system-out").isEmpty)
        #expect(cases[6].elements(forName: "error").count == 1)
    }
    #endif

    @Test("markdown has a summary table by section and rule, then the findings")
    func markdown() {
        let text = report("markdown")
        #expect(text.contains("6 findings in 2 files checked: 0 errors, 2 warnings, 4 notes."))
        #expect(text.contains("| Section | Rule | Errors | Warnings | Notes |"))
        #expect(text.contains("| Text | [`fixed-font-size`](https://developer.apple.com/design/human-interface-guidelines/typography) | 0 | 2 | 0 |"))
        #expect(text.contains("| Text | [`copyable-text-not-selectable`]"))
        #expect(text.contains("#### `/work/app/Sources/My App/Receipt, 50%: <final>.swift`"))
        #expect(text.contains("- `4:34` **warning** This font has a fixed size"))
        #expect(text.contains("### Files that could not be checked"))
        #expect(MarkdownReporter().report(LintResult(diagnostics: [], errors: [], filesChecked: 3)) == "## HIGLint\n\nNo findings in 3 files.\n")
        #expect(MarkdownReporter.code("a`b") == "``a`b``")
    }

    @Test("every format is produced from the same run and found by name")
    func everyFormat() {
        for type in allReporters {
            #expect(reporter(named: type.name) != nil)
            #expect(!report(type.name).isEmpty)
        }
        #expect(allReporters.map { $0.name } == ["xcode", "json", "sarif", "github", "checkstyle", "junit", "markdown", "html", "summary"])
    }
}

@Suite("Control characters in the terminal formats")
struct TerminalEscapingTests {
    /// A file whose name would turn the terminal red and split its finding in two.
    static let result: LintResult = {
        let diagnostic = Diagnostic(rule: "fixed-font-size", section: .text, severity: .warning,
                                    path: "Sources/\u{1B}[31mred\nline\u{9B}2J\tTab.swift", line: 3, column: 28, offset: 0,
                                    message: "Size \u{1B}]0;title\u{7}here")
        return LintResult(diagnostics: [diagnostic], errors: [], filesChecked: 1)
    }()

    static func report(_ format: String) -> String {
        reporter(named: format)!.report(result, context: ReportContext(rules: allRules.map { $0.description }, rootDirectory: "/work"))
    }

    static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
    }

    @Test("xcode: one line per finding, each control character as %XX, a tab kept")
    func xcode() {
        #expect(Self.report("xcode") == "Sources/%1B[31mred%0Aline%C2%9B2J\tTab.swift:3:28: warning: Size %1B]0;title%07here [fixed-font-size]\n")
    }

    @Test("markdown, summary and github print no control character and keep one line per finding", arguments: ["markdown", "summary", "github"])
    func otherTextFormats(format: String) {
        let text = Self.report(format)
        #expect(!Self.hasControlCharacters(text), "\(text.debugDescription)")
        if format != "summary" { #expect(text.contains("%1B[31mred%0Aline") || text.contains("%251B[31mred%0Aline"), "\(text)") }
    }

    @Test("a dry run's diff header quotes a control character as git does")
    func diffHeader() {
        #expect(UnifiedDiff.diff(old: "a\n", new: "b\n", path: "a\u{1B}b.swift").hasPrefix("--- \"a\\033b.swift\"\n+++ \"a\\033b.swift\"\n"))
    }
}
