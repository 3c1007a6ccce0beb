import Foundation
import Testing

/// Runs the built `higlint` binary the way a person does.
struct HIGLint {
    static let binary: URL = {
        // The test bundle sits next to the products of the same build.
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [products.appendingPathComponent("higlint"),
                          products.deletingLastPathComponent().appendingPathComponent("higlint")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    static let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-cli-cache-\(UUID().uuidString)")

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], stdin: String? = nil, in directory: URL? = nil) throws -> Output {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        // Results are cached per user; tests keep theirs out of the real cache folder.
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": cacheFolder.path]) { $1 }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}

func temporaryProject(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-cli-\(UUID().uuidString)")
    for (path, contents) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }
    return root
}

@Suite("Command line", .serialized)
struct CommandLineTests {
    @Test("--version prints the version")
    func version() throws {
        let output = try HIGLint.run(["--version"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("higlint "))
    }

    @Test("--version --verbose says which parser the binary carries, its swift-syntax and the toolchain")
    func verboseVersion() throws {
        let output = try HIGLint.run(["--version", "--verbose"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == (try HIGLint.run(["--version"])).stdout.trimmingCharacters(in: .newlines))
        // This test target is compiled with the same Package.swift settings as the binary.
        #if HIGLINT_SOURCE_SYNTAX
        #expect(lines.contains { $0.hasPrefix("parser: swift-syntax 603.") && $0.hasSuffix(" built from source") })
        #else
        #expect(lines.contains("parser: the toolchain's SwiftSyntax (library evolution, slower)"))
        #expect(lines.contains { $0.hasPrefix("swift-syntax: ") && $0.hasSuffix("/lib/swift/host") })
        #endif
        #expect(lines.contains { $0.hasPrefix("built with: Swift 6.") })
        #expect(try HIGLint.run(["version", "--verbose"]).stdout == output.stdout)
    }

    @Test("lint prints findings in Xcode's format and exits 1")
    func xcodeFormat() throws {
        let root = try temporaryProject(["Sources/Receipt.swift": """
            struct Receipt: View {
                var body: some View {
                    Text("Total").font(.system(size: 13))
                }
            }
            """])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["lint", "Sources"], in: root)
        #expect(output.status == 1)
        #expect(output.stdout == "Sources/Receipt.swift:3:28: warning: This font has a fixed size that ignores Dynamic Type; use a text style such as `.body`, or give a custom font `relativeTo:` a style. [fixed-font-size]\n")
        #expect(output.stderr.hasPrefix("HIGLint checked 1 file in "))
        #expect(output.stderr.contains("0 errors, 1 warning, 0 notes"))
    }

    @Test("a clean project exits 0 and the path defaults to the current folder")
    func cleanProject() throws {
        let root = try temporaryProject(["App.swift": #"Text("Total").font(.headline)"#])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run([], in: root)
        #expect(output.status == 0)
        #expect(output.stdout.isEmpty)
    }

    @Test("json output has the stable keys")
    func jsonFormat() throws {
        let root = try temporaryProject(["A.swift": #"TextField("Notes", text: $notes)"#])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["A.swift", "--format", "json"], in: root)
        #expect(output.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        let first = try #require(array.first)
        #expect(first["rule"] as? String == "single-line-field-for-long-text")
        #expect(first["severity"] as? String == "warning")
        #expect(first["path"] as? String == "A.swift")
        #expect(first["line"] as? Int == 1)
        #expect(first["column"] as? Int == 1)
        #expect((first["message"] as? String)?.isEmpty == false)
        let fix = try #require(first["fix"] as? [String: Any])
        #expect((fix["edits"] as? [[String: Any]])?.first?["replacement"] as? String == ", axis: .vertical")
    }

    @Test("a file that cannot be checked exits 2 and names the file")
    func unreadableFile() throws {
        let root = try temporaryProject(["Good.swift": #"Text("Total").font(.headline)"#])
        defer { try? FileManager.default.removeItem(at: root) }
        try Data([0xC3, 0x28]).write(to: root.appendingPathComponent("Bad.swift"))
        let output = try HIGLint.run(["."], in: root)
        #expect(output.status == 2)
        #expect(output.stderr.contains("Bad.swift: error: not valid UTF-8"))
    }

    @Test("--stdin lints standard input as the assumed file")
    func standardInput() throws {
        let output = try HIGLint.run(["--stdin", "--assume-filename", "Views/Row.swift", "--quiet"],
                                     stdin: #"Text(order.trackingNumber)"#)
        #expect(output.status == 1)
        #expect(output.stdout.hasPrefix("Views/Row.swift:1:1: warning: "))
        #expect(output.stderr.isEmpty)
    }

    @Test("--only and --disable choose rules")
    func ruleSelection() throws {
        let source = #"Text(order.trackingNumber).font(.system(size: 13))"#
        let only = try HIGLint.run(["--stdin", "--only", "fixed-font-size", "-q"], stdin: source)
        #expect(only.stdout.contains("[fixed-font-size]") && !only.stdout.contains("copyable"))
        let disabled = try HIGLint.run(["--stdin", "--disable", "fixed-font-size", "-q"], stdin: source)
        #expect(!disabled.stdout.contains("[fixed-font-size]") && disabled.stdout.contains("copyable"))
    }

    @Test("rules lists every rule with section, severity and fix")
    func rules() throws {
        let output = try HIGLint.run(["rules"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("RULE "))
        for id in ["fixed-font-size", "copyable-text-not-selectable", "single-line-field-for-long-text",
                   "icon-only-control-without-label", "image-missing-accessibility-label", "async-image-without-placeholder"] {
            #expect(output.stdout.contains(id))
        }
        #expect(output.stdout.split(separator: "\n").contains { $0.hasPrefix("fixed-font-size ") && $0.contains("text") && $0.hasSuffix("yes") })
    }

    @Test("explain shows rationale, examples and the HIG page")
    func explain() throws {
        let output = try HIGLint.run(["explain", "fixed-font-size"])
        #expect(output.status == 0)
        for part in ["Dynamic Type", "Bad:", "Good:", ".font(.system(size: 17))", "https://developer.apple.com/design/human-interface-guidelines/"] {
            #expect(output.stdout.contains(part), "missing \(part)")
        }
    }

    @Test("bad usage exits 2 with a message", arguments: [
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["--only", "no-such-rule"], "unknown rule 'no-such-rule'"),
        (["explain", "no-such-rule"], "unknown rule 'no-such-rule'"),
        (["--format", "yaml"], "unknown format 'yaml'"),
        (["--format"], "--format needs a value"),
    ])
    func badUsage(arguments: [String], message: String) throws {
        let output = try HIGLint.run(arguments)
        #expect(output.status == 2)
        #expect(output.stderr.contains(message), "stderr: \(output.stderr)")
        #expect(output.stdout.isEmpty)
    }
}

@Suite("Configuration on the command line", .serialized)
struct ConfigurationCommandLineTests {
    let source = """
        struct Receipt: View {
            var body: some View { Text("Total").font(.system(size: 13)) }
        }
        """

    @Test("a user can turn a rule off, change its severity and scope settings to a folder")
    func turnOffAndSeverity() throws {
        let root = try temporaryProject([".git/HEAD": "", "A.swift": source, "Legacy/B.swift": source,
                                         ".higlint.json": #"{ rules: { "fixed-font-size": "error" } }"#,
                                         "Legacy/.higlint.json": #"{ rules: { "fixed-font-size": "off" } }"#])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["-q"], in: root)
        #expect(output.status == 1)
        #expect(output.stdout.hasPrefix("A.swift:2:46: error: "))
        #expect(!output.stdout.contains("Legacy"))
        // --only asks for the rule by name, so it runs even where a file turned it off (at the parent's severity).
        let only = try HIGLint.run(["-q", "--only", "fixed-font-size", "Legacy"], in: root)
        #expect(only.stdout.hasPrefix("Legacy/B.swift:2:46: error: "))
    }

    @Test("a typo in a rule id or key exits 2 naming it, and nothing is reported")
    func typo() throws {
        let root = try temporaryProject([".git/HEAD": "", "A.swift": source,
                                         ".higlint.json": "{\n  rules: { \"fixed-font-sise\": \"off\" },\n}\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run([], in: root)
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == ".higlint.json:2: error: rules.fixed-font-sise: unknown rule 'fixed-font-sise'; did you mean 'fixed-font-size'? (`higlint rules` lists them)\n")
    }

    @Test("--config replaces discovery; --stdin finds the configuration of the assumed file")
    func explicitAndStandardInput() throws {
        let root = try temporaryProject([".git/HEAD": "", "Mac/.higlint.json": #"{ platforms: ["macOS"] }"#,
                                         "strict.json": #"{ rules: { "fixed-font-size": "error" } }"#, "Mac/A.swift": source])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try HIGLint.run(["-q", "Mac"], in: root).stdout.isEmpty)
        #expect(try HIGLint.run(["-q", "--config", "strict.json", "Mac"], in: root).stdout.contains(": error: "))
        let piped = try HIGLint.run(["-q", "--stdin", "--assume-filename", "Mac/New.swift"], stdin: source, in: root)
        #expect(piped.status == 0 && piped.stdout.isEmpty)
        let missing = try HIGLint.run(["--config", "nope.json"], in: root)
        #expect(missing.status == 2 && missing.stderr.contains("nope.json: error: no such configuration file"))
    }

    @Test("init writes a commented configuration that HIGLint reads back, and does not overwrite one")
    func initialize() throws {
        // Under Sources/: the example `include` matches it once uncommented.
        let root = try temporaryProject([".git/HEAD": "", "Sources/A.swift": source])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try HIGLint.run(["init"], in: root).status == 0)
        let text = try String(contentsOf: root.appendingPathComponent(".higlint.json"), encoding: .utf8)
        for part in ["include", "exclude", "platforms", "deploymentTarget", "ownedDomains", "maxFileSize", "components", "copyableNames", "includeSystemImages"] {
            #expect(text.contains(part), "missing \(part)")
        }
        #expect(try HIGLint.run(["-q"], in: root).status == 1)   // valid, and changes nothing
        let again = try HIGLint.run(["init"], in: root)
        #expect(again.status == 2 && again.stderr.contains("already exists"))
        // Uncommenting every line still gives a valid file.
        let settings = ["include:", "exclude:", "platforms:", "deploymentTarget:", "ownedDomains:", "maxFileSize:", "components:"]
        let uncommented = text.split(separator: "\n").map { line -> String in
            let isSetting = settings.contains { line.hasPrefix("  // " + $0) }
            let isRuleLine = line.hasPrefix("    // \"") || line.hasPrefix("    //   ") || line.hasPrefix("    // }")
            return isSetting || isRuleLine ? line.replacingOccurrences(of: "// ", with: "", options: [], range: line.range(of: "// ")) : String(line)
        }.joined(separator: "\n")
        #expect(uncommented.contains("\n    \"tap-gesture-as-button\": \"warning\","))
        try Data(uncommented.utf8).write(to: root.appendingPathComponent(".higlint.json"))
        #expect(try HIGLint.run(["-q"], in: root).status != 2)
    }
}

@Suite("Report files", .serialized)
struct ReportFileTests {
    @Test("--output writes the report to a file and nothing to standard output; every format is accepted")
    func output() throws {
        let root = try temporaryProject(["A.swift": #"Text("Total").font(.system(size: 13))"#])
        defer { try? FileManager.default.removeItem(at: root) }
        for format in ["xcode", "json", "sarif", "github", "checkstyle", "junit", "markdown", "html", "summary"] {
            let output = try HIGLint.run(["A.swift", "-q", "--format", format, "--output", "report.\(format)"], in: root)
            #expect(output.status == 1 && output.stdout.isEmpty, "\(format): \(output.stderr)")
            let written = try String(contentsOf: root.appendingPathComponent("report.\(format)"), encoding: .utf8)
            #expect(written.contains("fixed-font-size"), "\(format)")
        }
        let sarif = try String(contentsOf: root.appendingPathComponent("report.sarif"), encoding: .utf8)
        #expect(sarif.contains(#""uri" : "A.swift""#))
        let unwritable = try HIGLint.run(["A.swift", "--output", "no/such/folder/report.txt"], in: root)
        #expect(unwritable.status == 2 && unwritable.stderr.contains("cannot write the report to no/such/folder/report.txt"))
    }
}

@Suite("Summaries", .serialized)
struct SummaryTests {
    @Test("--summary prints the findings by rule and the totals on standard error, after the findings on standard output")
    func summaryFlag() throws {
        let root = try temporaryProject([
            "A.swift": """
                struct A: View {
                    var body: some View {
                        Text("Total").font(.system(size: 13))
                        Text("Subtotal").font(.system(size: 14))
                        Image("hero")
                    }
                }
                """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["A.swift", "--summary", "--no-cache"], in: root)
        #expect(output.status == 1)
        #expect(output.stdout.split(separator: "\n").count == 3)
        let lines = output.stderr.split(separator: "\n").map(String.init)
        try #require(lines.count == 5, "\(output.stderr)")
        #expect(lines[0].hasPrefix("RULE ") && lines[0].hasSuffix("FINDINGS  ERRORS  WARNINGS  NOTES"))
        #expect(lines[1].hasPrefix("fixed-font-size ") && lines[1].hasSuffix("  2       0         2      0"))
        #expect(lines[2].hasPrefix("image-missing-accessibility-label ") && lines[2].contains("Images and media"))
        #expect(lines[3] == "3 findings in 1 file checked: 0 errors, 3 warnings, 0 notes.")
        #expect(lines[4].hasPrefix("HIGLint checked 1 file in "))
    }

    @Test("the summary and HTML formats count what the baseline and suppression comments left out")
    func leftOut() throws {
        let root = try temporaryProject([
            ".git/HEAD": "",
            "A.swift": "Text(\"Total\").font(.system(size: 13))\n// higlint:disable:next fixed-font-size\nText(\"Subtotal\").font(.system(size: 14))\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try HIGLint.run(["baseline", "write", "base.json", "A.swift"], in: root).status == 0)
        try Data("Text(\"Total\").font(.system(size: 13))\n// higlint:disable:next fixed-font-size\nText(\"Subtotal\").font(.system(size: 14))\nText(\"Tax\").font(.system(size: 15))\n".utf8)
            .write(to: root.appendingPathComponent("A.swift"))
        // Twice: the second run reads the findings back from the cache, and must count the same.
        for _ in 1...2 {
            let summary = try HIGLint.run(["A.swift", "--baseline", "base.json", "--format", "summary"], in: root)
            #expect(summary.stdout.contains("1 finding in 1 file checked: 0 errors, 1 warning, 0 notes.\n"
                + "1 finding in the baseline not shown.\n1 finding suppressed by higlint: comments.\n"), "\(summary.stdout)")
            #expect(summary.stderr.contains("; 1 in the baseline not shown; 1 suppressed by comments"), "\(summary.stderr)")
        }
        let html = try HIGLint.run(["A.swift", "--baseline", "base.json", "--format", "html", "-q"], in: root)
        #expect(html.stdout.contains(#"<li data-total="baselined"><span class="count">1</span>"#))
        #expect(html.stdout.contains(#"<li data-total="suppressed"><span class="count">1</span>"#))
    }
}

@Suite("Baselines", .serialized)
struct BaselineTests {
    let row = #"        Text("Total").font(.system(size: 13))"#

    @Test("a baseline hides recorded findings through edits above them, and reports new ones")
    func roundTrip() throws {
        let original = "struct A: View {\n    var body: some View {\n\(row)\n\(row)\n    }\n}\n"
        let root = try temporaryProject([".git/HEAD": "", "Sources/A.swift": original])
        defer { try? FileManager.default.removeItem(at: root) }
        let write = try HIGLint.run(["baseline", "write", "higlint-baseline.json", "Sources"], in: root)
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stderr.contains("recorded 2 findings"))
        let file = try String(contentsOf: root.appendingPathComponent("higlint-baseline.json"), encoding: .utf8)
        #expect(file.contains(#""version" : 1"#) && file.contains(#""path" : "Sources/A.swift""#))

        // Lines inserted above, indentation changed: still the same two findings. A third copy of the line is new.
        let edited = "import SwiftUI\n\n// A receipt\nstruct A: View {\n  var body: some View {\n\(row)\n    \(row)\n\(row)\n  }\n}\n"
        try Data(edited.utf8).write(to: root.appendingPathComponent("Sources/A.swift"))
        let output = try HIGLint.run(["--baseline", "higlint-baseline.json", "Sources"], in: root)
        #expect(output.status == 1)
        #expect(output.stdout.split(separator: "\n").count == 1 && output.stdout.hasPrefix("Sources/A.swift:8:"))
        #expect(output.stderr.contains("2 in the baseline not shown"))
        // Absolute paths, from another folder, match the same entries.
        let absolute = try HIGLint.run(["--baseline", root.appendingPathComponent("higlint-baseline.json").path,
                                        root.appendingPathComponent("Sources").path, "-q"], in: URL(fileURLWithPath: "/"))
        #expect(absolute.stdout.split(separator: "\n").count == 1)
    }

    @Test("a corrupted or newer baseline is a clear error", arguments: [
        ("{ not json", "not a HIGLint baseline"),
        (#"{"format": "higlint-baseline", "version": 9, "entries": []}"#, "version 9, written by a newer HIGLint"),
        (#"{"format": "higlint-baseline", "version": 1, "entries": [{"rule": "x"}]}"#, "the baseline is damaged (missing entries.0.path"),
    ])
    func corrupted(contents: String, message: String) throws {
        let root = try temporaryProject(["A.swift": "Text(\"Total\")\n", "base.json": contents])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["--baseline", "base.json", "A.swift"], in: root)
        #expect(output.status == 2 && output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("base.json: error: ") && output.stderr.contains(message), "\(output.stderr)")
    }
}

@Suite("Build-system options", .serialized)
struct BuildSystemOptionTests {
    @Test("--fail-on sets the severity that fails the run; --stamp writes a marker")
    func failOn() throws {
        let root = try temporaryProject(["A.swift": #"Text("Total").font(.system(size: 13))"#])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try HIGLint.run(["A.swift", "-q", "--fail-on", "error", "--stamp", "stamp.swift"], in: root).status == 0)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("stamp.swift").path))
        #expect(try HIGLint.run(["A.swift", "-q", "--fail-on", "note"], in: root).status == 1)
        #expect(try HIGLint.run(["A.swift", "-q", "--fail-on", "never"], in: root).status == 0)
        let bad = try HIGLint.run(["A.swift", "--fail-on", "sometimes"], in: root)
        #expect(bad.status == 2 && bad.stderr.contains("unknown level 'sometimes' for --fail-on"))
    }
}

@Suite("Help from the option tables")
struct HelpTests {
    @Test("each command's --help prints that command's usage and every option it accepts", arguments: [
        (["fix", "--help"], "USAGE: higlint fix", ["--rule", "--only", "--disable", "--format, --reporter", "--stdin", "--assume-filename", "--dry-run", "--config", "--file-timeout", "-q, --quiet"]),
        (["lint", "--help"], "USAGE: higlint [lint]", ["--format, --reporter", "--strict", "--allow-empty, --allow-zero-lintable-files", "-o, --output", "--config", "--stdin", "-q, --quiet", "--stamp"]),
        (["rules", "--help"], "USAGE: higlint rules", ["--markdown"]),
        (["config", "--help"], "USAGE: higlint config --effective PATH", ["--effective", "--config", "--only", "--disable"]),
        (["init", "-h"], "USAGE: higlint init", ["--force"]),
        (["baseline", "--help"], "USAGE: higlint baseline write", ["--format, --reporter", "--config"]),
    ])
    func commandHelp(arguments: [String], usage: String, options: [String]) throws {
        let output = try HIGLint.run(arguments)
        #expect(output.status == 0)
        #expect(output.stdout.contains(usage), "stdout: \(output.stdout)")
        for option in options { #expect(output.stdout.contains("  \(option) ") || output.stdout.contains("  \(option)\n"), "missing \(option)") }
    }

    @Test("the options a command accepts are the ones its help lists: an option from another command is refused")
    func helpAndParserAgree() throws {
        let fix = try HIGLint.run(["fix", "--stamp", "x"])
        #expect(fix.status == 2)
        #expect(fix.stderr.contains("unknown option '--stamp' for `fix`; see `higlint fix --help`"))
        #expect(try !HIGLint.run(["fix", "--help"]).stdout.contains("--stamp"))
    }

    @Test("--file-timeout is checked once, with one message, for lint and fix")
    func fileTimeoutMessage() throws {
        for arguments in [["--file-timeout", "soon"], ["fix", "--file-timeout", "soon"]] {
            let output = try HIGLint.run(arguments)
            #expect(output.status == 2)
            #expect(output.stderr == "higlint: error: --file-timeout needs 0 (no limit) or a number of seconds from 0.001 to 31536000, not 'soon'\n")
        }
    }
}
