import Foundation
import HIGLintCore
import HIGLintRules
import Testing

/// Facts that live in another file of the linted module.
@Suite("Module declarations")
struct ModuleDeclarationTests {
    /// yattee declares its own `swipeActions(config:actions:)` for stacks in one file and uses it in others.
    @Test("an app's own swipeActions declared in another file is not taken for SwiftUI's, unless SwiftUI's labels or buttons are used")
    func ownSwipeActionsInAnotherFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-module-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            extension View {
                func swipeActions(config: SwipeConfig = .init(), @SwipeBuilder actions: () -> [SwipeAction]) -> some View { self }
            }
            """.write(to: folder.appendingPathComponent("SwipeModifier.swift"), atomically: true, encoding: .utf8)
        try """
            struct History: View {
                var body: some View {
                    VStack {
                        ForEach(entries) { entry in
                            Text(entry.query).swipeActions { SwipeAction(symbolImage: "trash") { delete(entry) } }
                        }
                        ForEach(items) { item in
                            Text(item.name).swipeActions(edge: .trailing) { Button("Delete", role: .destructive) { delete(item) } }
                        }
                        ForEach(notes) { note in
                            Text(note.title).swipeActions { Button("Pin") { pin(note) } }
                        }
                    }
                }
            }
            """.write(to: folder.appendingPathComponent("History.swift"), atomically: true, encoding: .utf8)
        var configuration = Configuration()
        configuration.onlyRules = ["swipe-actions-outside-list"]
        let result = LintEngine(ruleTypes: allRules, configuration: configuration).lint(paths: [folder.path])
        #expect(result.diagnostics.map(\.line) == [8, 11])
    }
}

/// The module index across the files of a run, with and without the result cache.
@Suite("Module index in runs")
struct ModuleIndexRunTests {
    static let button = """
        struct Toolbar: View {
            var body: some View { Button(action: close) { CompoundIcon(.close) } }
        }
        """
    static let unlabelledIcon = """
        struct CompoundIcon: View {
            let icon: Icon
            var body: some View { Image(icon.assetName).resizable() }
        }
        """
    static let labelledIcon = """
        struct CompoundIcon: View {
            let icon: Icon
            var body: some View { Image(icon.assetName).accessibilityLabel(icon.title) }
        }
        """

    @Test("a fact declared in one file decides a finding in another, and an edit to that file alone changes it, cache warm or not")
    func editOneFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-index-\(UUID().uuidString)")
        let cacheFolder = folder.appendingPathComponent(".cache")
        let sources = folder.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.button.write(to: sources.appendingPathComponent("Toolbar.swift"), atomically: true, encoding: .utf8)
        let icon = sources.appendingPathComponent("CompoundIcon.swift")
        try Self.unlabelledIcon.write(to: icon, atomically: true, encoding: .utf8)
        var configuration = Configuration()
        configuration.onlyRules = ["icon-only-control-without-label"]
        var engine = LintEngine(ruleTypes: allRules, configuration: configuration)
        #expect(engine.lint(paths: [sources.path]).diagnostics.map(\.line) == [2])
        engine.cache = ResultCache(directory: cacheFolder.path, toolVersion: "test")
        #expect(engine.lint(paths: [sources.path]).diagnostics.map(\.line) == [2])
        #expect(engine.lint(paths: [sources.path]).diagnostics.map(\.line) == [2], "warm run")
        try Self.labelledIcon.write(to: icon, atomically: true, encoding: .utf8)
        #expect(engine.lint(paths: [sources.path]).diagnostics.isEmpty, "after the icon gained a label")
        try Self.unlabelledIcon.write(to: icon, atomically: true, encoding: .utf8)
        #expect(engine.lint(paths: [sources.path]).diagnostics.map(\.line) == [2], "after the label went again")
    }
}
