import Foundation
import Testing

@Suite("higlint fix", .serialized)
struct FixCommandTests {
    static let receipt = """
        struct Receipt: View {
            var body: some View {
                VStack {
                    Text("Total").font(.system(size: 13))
                    Text(order.trackingNumber)
                        .font(.headline)
                    Image("receipt-header")
                }
            }
        }

        """

    static let fixedReceipt = """
        struct Receipt: View {
            var body: some View {
                VStack {
                    Text("Total").font(.footnote)
                    Text(order.trackingNumber)
                        .font(.headline)
                        .textSelection(.enabled)
                    Image("receipt-header")
                }
            }
        }

        """

    static let remainingLine = "Sources/Receipt.swift:8:13: warning: This image has no accessibility label; add `.accessibilityLabel(\"…\")`, or `.accessibilityHidden(true)` if it is decorative. [image-missing-accessibility-label]\n"

    func contents(_ root: URL, _ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("fix applies every fix, lists them and what remains, and exits 1 while something remains")
    func fixes() throws {
        let root = try temporaryProject(["Sources/Receipt.swift": Self.receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["fix", "Sources"], in: root)
        #expect(output.status == 1)
        #expect(output.stdout == """
            Sources/Receipt.swift:4:32: fixed: Use the `.footnote` text style [fixed-font-size]
            Sources/Receipt.swift:5:13: fixed: Add `.textSelection(.enabled)` [copyable-text-not-selectable]

            """ + Self.remainingLine)
        #expect(output.stderr.hasPrefix("HIGLint fixed 2 findings in 1 file of 1 checked in "))
        #expect(output.stderr.hasSuffix("1 finding remains, 1 with no fix\n"))
        #expect(try contents(root, "Sources/Receipt.swift") == Self.fixedReceipt)

        let again = try HIGLint.run(["fix", "Sources", "-q"], in: root)
        #expect(again.status == 1)
        #expect(again.stdout == Self.remainingLine)
        #expect(again.stderr.isEmpty)
        #expect(try contents(root, "Sources/Receipt.swift") == Self.fixedReceipt)
    }

    @Test("--dry-run prints a unified diff, lists what would remain on stderr, and changes nothing")
    func dryRun() throws {
        let root = try temporaryProject(["Sources/Receipt.swift": Self.receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["fix", "--dry-run", "Sources"], in: root)
        #expect(output.status == 1)
        #expect(output.stdout == """
            --- Sources/Receipt.swift
            +++ Sources/Receipt.swift
            @@ -1,9 +1,10 @@
             struct Receipt: View {
                 var body: some View {
                     VStack {
            -            Text("Total").font(.system(size: 13))
            +            Text("Total").font(.footnote)
                         Text(order.trackingNumber)
                             .font(.headline)
            +                .textSelection(.enabled)
                         Image("receipt-header")
                     }
                 }

            """)
        #expect(output.stderr.hasPrefix(Self.remainingLine + "HIGLint would fix 2 findings in 1 file of 1 checked in "))
        #expect(try contents(root, "Sources/Receipt.swift") == Self.receipt)
    }

    @Test("exit 0 when nothing is left after the fixes; a dry run of a clean project prints nothing")
    func clean() throws {
        let root = try temporaryProject(["A.swift": "Text(order.trackingNumber)\r\n    .font(.body)\r\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["fix", "-q"], in: root)
        #expect(output.status == 0)
        #expect(output.stdout == "A.swift:1:1: fixed: Add `.textSelection(.enabled)` [copyable-text-not-selectable]\n")
        #expect(try contents(root, "A.swift") == "Text(order.trackingNumber)\r\n    .font(.body)\r\n    .textSelection(.enabled)\r\n")
        let dry = try HIGLint.run(["fix", "--dry-run", "-q"], in: root)
        #expect(dry.status == 0 && dry.stdout.isEmpty && dry.stderr.isEmpty)
    }

    @Test("--rule applies only that rule's fixes")
    func ruleLimit() throws {
        let root = try temporaryProject(["Sources/Receipt.swift": Self.receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["fix", "--rule", "fixed-font-size", "Sources", "-q"], in: root)
        #expect(output.status == 0)
        #expect(output.stdout == "Sources/Receipt.swift:4:32: fixed: Use the `.footnote` text style [fixed-font-size]\n")
        #expect(try contents(root, "Sources/Receipt.swift") == Self.receipt.replacingOccurrences(of: ".system(size: 13)", with: ".footnote"))
    }

    @Test("a read-only file is an error: exit 2, the file unchanged, the others fixed")
    func readOnly() throws {
        let root = try temporaryProject(["A.swift": "Text(order.trackingNumber)\n", "B.swift": "Text(order.trackingNumber)\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: root.appendingPathComponent("A.swift").path)
        let output = try HIGLint.run(["fix", "-q"], in: root)
        #expect(output.status == 2)
        #expect(output.stderr == "A.swift: error: the file is read-only; not changed\n")
        #expect(try contents(root, "A.swift") == "Text(order.trackingNumber)\n")
        #expect(try contents(root, "B.swift") == "Text(order.trackingNumber).textSelection(.enabled)\n")
    }

    @Test("bad fix usage exits 2", arguments: [
        (["fix", "--rule", "no-such-rule"], "unknown rule 'no-such-rule'"),
        (["fix", "--rule", "image-missing-accessibility-label"], "rule 'image-missing-accessibility-label' has no fix"),
        (["fix", "--format", "nope"], "unknown format 'nope'"),
        (["fix", "--stamp", "x"], "unknown option '--stamp' for `fix`"),
        (["fix", "--rule"], "--rule needs a value"),
    ])
    func badUsage(arguments: [String], message: String) throws {
        let output = try HIGLint.run(arguments)
        #expect(output.status == 2)
        #expect(output.stderr.contains(message), "stderr: \(output.stderr)")
    }

    @Test("after fix on a copy of Examples/, lint finds nothing that has a fix, and the findings with none are unchanged")
    func examples() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-examples-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: examples, to: root)
        defer { try? FileManager.default.removeItem(at: root) }

        func findings() throws -> [[String: Any]] {
            let output = try HIGLint.run(["lint", ".", "--format", "json", "-q"], in: root)
            return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        }
        func withoutFix(_ found: [[String: Any]]) -> [String] {
            found.filter { $0["fix"] == nil }.map { "\($0["path"]!) \($0["rule"]!) \($0["message"]!)" }.sorted()
        }
        let before = try findings()
        #expect(before.contains { $0["fix"] != nil }, "Examples/ should show fixable findings")

        let fix = try HIGLint.run(["fix", ".", "-q"], in: root)
        #expect(fix.status == 1, "Examples/ keeps findings that have no fix")
        let fixedCount = fix.stdout.split(separator: "\n").filter { $0.contains(": fixed: ") }.count
        #expect(fixedCount == before.filter { $0["fix"] != nil }.count)

        let after = try findings()
        #expect(after.allSatisfy { $0["fix"] == nil }, "left with a fix: \(after.filter { $0["fix"] != nil })")
        #expect(withoutFix(after) == withoutFix(before))

        let again = try HIGLint.run(["fix", ".", "--dry-run", "-q"], in: root)
        #expect(again.stdout.isEmpty, "a second fix would still change:\n\(again.stdout)")
    }
}

@Suite("lint, fix and --stdin run the same phases")
struct OnePipelineTests {
    static let declaration = """
        extension View {
            func swipeActions(actions: [String]) -> some View { self }
        }

        """
    static let use = """
        struct Stack: View {
            var body: some View {
                VStack { Text("Row").swipeActions(actions: ["Pin"]) }
            }
        }

        """

    @Test("an app's own swipeActions declared in another file is not SwiftUI's, for lint and for fix alike")
    func fixSeesTheModule() throws {
        let root = try temporaryProject(["Sources/Actions.swift": Self.declaration, "Sources/Stack.swift": Self.use])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try HIGLint.run(["lint", "Sources", "--no-cache"], in: root)
        #expect(lint.status == 0)
        #expect(lint.stdout == "")
        let fix = try HIGLint.run(["fix", "Sources"], in: root)
        #expect(fix.status == 0)
        #expect(fix.stdout == "")
        #expect(try String(contentsOf: root.appendingPathComponent("Sources/Stack.swift"), encoding: .utf8) == Self.use)
    }

    @Test("standard input finds what lint finds in the same file linted alone")
    func standardInputAgreesWithLint() throws {
        let source = FixCommandTests.receipt
        let root = try temporaryProject(["Receipt.swift": source])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try HIGLint.run(["lint", "Receipt.swift", "--no-cache", "--format", "json"], in: root)
        let stdin = try HIGLint.run(["lint", "--stdin", "--assume-filename", "Receipt.swift", "--format", "json"], stdin: source, in: root)
        #expect(lint.status == 1)
        #expect(stdin.status == lint.status)
        #expect(stdin.stdout == lint.stdout)
    }

    /// A view whose `body` shows an image behind a shape in a stack renders only an image: the survey must parse its
    /// file for that whatever word the `body` starts with, as the buffer's own part (`--stdin`) always is.
    static let posterLink = """
        import SwiftUI
        private struct PosterLink: View {
            let poster: String?
            let site: URL
            var body: some View {
                Link(destination: site) {
                    if let poster { Image(poster) } else { PosterPlaceholder() }
                }
            }
        }
        private struct PosterPlaceholder: View {
            var body: some View {
                ZStack {
                    Rectangle().fill(.gray)
                    Image(systemName: "film")
                }
            }
        }

        """

    @Test("standard input and lint agree on a view type of the file that shows only an image behind a stack")
    func standardInputAgreesOnStackedImageViews() throws {
        let root = try temporaryProject(["Poster.swift": Self.posterLink])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try HIGLint.run(["lint", "Poster.swift", "--no-cache", "--format", "json"], in: root)
        let folder = try HIGLint.run(["lint", ".", "--no-cache", "--format", "json"], in: root)
        let stdin = try HIGLint.run(["lint", "--stdin", "--assume-filename", "Poster.swift", "--format", "json"],
                                    stdin: Self.posterLink, in: root)
        #expect(lint.stdout.contains("icon-only-control-without-label"))
        #expect(lint.status == 1)
        #expect(folder.stdout == lint.stdout)
        #expect(stdin.status == lint.status)
        #expect(stdin.stdout == lint.stdout)
    }

    @Test("fix lists the image sets' findings it cannot fix, and exits as lint would on them")
    func fixReportsImageSets() throws {
        let contents = #"{"images":[{"idiom":"universal","filename":"a.png","scale":"1x"},{"idiom":"universal","scale":"2x"},{"idiom":"universal","scale":"3x"}],"info":{"version":1,"author":"xcode"}}"#
        let root = try temporaryProject(["Assets.xcassets/Banner.imageset/Contents.json": contents,
                                         "Assets.xcassets/Banner.imageset/a.png": "png"])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try HIGLint.run(["lint", ".", "--no-cache"], in: root)
        let fix = try HIGLint.run(["fix", "."], in: root)
        #expect(lint.status == 1)
        #expect(fix.status == lint.status)
        #expect(!lint.stdout.isEmpty)
        #expect(fix.stdout == lint.stdout)
    }

    @Test("fix judges image sets by how the code uses them, as lint does: a set no code names is no finding of either")
    func fixJudgesImageSetsByUse() throws {
        let contents = #"{"images":[{"idiom":"universal","filename":"a.png","scale":"1x"},{"idiom":"universal","scale":"2x"},{"idiom":"universal","scale":"3x"}],"info":{"version":1,"author":"xcode"}}"#
        let root = try temporaryProject(["Assets.xcassets/Banner.imageset/Contents.json": contents,
                                         "Assets.xcassets/Banner.imageset/a.png": "png",
                                         "App/Root.swift": "import SwiftUI\nstruct Root: View { var body: some View { Text(\"Hi\") } }\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try HIGLint.run(["lint", ".", "--no-cache"], in: root)
        let fix = try HIGLint.run(["fix", ".", "--dry-run"], in: root)
        #expect(lint.status == 0)
        #expect(fix.status == lint.status)
        #expect(!fix.stdout.contains("raster-asset-missing-scales"))
    }
}
