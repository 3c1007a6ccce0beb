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
