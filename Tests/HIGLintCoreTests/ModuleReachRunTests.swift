import Foundation
import HIGLintCore
import HIGLintRules
import Testing

/// A view type with a fixed font size: a `fixed-font-size` finding wherever its code counts as iOS code that ships.
private func captionView(_ name: String) -> String {
    "import SwiftUI\nstruct \(name): View {\n    var body: some View { Text(\"Hello\").font(.system(size: 13)) }\n}\n"
}

@Suite("Where the module creates a view, in a run")
struct ModuleReachRunTests {
    func findings(_ folder: TemporaryFolder, configure: @escaping @Sendable (inout Configuration) -> Void = { _ in }) throws -> [String] {
        let resolver = try ConfigurationResolver(rules: allRules.map { $0.description }, overrides: configure)
        let result = LintEngine(ruleTypes: allRules, source: resolver).lint(paths: [folder.url.path])
        return result.diagnostics.map { "\(($0.path as NSString).lastPathComponent) \($0.rule)" }.sorted()
    }

    @Test("a view only #if os(macOS) code creates gets no Dynamic Type finding; one iOS creates does")
    func macOnlyCreation() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App/Root.swift", """
            import SwiftUI
            struct Root: View {
                var body: some View {
                    #if os(macOS)
                    MacPane()
                    #else
                    PhonePane()
                    #endif
                }
            }
            """)
        try folder.write("App/MacPane.swift", captionView("MacPane"))
        try folder.write("App/PhonePane.swift", captionView("PhonePane"))
        #expect(try findings(folder) == ["PhonePane.swift fixed-font-size"])
    }

    @Test("a view only previews and test files create is passed over, unless non-shipping code is checked")
    func previewAndTestOnly() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App/Sample.swift", captionView("Sample") + "#Preview { Sample() }\n")
        try folder.write("App/Fixture.swift", captionView("Fixture"))
        try folder.write("App/Shown.swift", captionView("Shown") + "#Preview { Shown() }\n")
        try folder.write("App/Screen.swift", "import SwiftUI\nstruct Screen: View { var body: some View { Shown() } }\n")
        try folder.write("Tests/FixtureTests.swift", "import XCTest\nfinal class FixtureTests: XCTestCase { func test() { _ = Fixture() } }\n")
        #expect(try findings(folder) == ["Shown.swift fixed-font-size"])
        #expect(try findings(folder) { $0.checksNonShippingCode = true } == [
            "Fixture.swift fixed-font-size", "Sample.swift fixed-font-size", "Shown.swift fixed-font-size",
        ])
    }

    @Test("a file linted alone is its own module: a view its own preview creates is still checked")
    func aloneIsNotNarrowed() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("Sample.swift", captionView("Sample") + "#Preview { Sample() }\n")
        let result = LintEngine(ruleTypes: allRules).lint(paths: [path])
        #expect(result.diagnostics.map(\.rule) == ["fixed-font-size"])
    }
}
