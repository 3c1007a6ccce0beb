import HIGLintCore
import HIGLintRules
import Testing

/// Fixes edit the smallest range, keep the author's comments and expressions, and are not offered where their
/// result would not compile.
@Suite("Fix guards")
struct FixGuardTests {
    func engine(_ rule: String) -> LintEngine {
        LintEngine(ruleTypes: allRules, configuration: { var c = Configuration(); c.onlyRules = [rule]; return c }())
    }

    func corrected(_ source: String, _ rule: String) -> String {
        FixEngine(engine: engine(rule)).correct(source, path: "View.swift").corrected
    }

    @Test("destructive-swipe-without-role leaves a role of the author's own, or one holding a comment, without a fix",
          arguments: [
              #"Row().swipeActions { Button("Delete", role: roleFor(item)) { remove(item) } }"#,
              #"Row().swipeActions { Button("Delete", role: isLocked ? nil : .cancel) { remove(item) } }"#,
              #"Row().swipeActions { Button("Delete", role: . /* not yet */ cancel) { remove(item) } }"#,
          ])
    func roleOfTheAuthor(source: String) throws {
        let finding = try #require(engine("destructive-swipe-without-role").lint(source: source).first)
        #expect(finding.fix == nil)
        #expect(corrected(source, "destructive-swipe-without-role") == source)
    }

    @Test("destructive-swipe-without-role replaces a plain role and keeps the comments around it")
    func plainRoleKeepsComments() {
        let source = #"Row().swipeActions { Button("Delete", /* for now */ role: .none /* see #12 */, action: { remove(item) }) }"#
        #expect(corrected(source, "destructive-swipe-without-role")
            == #"Row().swipeActions { Button("Delete", /* for now */ role: .destructive /* see #12 */, action: { remove(item) }) }"#)
    }

    @Test("unconfirmed-full-swipe leaves allowsFullSwipe of the author's own, or one holding a comment, without a fix",
          arguments: [
              #"Row().swipeActions(allowsFullSwipe: settings.allowsFullSwipe) { Button("Delete", role: .destructive) { remove(item) } }"#,
              #"Row().swipeActions(allowsFullSwipe: !isEditing) { Button("Delete", role: .destructive) { remove(item) } }"#,
          ])
    func fullSwipeOfTheAuthor(source: String) throws {
        let finding = try #require(engine("unconfirmed-full-swipe").lint(source: source).first)
        #expect(finding.fix == nil)
    }

    @Test("unconfirmed-full-swipe turns a written true into false and keeps the comments beside it")
    func literalTrueKeepsComments() {
        let source = #"Row().swipeActions(edge: .trailing /* right */, allowsFullSwipe: true /* fast */) { Button("Delete", role: .destructive) { remove(item) } }"#
        #expect(corrected(source, "unconfirmed-full-swipe")
            == #"Row().swipeActions(edge: .trailing /* right */, allowsFullSwipe: false /* fast */) { Button("Delete", role: .destructive) { remove(item) } }"#)
    }

    @Test("copyable-text-not-selectable offers no fix where a Text is required", arguments: [
        #"let line = Text("Order ") + Text(order.orderNumber)"#,
        #"let line = Text(order.orderNumber).bold() + Text(" shipped")"#,
        "func orderLine() -> Text { Text(order.orderNumber) }",
        "func orderLine() -> Text {\n    return Text(order.orderNumber)\n}",
        "var orderLine: Text { Text(order.orderNumber) }",
        "var orderLine: SwiftUI.Text { get { (Text(order.orderNumber)) } }",
        "let orderLine: Text = Text(order.orderNumber)",
    ])
    func textRequired(source: String) throws {
        let finding = try #require(engine("copyable-text-not-selectable").lint(source: source).first)
        #expect(finding.fix == nil)
    }

    @Test("copyable-text-not-selectable still fixes a Text returned as some View")
    func someViewIsFixed() throws {
        let source = "var orderLine: some View { Text(order.orderNumber) }"
        #expect(corrected(source, "copyable-text-not-selectable") == "var orderLine: some View { Text(order.orderNumber).textSelection(.enabled) }")
    }
}
