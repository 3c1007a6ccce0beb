import Foundation
import Testing

/// What SwiftLint users type out of habit, and the mistakes every user makes, through the built binary.
@Suite("Habits users bring", .serialized)
struct HabitsTests {
    static let fixedFont = """
        struct Receipt: View {
            var body: some View {
                Text("Total").font(.system(size: 13))
            }
        }

        """

    @Test("--reporter is --format: the same report")
    func reporterAlias() throws {
        let root = try temporaryProject(["Receipt.swift": Self.fixedFont])
        defer { try? FileManager.default.removeItem(at: root) }
        let reporter = try HIGLint.run(["--reporter", "json", "--no-cache"], in: root)
        let format = try HIGLint.run(["--format", "json", "--no-cache"], in: root)
        #expect(reporter.status == 1)
        #expect(reporter.stdout.contains("\"rule\" : \"fixed-font-size\"") || reporter.stdout.contains("\"rule\":\"fixed-font-size\""))
        #expect(reporter.stdout == format.stdout)
        let fix = try HIGLint.run(["fix", "--dry-run", "--reporter", "json"], in: root)
        #expect(fix.status == 1)
    }

    @Test("--strict makes warnings fail even with --fail-on error; without it they do not")
    func strict() throws {
        let root = try temporaryProject(["Receipt.swift": Self.fixedFont])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try HIGLint.run(["--fail-on", "error", "--quiet"], in: root).status == 0)
        #expect(try HIGLint.run(["--fail-on", "error", "--strict", "--quiet"], in: root).status == 1)
        #expect(try HIGLint.run(["--fail-on", "never", "--strict", "--quiet"], in: root).status == 1)
        // Notes still do not fail a strict run.
        #expect(try HIGLint.run(["--strict", "--quiet", "--disable", "fixed-font-size"], in: root).status == 0)
    }

    @Test("the summary says 1 error, 1 warning, 1 note in the singular")
    func singular() throws {
        let root = try temporaryProject([
            ".higlint.json": #"{ rules: { "fixed-font-size": "error" } }"#,
            "Receipt.swift": Self.fixedFont,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["--no-cache"], in: root)
        #expect(output.stderr.contains(": 1 error, 0 warnings, 0 notes"))
    }

    @Test("a mistyped command, rule, option or format gets a did-you-mean", arguments: [
        (["explian", "fixed-font-size"], "unknown command 'explian' (and no such file or folder); did you mean `higlint explain`?"),
        (["rule"], "did you mean `higlint rules`?"),
        (["--only", "fixed-font-sise"], "unknown rule 'fixed-font-sise'; did you mean 'fixed-font-size'?"),
        (["explain", "fixed-font-sise"], "did you mean 'fixed-font-size'?"),
        (["--fromat", "json"], "unknown option '--fromat'; did you mean '--format'?"),
        (["--format", "jsno"], "unknown format 'jsno'; did you mean 'json'?"),
        (["fix", "--dry-rn"], "did you mean '--dry-run'?"),
        // SwiftLint's spellings of what HIGLint spells otherwise.
        (["--fix"], "unknown option '--fix'; did you mean `higlint fix`?"),
        (["--autocorrect"], "did you mean `higlint fix`?"),
        (["--path", "Receipt.swift"], "unknown option '--path'; pass paths as arguments (`higlint lint PATH ...`)"),
        // An empty list (an unset variable in a script) would run every rule, or disable none.
        (["--only", ""], "--only needs at least one rule id, not ''"),
        (["--disable", ","], "--disable needs at least one rule id, not ','"),
        (["fix", "--rule", ""], "--rule needs at least one rule id"),
        (["--version", "extra"], "--version takes no other argument but --verbose, not 'extra'"),
        (["lint", "--version", "Sources"], "--version takes no other argument but --verbose, not 'Sources'"),
    ])
    func didYouMean(arguments: [String], message: String) throws {
        let root = try temporaryProject(["Receipt.swift": Self.fixedFont])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(arguments, in: root)
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test("`-` reads standard input, as with swift-format; a file named `-` is ./-")
    func dashIsStandardInput() throws {
        let root = try temporaryProject(["Receipt.swift": Self.fixedFont])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try HIGLint.run(["-", "--quiet"], stdin: Self.fixedFont, in: root)
        #expect(lint.status == 1)
        #expect(lint.stdout.hasPrefix("<stdin>:3:28: warning: "), "\(lint.stdout)")
        let named = try HIGLint.run(["lint", "-", "--assume-filename", "Receipt.swift", "--quiet"], stdin: Self.fixedFont, in: root)
        #expect(named.stdout.hasPrefix("Receipt.swift:3:28: warning: "), "\(named.stdout)")
        let fix = try HIGLint.run(["fix", "-", "--quiet"], stdin: Self.fixedFont, in: root)
        #expect(fix.stdout.contains(".font(.footnote)"), "\(fix.stdout)")
        let mixed = try HIGLint.run(["-", "Receipt.swift"], stdin: Self.fixedFont, in: root)
        #expect(mixed.status == 2 && mixed.stderr.contains("'-' (standard input) cannot be combined with paths"))
    }

    @Test("a suppression comment in capitals is reported as invalid, not ignored")
    func capitalisedSuppression() throws {
        let root = try temporaryProject(["Receipt.swift": """
            struct Receipt: View {
                var body: some View {
                    // HIGLint:disable:next fixed-font-size
                    Text("Total").font(.system(size: 13))
                }
            }

            """])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["--no-cache", "--quiet"], in: root)
        #expect(output.stdout.contains("Receipt.swift:3:9: warning: Suppression comments start with a lowercase `higlint:`, "
            + "so 'HIGLint:disable:next' silences nothing; did you mean `higlint:disable:next`? [invalid-suppression]"), "\(output.stdout)")
        #expect(output.stdout.contains("Receipt.swift:4:28: warning: "), "\(output.stdout)")
    }

    @Test("a folder or file named like a command is still linted")
    func pathNamedLikeCommand() throws {
        let root = try temporaryProject(["rule/Receipt.swift": Self.fixedFont])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["rule", "--quiet"], in: root)
        #expect(output.status == 1)
        #expect(output.stdout.contains("[fixed-font-size]"))
    }

    @Test("paths and include that match no file are an error, unless --allow-empty")
    func nothingToCheck() throws {
        let root = try temporaryProject([
            ".higlint.json": #"{ include: ["Soruces/**"] }"#,
            "Sources/Receipt.swift": Self.fixedFont,
            "Empty/README.md": "nothing",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let mistyped = try HIGLint.run(["--no-cache"], in: root)
        #expect(mistyped.status == 2)
        #expect(mistyped.stderr.contains("no Swift file or image set to check under ."))
        let empty = try HIGLint.run(["Empty", "--no-cache"], in: root)
        #expect(empty.status == 2)
        #expect(try HIGLint.run(["Empty", "--allow-empty", "--quiet"], in: root).status == 0)
        #expect(try HIGLint.run(["Empty", "--allow-zero-lintable-files", "--quiet"], in: root).status == 0)
    }

    @Test("config --effective prints the merged configuration of a file and the files it comes from")
    func effectiveConfiguration() throws {
        let root = try temporaryProject([
            ".git/HEAD": "",
            ".higlint.json": #"{ platforms: ["iOS", "macOS"], rules: { "fixed-font-size": "error" } }"#,
            "Sources/Mac/.higlint.json": #"{ platforms: ["macOS"], rules: { "fixed-font-size": "off" } }"#,
            "Sources/Mac/View.swift": Self.fixedFont,
            "Sources/Receipt.swift": Self.fixedFont,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        func effective(_ path: String) throws -> [String: Any] {
            let output = try HIGLint.run(["config", "--effective", path], in: root)
            #expect(output.status == 0, "\(output.stderr)")
            return try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        }
        let receipt = try effective("Sources/Receipt.swift")
        #expect(receipt["platforms"] as? [String] == ["iOS", "macOS"])
        #expect((receipt["rules"] as? [String: [String: Any]])?["fixed-font-size"]?["severity"] as? String == "error")
        #expect((receipt["files"] as? [String])?.count == 1)
        let mac = try effective("Sources/Mac/View.swift")
        #expect(mac["platforms"] as? [String] == ["macOS"])
        #expect((mac["rules"] as? [String: [String: Any]])?["fixed-font-size"]?["severity"] as? String == "off")
        #expect((mac["files"] as? [String])?.count == 2)
        let disabled = try HIGLint.run(["config", "--effective", "Sources/Receipt.swift", "--disable", "fixed-font-size"], in: root)
        #expect(disabled.stdout.contains("\"off\""))
        #expect(try HIGLint.run(["config", "Sources/Receipt.swift"], in: root).status == 2)
    }

    @Test("disable:previous silences the line above; disable:next and disable:this cover the statement they start")
    func suppressionScopes() throws {
        let root = try temporaryProject(["Receipt.swift": """
            struct Receipt: View {
                var body: some View {
                    VStack {
                        Text("Alpha").font(.system(size: 13))
                        // higlint:disable:previous fixed-font-size
                        // higlint:disable:next fixed-font-size
                        Text("Beta")
                            .bold()
                            .font(.system(size: 13))
                        Text("Gamma") // higlint:disable:this fixed-font-size
                            .font(.system(size: 13))
                        Text("Delta")
                            .font(.system(size: 13))
                    }
                }
            }

            """])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["--only", "fixed-font-size", "--no-cache", "--quiet"], in: root)
        #expect(output.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.map { $0.components(separatedBy: ":")[1] } == ["13"])
    }

    @Test("suppression comments that cannot work or silence nothing are findings: reported, cached, baselined")
    func suppressionCommentFindings() throws {
        let source = """
            struct Receipt: View {
                var body: some View {
                    VStack {
                        // higlint:disable:next fixed_font_size
                        Text("Total").font(.system(size: 13))
                        Text("Tax").font(.body) // higlint:disable:this fixed-font-size
                    }
                }
            }

            """
        let root = try temporaryProject([".git/HEAD": "", "Receipt.swift": source])
        defer { try? FileManager.default.removeItem(at: root) }
        // Twice: the second run answers from the result cache.
        for _ in 1...2 {
            let output = try HIGLint.run(["Receipt.swift"], in: root)
            #expect(output.status == 1)
            #expect(output.stdout == """
                Receipt.swift:4:37: warning: Rule ids are lowercase with hyphens: 'fixed_font_size' is no rule id, so nothing is \
                silenced for it; write 'fixed-font-size'. [invalid-suppression]
                Receipt.swift:5:32: warning: This font has a fixed size that ignores Dynamic Type; use a text style such as \
                `.body`, or give a custom font `relativeTo:` a style. [fixed-font-size]
                Receipt.swift:6:61: warning: This comment silences no 'fixed-font-size' finding here; remove 'fixed-font-size' \
                from it, or the comment. [unused-suppression]

                """, "\(output.stdout)")
        }
        let json = try HIGLint.run(["Receipt.swift", "--format", "json"], in: root)
        #expect(json.stdout.contains("\"rule\" : \"invalid-suppression\"") && json.stdout.contains("\"section\" : \"suppression\""))
        // --only leaves the comment rules out, so they report nothing.
        let only = try HIGLint.run(["Receipt.swift", "--only", "fixed-font-size", "-q"], in: root)
        #expect(!only.stdout.contains("suppression]"))
        #expect(try HIGLint.run(["baseline", "write", "base.json", "Receipt.swift"], in: root).status == 0)
        let baselined = try HIGLint.run(["Receipt.swift", "--baseline", "base.json"], in: root)
        #expect(baselined.status == 0 && baselined.stdout.isEmpty, "\(baselined.stdout)")
        #expect(try HIGLint.run(["explain", "unused-suppression"], in: root).stdout.contains("judged only when every rule it names"))
    }

    static let receipt = """
        struct Receipt: View {
            var body: some View {
                VStack {
                    Text("Total").font(.system(size: 13))
                    Image("receipt-header")
                }
            }
        }

        """

    @Test("fix takes --only and --disable as lint does")
    func fixRuleSelection() throws {
        let root = try temporaryProject(["Receipt.swift": Self.receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        let disabled = try HIGLint.run(["fix", "--dry-run", "--disable", "fixed-font-size"], in: root)
        #expect(disabled.stdout.isEmpty)
        #expect(disabled.stderr.contains("[image-missing-accessibility-label]"))
        #expect(disabled.status == 1)
        let only = try HIGLint.run(["fix", "--dry-run", "--only", "fixed-font-size"], in: root)
        #expect(only.stdout.contains("+            Text(\"Total\").font(.footnote)"))
        #expect(!only.stderr.contains("[image-missing-accessibility-label]"))
        #expect(only.status == 1)   // a dry run with something to fix
        // --only accepts a rule with no fix: its findings are listed, nothing is changed.
        let noFix = try HIGLint.run(["fix", "--only", "image-missing-accessibility-label"], in: root)
        #expect(noFix.status == 1)
        #expect(noFix.stdout.contains("[image-missing-accessibility-label]"))
        #expect(try String(contentsOf: root.appendingPathComponent("Receipt.swift"), encoding: .utf8) == Self.receipt)
    }

    @Test("fix --format: what remains as a report on standard output, the fixes applied on standard error")
    func fixFormat() throws {
        let root = try temporaryProject(["Receipt.swift": Self.receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["fix", "--format", "json", "--quiet"], in: root)
        #expect(output.status == 1)
        let remaining = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        #expect(remaining.map { $0["rule"] as? String } == ["image-missing-accessibility-label"])
        #expect(output.stderr.contains("Receipt.swift:4:32: fixed: "))
        #expect(try String(contentsOf: root.appendingPathComponent("Receipt.swift"), encoding: .utf8).contains(".font(.footnote)"))
    }

    @Test("fix --stdin prints the corrected source and lists what remains on standard error")
    func fixStandardInput() throws {
        let root = try temporaryProject([".higlint.json": #"{ rules: { "image-missing-accessibility-label": "off" } }"#])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["fix", "--stdin", "--assume-filename", "Receipt.swift"], stdin: Self.receipt, in: root)
        #expect(output.stdout == Self.receipt.replacingOccurrences(of: ".font(.system(size: 13))", with: ".font(.footnote)"))
        #expect(output.status == 0)   // the configuration of the assumed file turned the other rule off
        #expect(output.stderr.contains("fixed 1 finding in standard input; 0 findings left"))
        let unconfigured = try HIGLint.run(["fix", "--stdin", "--quiet"], stdin: Self.receipt)
        #expect(unconfigured.status == 1)
        #expect(unconfigured.stderr.contains("<stdin>:5:13: warning: "))
        #expect(try HIGLint.run(["fix", "--stdin", "Receipt.swift"], stdin: "", in: root).status == 2)
    }

    @Test("fix counts Swift files and image sets as lint does")
    func fixCountsFiles() throws {
        let contents = #"{"images":[{"idiom":"universal","filename":"a.png","scale":"1x"},{"idiom":"universal","scale":"2x"},{"idiom":"universal","scale":"3x"}],"info":{"version":1,"author":"xcode"}}"#
        let root = try temporaryProject(["Assets.xcassets/Banner.imageset/Contents.json": contents,
                                         "Assets.xcassets/Banner.imageset/a.png": "png",
                                         "Receipt.swift": Self.receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try HIGLint.run(["--no-cache"], in: root)
        let fix = try HIGLint.run(["fix", "--dry-run"], in: root)
        #expect(lint.stderr.hasPrefix("HIGLint checked 2 files in "))
        #expect(fix.stderr.contains("would fix 1 finding in 1 file of 2 checked in "))
    }

    @Test("a copy of a baselined line pasted above it is reported at the copy, not at the original")
    func baselineCopyAbove() throws {
        let row = #"            Text("Total").font(.system(size: 13))"#
        let bold = #"            Text("Subtotal").bold().font(.system(size: 15))"#
        let original = "struct A: View {\n    var body: some View {\n        VStack {\n            Text(\"Header\")\n\(bold)\n\(row)\n        }\n    }\n}\n"
        let root = try temporaryProject([".git/HEAD": "", "A.swift": original])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try HIGLint.run(["baseline", "write", "baseline.json", "."], in: root).status == 0)
        // The row pasted at line 4, above the header: the original (line 6) moves to line 7, the other finding to 6.
        let edited = original.replacingOccurrences(of: "            Text(\"Header\")\n", with: row + "\n            Text(\"Header\")\n")
        try Data(edited.utf8).write(to: root.appendingPathComponent("A.swift"))
        let output = try HIGLint.run(["--baseline", "baseline.json", "--no-cache"], in: root)
        #expect(output.stdout.split(separator: "\n").map { $0.split(separator: ":").prefix(2).joined(separator: ":") } == ["A.swift:4"])
        #expect(output.stderr.contains("2 in the baseline not shown"))
    }

    @Test("a baselined line pasted right above itself is reported at the new copy, and pasted further down at that copy",
          arguments: [(true, "A.swift:6"), (false, "A.swift:8")])
    func baselineCopyBeside(directlyAbove: Bool, reported: String) throws {
        let row = #"            Text("Total").font(.system(size: 13))"#
        let bold = #"            Text("Subtotal").bold().font(.system(size: 15))"#
        let original = "struct A: View {\n    var body: some View {\n        VStack {\n            Text(\"Header\")\n\(bold)\n\(row)\n"
            + "            Text(\"Footer\")\n        }\n    }\n}\n"
        let root = try temporaryProject([".git/HEAD": "", "A.swift": original])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try HIGLint.run(["baseline", "write", "baseline.json", "."], in: root).status == 0)
        // Line 6 copied and pasted at the start of its own line (the copy is line 6, the original moves to 7), or
        // below the footer (the copy is line 8). The other finding, above, does not move.
        let edited = directlyAbove
            ? original.replacingOccurrences(of: row + "\n", with: row + "\n" + row + "\n")
            : original.replacingOccurrences(of: "            Text(\"Footer\")\n", with: "            Text(\"Footer\")\n" + row + "\n")
        try Data(edited.utf8).write(to: root.appendingPathComponent("A.swift"))
        let output = try HIGLint.run(["--baseline", "baseline.json", "--no-cache"], in: root)
        #expect(output.stdout.split(separator: "\n").map { $0.split(separator: ":").prefix(2).joined(separator: ":") } == [reported],
                "\(output.stdout)")
        #expect(output.stderr.contains("2 in the baseline not shown"))
    }

    @Test("--version prints the tag the README's package dependency names")
    func versionMatchesReadme() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let tag = try #require(text.firstMatch(of: /from: "([0-9]+\.[0-9]+\.[0-9]+)"/)?.output.1)
        #expect(try HIGLint.run(["--version"]).stdout == "higlint \(tag)\n")
        #expect(text.contains("# higlint \(tag): the release tag"))
    }

    @Test("README's Run Script snippet: warnings do not fail the build, errors do, a missing higlint is a warning")
    func runScriptSnippet() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.range(of: "- **Xcode project**: add a Run Script build phase"))
        let fence = try #require(text.range(of: "```sh\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: fence.upperBound..<text.endIndex))
        let script = String(text[fence.upperBound..<end.lowerBound])
        let root = try temporaryProject(["Sources/A.swift": Self.fixedFont])
        defer { try? FileManager.default.removeItem(at: root) }
        func run(path: String) throws -> HIGLint.Output {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            process.environment = ["PATH": path, "SRCROOT": root.path, "XDG_CACHE_HOME": HIGLint.cacheFolder.path]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return HIGLint.Output(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: "")
        }
        let products = HIGLint.binary.deletingLastPathComponent().path
        let warned = try run(path: products + ":/usr/bin:/bin")
        #expect(warned.status == 0)
        #expect(warned.stdout.contains("/Sources/A.swift:3:28: warning: "))
        let missing = try run(path: "/usr/bin:/bin")
        #expect(missing.status == 0)
        #expect(missing.stdout.hasPrefix("warning: higlint is not installed"))
        try Data(#"{ rules: { "fixed-font-size": "error" } }"#.utf8).write(to: root.appendingPathComponent(".higlint.json"))
        let failed = try run(path: products + ":/usr/bin:/bin")
        #expect(failed.status == 1)
        #expect(failed.stdout.contains(": error: "))
    }
}
