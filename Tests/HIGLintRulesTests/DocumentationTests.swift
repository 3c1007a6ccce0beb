import Foundation
import HIGLintCore
import HIGLintRules
import Testing

@Suite("Documentation")
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("Documentation/Rules.md is what `higlint rules --markdown` generates from the rule declarations")
    func ruleReferenceIsCurrent() throws {
        let committed = try String(contentsOf: Self.root.appendingPathComponent("Documentation/Rules.md"), encoding: .utf8)
        let generated = RuleDocumentation.markdown(of: allRules.map { $0.description })
        #expect(committed == generated, "run `swift run higlint rules --markdown > Documentation/Rules.md`")
    }

    @Test("explain and the reference show every declared word list with its defaults and both options")
    func wordListsAreShown() {
        let reference = RuleDocumentation.markdown(of: allRules.map { $0.description })
        for rule in allRules {
            let description = rule.description
            let explanation = RuleDocumentation.explanation(of: description)
            for list in description.wordLists {
                for text in [explanation, reference] {
                    #expect(text.contains(list.extendingOption) && text.contains(list.shrinkingOption), "\(description.id): \(list.name)")
                    #expect(list.defaults.allSatisfy(text.contains), "\(description.id): defaults of \(list.name)")
                }
                #expect(description.kind(ofOption: list.shrinkingOption) == .words, "\(description.id): \(list.shrinkingOption)")
            }
        }
    }

    @Test("the README names every rule")
    func readmeNamesEveryRule() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        for rule in allRules {
            #expect(readme.contains("`\(rule.description.id)`"), "README.md does not mention \(rule.description.id)")
        }
    }

    @Test("rule ids are unique, kebab-case, and named after their type")
    func ruleIdentity() {
        let ids = allRules.map { $0.description.id }
        #expect(Set(ids).count == ids.count)
        for rule in allRules {
            let id = rule.description.id
            #expect(id.allSatisfy { $0.isLowercase || $0 == "-" })
            let typeName = String(describing: rule)
            let expected = id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            #expect(typeName.lowercased() == expected.lowercased(), "\(typeName) should be named after \(id)")
        }
    }
}
