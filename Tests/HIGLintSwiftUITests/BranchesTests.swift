import HIGLintSwiftUI
import SwiftParser
import SwiftSyntax
import Testing

@Suite("Branches of if and switch")
struct BranchesTests {
    /// The call named `name` in `source`.
    func call(_ name: String, in tree: SourceFileSyntax) throws -> FunctionCallExprSyntax {
        try #require(tree.tokens(viewMode: .sourceAccurate).first { $0.text == name }?.parent?.parent?.as(FunctionCallExprSyntax.self))
    }

    @Test("views in the two branches of one if are alternatives; views of one branch, or outside it, are not", arguments: [
        ("if failed { Retry() } else { Rows() }", true),
        ("if failed { Retry(); Rows() }", false),
        ("VStack { Retry(); if failed { Rows() } }", false),
        ("switch state { case .failed: Retry()\n case .loaded: Rows() }", true),
        ("if a { if b { Retry() } } else { Rows() }", true),
    ])
    func alternatives(source: String, expected: Bool) throws {
        let tree = Parser.parse(source: source)
        let retry = try call("Retry", in: tree), rows = try call("Rows", in: tree)
        #expect(retry.isAlternative(to: rows) == expected)
        #expect(rows.isAlternative(to: retry) == expected)
    }

    @Test("the top-level statement of a node is the item of the file that holds it")
    func topLevel() throws {
        let tree = Parser.parse(source: "Retry()\nstruct A { func f() { Rows() } }\n")
        #expect(try call("Retry", in: tree).topLevelStatement?.trimmedDescription == "Retry()")
        #expect(try call("Rows", in: tree).topLevelStatement?.item.is(StructDeclSyntax.self) == true)
    }
}
