import HIGLintCore
import HIGLintRules
import Testing

/// The edits rules build, checked through a rule that appends a modifier.
@Suite("Fix builder and applier")
struct FixBuilderTests {
    func corrected(_ source: String) throws -> String {
        var configuration = Configuration()
        configuration.onlyRules = ["copyable-text-not-selectable"]
        let found = LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: source)
        return try FixApplier.apply(found.compactMap(\.fix).flatMap(\.edits), to: source)
    }

    @Test("a modifier added to a CRLF chain gets a CRLF line break")
    func crlfChain() throws {
        let source = "Text(order.trackingNumber)\r\n    .font(.body)\r\n"
        #expect(try corrected(source) == "Text(order.trackingNumber)\r\n    .font(.body)\r\n    .textSelection(.enabled)\r\n")
    }

    @Test("a comment ending the chain's last line stays on that line")
    func trailingCommentStays() throws {
        let source = "Text(order.trackingNumber)\n\t.font(.body) // monospaced looks odd here\nText(\"x\")\n"
        #expect(try corrected(source) == "Text(order.trackingNumber)\n\t.font(.body) // monospaced looks odd here\n\t.textSelection(.enabled)\nText(\"x\")\n")
    }

    @Test("a one-line chain gets the modifier inline, before its comment")
    func inlineBeforeComment() throws {
        #expect(try corrected("Text(order.trackingNumber) // code\n") == "Text(order.trackingNumber).textSelection(.enabled) // code\n")
    }

    @Test("a chain followed by more code on its last line keeps that code after the modifier")
    func codeAfterChain() throws {
        let source = "VStack {\n    Text(order.trackingNumber)\n        .font(.body) }\n"
        #expect(try corrected(source) == "VStack {\n    Text(order.trackingNumber)\n        .font(.body)\n        .textSelection(.enabled) }\n")
    }

    @Test("insertions at one offset keep the order they are given in")
    func sameOffsetOrder() throws {
        let edits = [TextEdit.insert("a", at: 1), .insert("b", at: 1), .insert("c", at: 1)]
        #expect(try FixApplier.apply(edits, to: "xy") == "xabcy")
        #expect(try FixApplier.apply(edits.reversed(), to: "xy") == "xcbay")
    }

    @Test("conflicts: overlaps, an insertion inside a replacement, two insertions at one offset")
    func conflicts() {
        let replace = TextEdit(start: 2, end: 5, replacement: "z")
        #expect(FixApplier.conflict(replace, TextEdit(start: 4, end: 6, replacement: "")))
        #expect(FixApplier.conflict(replace, .insert("q", at: 3)))
        #expect(FixApplier.conflict(.insert("q", at: 3), .insert("r", at: 3)))
        #expect(!FixApplier.conflict(replace, .insert("q", at: 2)))
        #expect(!FixApplier.conflict(replace, .insert("q", at: 5)))
        #expect(!FixApplier.conflict(replace, TextEdit(start: 5, end: 7, replacement: "")))
    }
}
