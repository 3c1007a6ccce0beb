import Foundation
import HIGLintCore
import HIGLintRules
import Testing

/// A made-up rule for the engine's own paths: it reports at the byte offset of `needle`
/// while `needle` is in the text and `done` is not, with a fix of `edits` (offsets relative to the needle).
struct FakeRule: Sendable {
    var id: String
    var needle: String
    var done: String
    var edits: @Sendable (Int) -> [TextEdit]

    func findings(_ text: String, path: String) -> [Diagnostic] {
        guard !text.contains(done), let range = text.range(of: needle) else { return [] }
        let offset = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        return [Diagnostic(rule: id, section: .text, severity: .warning, path: path, line: 1, column: offset + 1, offset: offset,
                           message: "fake", fix: Fix(title: "Fix \(id)", edits: edits(offset)))]
    }
}

func fakeEngine(_ rules: [FakeRule], maximumPasses: Int = 8) -> FixEngine {
    FixEngine(maximumPasses: maximumPasses) { text, path in rules.flatMap { $0.findings(text, path: path) } }
}

@Suite("Fix engine")
struct FixEngineTests {
    let engine = FixEngine(engine: LintEngine(ruleTypes: allRules))

    static let view = """
        struct OrderView: View {
            var body: some View {
                VStack {
                    Text(order.trackingNumber)
                        .font(.system(size: 13))
                    TextField("Notes", text: $notes)
                }
            }
        }

        """

    static let fixedView = """
        struct OrderView: View {
            var body: some View {
                VStack {
                    Text(order.trackingNumber)
                        .font(.footnote)
                        .textSelection(.enabled)
                    TextField("Notes", text: $notes, axis: .vertical)
                }
            }
        }

        """

    @Test("every fix of every rule is applied, and a second run changes nothing")
    func idempotent() {
        let first = engine.correct(Self.view, path: "OrderView.swift")
        #expect(first.corrected == Self.fixedView)
        #expect(first.applied.map(\.diagnostic.rule).sorted() == ["copyable-text-not-selectable", "fixed-font-size", "single-line-field-for-long-text"])
        #expect(first.remaining.isEmpty && first.refused.isEmpty)
        let second = engine.correct(first.corrected, path: "OrderView.swift")
        #expect(!second.changed && second.applied.isEmpty && second.passes == 1)
    }

    @Test("a CRLF file stays CRLF")
    func crlf() {
        let crlf = Self.view.replacingOccurrences(of: "\n", with: "\r\n")
        let corrected = engine.correct(crlf, path: "OrderView.swift").corrected
        #expect(corrected == Self.fixedView.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(!corrected.utf8.enumerated().contains { index, byte in
            byte == UInt8(ascii: "\n") && (index == 0 || Array(corrected.utf8)[index - 1] != UInt8(ascii: "\r"))
        })
    }

    @Test("multibyte text before and inside the fixes keeps offsets right")
    func multibyte() {
        let prefix = "// 多字节 🇯🇵 é\nlet 名前 = \"👩‍👩‍👧\"\n"
        let source = prefix + Self.view.replacingOccurrences(of: "Text(order.trackingNumber)", with: "/* ü */ Text(order.trackingNumber)")
        let expected = prefix + Self.fixedView.replacingOccurrences(of: "Text(order.trackingNumber)", with: "/* ü */ Text(order.trackingNumber)")
        #expect(engine.correct(source, path: "A.swift").corrected == expected)
    }

    @Test("--rule limits the fixes and the findings reported")
    func limitedRules() {
        let limited = FixEngine(engine: LintEngine(ruleTypes: allRules), rules: ["single-line-field-for-long-text"])
        let result = limited.correct(Self.view, path: "A.swift")
        #expect(result.applied.map(\.diagnostic.rule) == ["single-line-field-for-long-text"])
        #expect(result.corrected.contains("axis: .vertical") && result.corrected.contains("size: 13"))
        #expect(result.remaining.isEmpty)
    }

    @Test("overlapping fixes: the later one waits for the next pass, which re-lints and applies it")
    func overlappingFixes() {
        // Both rules append to the end of the line, so their insertions meet at one offset.
        let appending = FixEngine { text, path in
            let end = text.utf8.count - 1
            let a = FakeRule(id: "a", needle: "base", done: ".a()") { _ in [.insert(".a()", at: end)] }
            let b = FakeRule(id: "b", needle: "base", done: ".b()") { _ in [.insert(".b()", at: end)] }
            return a.findings(text, path: path) + b.findings(text, path: path)
        }
        let result = appending.correct("let value = base\n", path: "A.swift")
        #expect(result.corrected == "let value = base.a().b()\n")
        #expect(result.applied.map { "\($0.diagnostic.rule)@\($0.pass)" } == ["a@1", "b@2"])
        #expect(result.deferred.map(\.rule) == ["b"])
        #expect(result.passes == 3)
    }

    @Test("a fix that would add a syntax error is refused; the others are applied")
    func syntaxErrorRefused() {
        let source = "let total = price\nlet name = title\n"
        let breaking = FakeRule(id: "breaks", needle: "price", done: "price)") { offset in [.insert(")", at: offset + 5)] }
        let good = FakeRule(id: "good", needle: "title", done: "title.uppercased()") { offset in [.insert(".uppercased()", at: offset + 5)] }
        let result = fakeEngine([breaking, good]).correct(source, path: "A.swift")
        #expect(result.corrected == "let total = price\nlet name = title.uppercased()\n")
        #expect(result.refused.map(\.reason) == [.syntaxError])
        #expect(result.refused.map(\.diagnostic.rule) == ["breaks"])
    }

    @Test("a file that already has syntax errors may be fixed, but not made worse")
    func existingSyntaxErrors() {
        let source = "let broken = (\nlet name = title\n"
        let good = FakeRule(id: "good", needle: "title", done: "title.uppercased()") { offset in [.insert(".uppercased()", at: offset + 5)] }
        let result = fakeEngine([good]).correct(source, path: "A.swift")
        #expect(result.corrected.contains("title.uppercased()"))
    }

    @Test("a fix whose own edits overlap is refused as invalid")
    func invalidEdits() {
        let bad = FakeRule(id: "bad", needle: "x", done: "never") { offset in
            [TextEdit(start: offset, end: offset + 1, replacement: "y"), TextEdit(start: offset, end: offset + 1, replacement: "z")]
        }
        let result = fakeEngine([bad]).correct("let a = x\n", path: "A.swift")
        #expect(!result.changed)
        #expect(result.refused.map(\.reason) == [.invalidEdits])
    }

    @Test("a rule whose fix never settles is stopped after the last pass and reported")
    func boundedPasses() {
        let restless = FakeRule(id: "restless", needle: "let", done: "never") { offset in [.insert("/**/", at: offset)] }
        let result = fakeEngine([restless], maximumPasses: 3).correct("let a = 1\n", path: "A.swift")
        #expect(result.passes == 3)
        #expect(result.applied.count == 3)
        #expect(result.refused.map(\.reason) == [.conflict])
    }

    // MARK: Files

    @Test("a fixed file is replaced atomically with its permissions kept, and nothing else is left in the folder")
    func writesFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("A.swift", Self.view)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let run = engine.fix(paths: [folder.url.path], write: true)
        #expect(run.files.map(\.outcome) == [.written] && run.errors.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.fixedView)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["A.swift"])
        #expect(engine.fix(paths: [folder.url.path], write: true).files.map(\.outcome) == [.unchanged])
    }

    @Test("a dry run writes nothing")
    func dryRun() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("A.swift", Self.view)
        #expect(engine.fix(paths: [path], write: false).files.map(\.outcome) == [.dryRun])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.view)
    }

    @Test("a file changed on disk after it was read is skipped")
    func changedOnDisk() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("A.swift", Self.view)
        let snapshot = try FixEngine.read(path).get()
        let edited = Self.view + "// edited meanwhile\n"
        try folder.write("A.swift", edited)
        #expect(engine.fix(snapshot, write: true).outcome == .changedOnDisk)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == edited)
    }

    @Test("a read-only file is an error and stays as it was")
    func readOnly() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("A.swift", Self.view)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let file = try #require(engine.fix(paths: [path], write: true).files.first)
        #expect(file.outcome == .failed(FileError(path: path, reason: "the file is read-only; not changed")))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.view)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["A.swift"])
    }

    @Test("a symbolic link stays a link; its target is fixed")
    func symbolicLink() throws {
        let folder = try TemporaryFolder()
        let target = try folder.write("Real.swift", Self.view)
        let link = folder.url.appendingPathComponent("Link.swift").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(engine.fix(paths: [link], write: true).files.map(\.outcome) == [.written])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.fixedView)
    }

    @Test("a file that is not UTF-8 is an error, not a fix")
    func notUTF8() throws {
        let folder = try TemporaryFolder()
        try folder.write("Bad.swift", Data([0x54, 0xFF, 0x0A]))
        let run = engine.fix(paths: [folder.url.path], write: true)
        #expect(run.files.isEmpty)
        #expect(run.errors.map(\.reason) == ["not valid UTF-8; not fixed (save the file as UTF-8)"])
    }
}

@Suite("Unified diff")
struct UnifiedDiffTests {
    @Test("one changed line with three lines of context")
    func oneLine() {
        let old = (1...9).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(UnifiedDiff.diff(old: old, new: new, path: "A.swift") == """
            --- A.swift
            +++ A.swift
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8

            """)
    }

    @Test("an insertion, separate hunks, and headers as diff writes them")
    func hunks() {
        let old = (1...20).map { "\($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "2\n3\n", with: "2\nnew\n3\n").replacingOccurrences(of: "\n18\n", with: "\n")
        #expect(UnifiedDiff.diff(old: old, new: new, path: "B.swift", context: 1) == """
            --- B.swift
            +++ B.swift
            @@ -2,2 +2,3 @@
             2
            +new
             3
            @@ -17,3 +18,2 @@
             17
            -18
             19

            """)
        #expect(UnifiedDiff.diff(old: "a\n", new: "a\nb\n", path: "C.swift", context: 0) == "--- C.swift\n+++ C.swift\n@@ -1,0 +2 @@\n+b\n")
    }

    @Test("CRLF lines keep their line breaks; a missing final line break is marked")
    func lineBreaks() {
        #expect(UnifiedDiff.diff(old: "a\r\nb", new: "a\r\nc", path: "D.swift") == "--- D.swift\n+++ D.swift\n@@ -1,2 +1,2 @@\n a\r\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
        #expect(UnifiedDiff.diff(old: "same\n", new: "same\n", path: "E.swift") == "")
    }
}
