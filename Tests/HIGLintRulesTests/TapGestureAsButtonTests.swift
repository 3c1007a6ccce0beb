import HIGLintCore
import HIGLintRules
import Testing

@Suite("tap-gesture-as-button")
struct TapGestureAsButtonTests {
    let engine = LintEngine(ruleTypes: allRules, configuration: { var c = Configuration(); c.onlyRules = ["tap-gesture-as-button"]; return c }())

    @Test("says cell in a grid and names TapGesture() when that is the gesture")
    func cellInGrid() throws {
        let finding = try #require(engine.lint(source: """
            LazyVGrid(columns: columns) {
                ForEach(photos) { photo in
                    PhotoCell(photo: photo).gesture(TapGesture().onEnded { open(photo) })
                }
            }
            """).first)
        #expect(finding.message.hasPrefix("This cell acts on `TapGesture()`, which has no pressed state or button trait"))
    }

    @Test("with the button trait, says what is still missing instead of claiming the trait is")
    func traitPresent() throws {
        let finding = try #require(engine.lint(source: """
            List(orders) { order in
                OrderRow(order: order)
                    .onTapGesture { open(order) }
                    .accessibilityAddTraits(.isButton)
            }
            """).first)
        #expect(finding.message.hasPrefix("This row acts on `.onTapGesture`; its button trait or accessibility action still gives no pressed state"))
        #expect(!finding.message.contains("no pressed state or button trait"))
    }
}
