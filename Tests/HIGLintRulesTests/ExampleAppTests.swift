import Foundation
import HIGLintCore
import HIGLintRules
import Testing

@Suite("Example app")
struct ExampleAppTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    @Test("Examples/ shows every rule firing at least once, and checks cleanly")
    func everyRuleFires() {
        let result = LintEngine(ruleTypes: allRules).lint(paths: [Self.examples.path])
        #expect(result.errors.isEmpty, "\(result.errors)")
        let fired = Set(result.diagnostics.map(\.rule))
        for rule in allRules {
            #expect(fired.contains(rule.description.id), "no example of \(rule.description.id) in Examples/")
        }
    }
}
