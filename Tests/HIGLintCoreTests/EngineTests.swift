import Foundation
import HIGLintCore
import HIGLintRules
import Testing

/// A temporary folder that removes itself.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ relativePath: String, _ contents: String) throws -> String {
        try write(relativePath, Data(contents.utf8))
    }

    @discardableResult
    func write(_ relativePath: String, _ data: Data) throws -> String {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file.path
    }
}

let fixedFont = #"Text("Hello").font(.system(size: 13))"# + "\n"

@Suite("Engine")
struct EngineTests {
    let engine = LintEngine(ruleTypes: allRules)

    @Test("a file that is not UTF-8 is an error for that file, and the others are still checked")
    func invalidUTF8() throws {
        let folder = try TemporaryFolder()
        try folder.write("Bad.swift", Data([0x54, 0x65, 0xFF, 0xFE, 0x78]))
        try folder.write("Good.swift", fixedFont)
        let result = engine.lint(paths: [folder.url.path])
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.path.hasSuffix("Bad.swift") == true)
        #expect(result.errors.first?.reason.contains("UTF-8") == true)
        #expect(result.diagnostics.map(\.rule) == ["fixed-font-size"])
        #expect(result.filesChecked == 1)
    }

    @Test("a path that does not exist is a clear error")
    func missingPath() {
        let result = engine.lint(paths: ["/nonexistent/higlint/Missing.swift"])
        #expect(result.errors == [FileError(path: "/nonexistent/higlint/Missing.swift", reason: "no such file or directory")])
    }

    @Test("a binary file named .swift is reported, not parsed")
    func binaryFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("Binary.swift", Data([0x00, 0x01, 0x02, 0xFF]))
        let result = engine.lint(paths: [folder.url.path])
        #expect(result.errors.first?.reason.contains("not") == true)
    }

    @Test("source with syntax errors is still checked as far as the tree allows")
    func syntaxErrors() {
        let source = """
            struct Broken: View {
                var body: some View {
                    VStack {
                        Text("Hello").font(.system(size: 13))
                        let = = =
                    }
            """
        let found = engine.lint(source: source, path: "Broken.swift")
        #expect(found.map(\.rule) == ["fixed-font-size"])
        #expect(found.first?.line == 4)
    }

    @Test("build, dependency and hidden folders are skipped")
    func skippedFolders() throws {
        let folder = try TemporaryFolder()
        for skipped in [".build/x", "Pods/P", "DerivedData/D", "Carthage/C", ".git/g", ".hidden/h", ".swiftpm/s"] {
            try folder.write("\(skipped)/View.swift", fixedFont)
        }
        try folder.write("App/View.swift", fixedFont)
        try folder.write("App/Notes.txt", fixedFont)
        let files = FileCollector.swiftFiles(under: [folder.url.path]).files
        #expect(files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["View.swift"])
        #expect(files.first?.hasSuffix("App/View.swift") == true)
    }

    @Test("a symlink loop does not hang the walk")
    func symlinkLoop() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/View.swift", fixedFont)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("App/Loop").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("App").path)
        let files = FileCollector.swiftFiles(under: [folder.url.path]).files
        #expect(files.count == 1)
    }

    @Test("a folder reached by two routes is walked once, under the shorter route, on every run")
    func twoRoutes() throws {
        let folder = try TemporaryFolder()
        try folder.write("Z/Inner/View.swift", fixedFont)
        try folder.write("Z/Other.swift", fixedFont)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("A").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("Z/Inner").path)
        for _ in 0..<5 {
            let files = FileCollector.swiftFiles(under: [folder.url.path]).files.map { String($0.dropFirst(folder.url.path.count)) }
            #expect(files == ["/A/View.swift", "/Z/Other.swift"])
        }
        // Paths given twice, or one inside the other, list each file once.
        let nested = FileCollector.swiftFiles(under: [folder.url.path + "/Z", folder.url.path]).files
        #expect(nested.count == 2)
    }

    @Test("diagnostics are sorted by path, line, column and rule")
    func sorted() throws {
        let folder = try TemporaryFolder()
        try folder.write("B.swift", fixedFont + fixedFont)
        try folder.write("A.swift", "\n" + fixedFont)
        let result = engine.lint(paths: [folder.url.path])
        let order = result.diagnostics.map { "\(URL(fileURLWithPath: $0.path).lastPathComponent):\($0.line)" }
        #expect(order == ["A.swift:2", "B.swift:1", "B.swift:2"])
    }

    @Test("columns count characters a person sees, not bytes")
    func graphemeColumns() {
        let found = engine.lint(source: #"let 🇯🇵é = 1; Text("Grüße").font(.system(size: 13))"#)
        #expect(found.first?.column == 32)
    }

    @Test("nothing is reported inside #if false")
    func ifFalse() {
        let found = engine.lint(source: "#if false\n" + fixedFont + "#endif\n")
        #expect(found.isEmpty)
    }

    @Test("configuration turns rules off, changes severity and limits to some rules")
    func configuration() {
        var configuration = Configuration()
        configuration.rules["fixed-font-size"] = RuleSettings(severity: .error)
        #expect(LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: fixedFont).first?.severity == .error)
        configuration.rules["fixed-font-size"]?.enabled = false
        #expect(LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: fixedFont).isEmpty)
        configuration = Configuration()
        configuration.onlyRules = ["copyable-text-not-selectable"]
        #expect(LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: fixedFont).isEmpty)
    }

    @Test("configured components are treated like the primitive they wrap")
    func components() {
        let source = #"AvatarImage("portrait")"#
        #expect(engine.lint(source: source).isEmpty)
        var configuration = Configuration()
        configuration.components = ["AvatarImage": "Image"]
        let found = LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: source)
        #expect(found.map(\.rule) == ["image-missing-accessibility-label"])
    }
}

@Suite("Suppression comments")
struct SuppressionTests {
    let engine = LintEngine(ruleTypes: allRules)

    func lines(_ source: String) -> [Int] { engine.lint(source: source).map(\.line) }

    @Test("disable and enable bound a region")
    func region() {
        let source = "// higlint:disable fixed-font-size\n" + fixedFont + "// higlint:enable fixed-font-size\n" + fixedFont
        #expect(lines(source) == [4])
    }

    @Test("disable:next silences only the next line")
    func next() {
        #expect(lines("// higlint:disable:next fixed-font-size - a badge\n" + fixedFont + fixedFont) == [3])
    }

    @Test("disable:this silences its own line")
    func this() {
        #expect(lines(#"Text("Hello").font(.system(size: 13)) // higlint:disable:this fixed-font-size"# + "\n" + fixedFont) == [2])
    }

    @Test("all stands for every rule; other rules are not silenced")
    func all() {
        #expect(lines("// higlint:disable all\n" + fixedFont).isEmpty)
        // The comment silences nothing, which `unused-suppression` reports on its own line.
        #expect(engine.lint(source: "// higlint:disable copyable-text-not-selectable\n" + fixedFont).map { "\($0.line) \($0.rule)" }
            == ["1 unused-suppression", "2 fixed-font-size"])
    }

    @Test("a directive in a string literal is not a directive")
    func notInStrings() {
        #expect(lines("let s = \"// higlint:disable all\"\n" + fixedFont) == [2])
    }
}
