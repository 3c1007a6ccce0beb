import Foundation
import HIGLintCore
import HIGLintRules
import HIGLintSwiftUI
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax
import Testing

/// `higlint fix` over every example every rule declares (triggering, non-triggering and corrections): the
/// result must parse as cleanly as the input, the `fixed-font-size` fix may only touch fonts, and comments
/// survive.
@Suite("Fixes over every rule's examples")
struct FixOverExamplesTests {
    struct Example: CustomTestStringConvertible {
        var rule: String
        var code: String
        var configuration: Configuration
        var path: String
        var testDescription: String { "\(rule): \(code.prefix(60))" }
    }

    /// Every Swift example of every rule, without its markers.
    static let examples: [Example] = allRules.filter { $0 is any Rule.Type }.flatMap { rule in
        let description = rule.description
        let all = description.triggeringExamples + description.nonTriggeringExamples + description.corrections.map(\.before)
        return all.map { example in
            Example(rule: description.id, code: ExampleHarness.parseMarkers(example.code).code,
                    configuration: example.configuration, path: example.path)
        }
    }

    static func syntaxErrors(in source: String) -> Int {
        ParseDiagnosticsGenerator.diagnostics(for: Parser.parse(source: source)).count { $0.diagMessage.severity == .error }
    }

    static func correct(_ example: Example, code: String? = nil, only rules: Set<String>? = nil) -> Correction {
        var configuration = example.configuration
        configuration.onlyRules = rules
        let engine = LintEngine(ruleTypes: allRules, configuration: configuration)
        return FixEngine(engine: engine).correct(code ?? example.code, path: example.path)
    }

    @Test("every rule's fixes, applied together, leave code that parses as cleanly as before")
    func fixedCodeParses() {
        var changed = 0
        for example in Self.examples {
            let correction = Self.correct(example)
            #expect(!correction.refused.contains { $0.reason == .syntaxError }, "a fix would break the syntax of \(example.testDescription)")
            guard correction.changed else { continue }
            changed += 1
            #expect(Self.syntaxErrors(in: correction.corrected) <= Self.syntaxErrors(in: example.code),
                    "fixing \(example.rule)'s example gave:\n\(correction.corrected)")
        }
        // The examples hold every rule's corrections, so some fixes must have run.
        #expect(changed >= allRules.filter { !$0.description.corrections.isEmpty }.count)
    }

    @Test("the fixed-font-size fix edits only inside a SwiftUI Font or UIKit/AppKit font expression")
    func fontFixTouchesOnlyFonts() {
        var edits = 0
        for example in Self.examples {
            var configuration = example.configuration
            configuration.onlyRules = ["fixed-font-size"]
            let findings = LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: example.code, path: example.path)
            let file = SwiftUIFile(tree: Parser.parse(source: example.code))
            let fonts = Self.fontCalls(in: file)
            for edit in findings.compactMap(\.fix).flatMap(\.edits) {
                edits += 1
                let inside = fonts.contains { $0.position.utf8Offset <= edit.start && edit.end <= $0.endPosition.utf8Offset }
                #expect(inside, "fixed-font-size edited outside a font in \(example.testDescription)")
            }
        }
        #expect(edits > 0)
    }

    @Test("block comments inserted between the tokens of every example survive every fix", arguments: [1, 3])
    func commentsSurvive(every step: Int) throws {
        var fixed = 0
        for example in Self.examples {
            let (commented, markers) = Self.insertingComments(into: example.code, every: step)
            #expect(Self.syntaxErrors(in: commented) == Self.syntaxErrors(in: example.code))
            let correction = Self.correct(example, code: commented)
            fixed += correction.applied.count
            for marker in markers where !correction.corrected.contains(marker) {
                Issue.record("a fix dropped \(marker) from \(example.testDescription):\n\(correction.corrected)")
            }
        }
        #expect(fixed > 0)
    }

    @Test("a comment inside a font call keeps the font from being rebuilt, and the comment stays")
    func commentInsideFontCall() {
        let example = Example(rule: "fixed-font-size", code: #"Text(title).font(.system(size: 14, /* mock-up */ weight: .medium))"#,
                              configuration: Configuration(), path: "Example.swift")
        let correction = Self.correct(example, only: ["fixed-font-size"])
        #expect(correction.corrected == example.code)
        #expect(correction.remaining.count == 1)
    }

    /// Calls the font model recognises as fonts.
    static func fontCalls(in file: SwiftUIFile) -> [FunctionCallExprSyntax] {
        file.tree.tokens(viewMode: .sourceAccurate).compactMap { token -> FunctionCallExprSyntax? in
            guard FontExpression.factoryNames.contains(token.text),
                  let call = token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self) ?? token.parent?.parent?.as(FunctionCallExprSyntax.self)
            else { return nil }
            return FontExpression(call, in: file) != nil ? call : nil
        }
    }

    /// `code` with `/*cN*/` before every `step`th token that already has whitespace before it, outside string
    /// literals (where a comment would be text), and the markers inserted.
    static func insertingComments(into code: String, every step: Int) -> (String, [String]) {
        let tree = Parser.parse(source: code)
        var utf8 = Array(code.utf8)
        var insertions: [(offset: Int, text: String)] = []
        var eligible = 0
        for token in tree.tokens(viewMode: .sourceAccurate) {
            guard token.leadingTrivia.contains(where: { $0.isWhitespace }), token.tokenKind != .endOfFile, !isInsideStringLiteral(token)
            else { continue }
            eligible += 1
            guard eligible % step == 0 else { continue }
            insertions.append((token.positionAfterSkippingLeadingTrivia.utf8Offset, "/*c\(insertions.count)*/ "))
        }
        for insertion in insertions.reversed() {
            utf8.insert(contentsOf: Array(insertion.text.utf8), at: insertion.offset)
        }
        return (String(decoding: utf8, as: UTF8.self), insertions.map { $0.text.trimmingCharacters(in: .whitespaces) })
    }

    /// A token of a string literal's text or interpolation; the opening quote itself is outside.
    static func isInsideStringLiteral(_ token: TokenSyntax) -> Bool {
        var node = token.parent
        while let current = node {
            if let literal = current.as(StringLiteralExprSyntax.self) {
                return token.id != literal.openingQuote.id && token.id != literal.openingPounds?.id
            }
            node = current.parent
        }
        return false
    }
}
