import Foundation
import HIGLintCore
import HIGLintRules
import SwiftParser
import SwiftSyntax
import Testing

/// A property of every fix: comments written anywhere in the code it corrects are still there afterwards.
///
/// Each rule's correction examples get comments inserted before randomly chosen tokens (seeded, so a failure
/// repeats), and `fix` runs over them. A fix may be refused or not offered on the commented code; what it may
/// never do is delete a comment.
@Suite("Comments survive fixes")
struct CommentSurvivalTests {
    static let fixableIDs = allRules.map { $0.description }.filter { $0.isFixable && !$0.corrections.isEmpty }.map(\.id)

    /// SplitMix64: a small generator whose sequence is the same on every platform.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// UTF-8 offsets before tokens where a comment keeps the code's meaning: not inside a string literal, not
    /// after a `.`, `@`, `#`, `\` or `$` that binds to what follows.
    static func insertionPoints(_ code: String) -> [Int] {
        let tree = Parser.parse(source: code)
        var points: [Int] = []
        var previous: TokenSyntax?
        for token in tree.tokens(viewMode: .sourceAccurate) {
            defer { previous = token }
            guard token.tokenKind != .endOfFile,
                  !isInStringLiteral(token),
                  !token.tokenKind.isBinding, !(previous?.tokenKind.isBinding ?? false)
            else { continue }
            points.append(token.positionAfterSkippingLeadingTrivia.utf8Offset)
        }
        return points
    }

    static func isInStringLiteral(_ token: TokenSyntax) -> Bool {
        var node: Syntax? = Syntax(token)
        while let current = node {
            if current.is(StringLiteralExprSyntax.self) { return true }
            node = current.parent
        }
        return false
    }

    /// `code` with `count` numbered comments before random insertion points, and the comments.
    static func withComments(_ code: String, count: Int, using generator: inout SeededGenerator) -> (String, [String]) {
        let points = insertionPoints(code)
        guard !points.isEmpty else { return (code, []) }
        var chosen = Set<Int>()
        for _ in 0..<count { chosen.insert(points.randomElement(using: &generator)!) }
        var bytes = Array(code.utf8)
        var comments: [String] = []
        for (number, offset) in chosen.sorted(by: >).enumerated() {
            let comment = number.isMultiple(of: 2) ? "/* note \(number) */ " : "// note \(number)\n"
            comments.append(comment.trimmingCharacters(in: .whitespacesAndNewlines))
            bytes.insert(contentsOf: Array(comment.utf8), at: offset)
        }
        return (String(decoding: bytes, as: UTF8.self), comments)
    }

    @Test("random comments inserted into a rule's correction examples survive fix", arguments: fixableIDs)
    func commentsSurvive(id: String) {
        let description = rule(withID: id)!.description
        var generator = SeededGenerator(state: 0x4849_474C_696E_74)
        var lost: [String] = []
        for (before, _) in description.corrections {
            var configuration = before.configuration
            configuration.onlyRules = [id]
            let engine = LintEngine(ruleTypes: allRules, configuration: configuration)
            let fixer = FixEngine(engine: engine)
            let code = ExampleHarness.parseMarkers(before.code).code
            for _ in 0..<12 {
                let (commented, comments) = Self.withComments(code, count: 3, using: &generator)
                let corrected = fixer.correct(commented, path: before.path).corrected
                for comment in comments where !corrected.contains(comment) {
                    lost.append("\(comment) in:\n\(commented)\n→\n\(corrected)")
                }
            }
        }
        #expect(lost.isEmpty, "\(id) lost comments:\n\(lost.prefix(3).joined(separator: "\n\n"))")
    }
}

private extension TokenKind {
    /// Tokens that bind to the token after them, where a comment between would change or break the code.
    var isBinding: Bool {
        switch self {
        case .period, .atSign, .pound, .backslash: true
        default: false
        }
    }
}
