import Foundation
import HIGLintSwiftUI
import SwiftParser
import SwiftSyntax
import Testing

private final class EveryNode: SyntaxAnyVisitor {
    var mismatches: [(ours: String, swiftSyntax: String)] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if node.trimmedSource != node.trimmedDescription { mismatches.append((node.trimmedSource, node.trimmedDescription)) }
        return .visitChildren
    }
}

@Suite("Source text")
struct SourceTextTests {
    func mismatches(in source: String) -> [(ours: String, swiftSyntax: String)] {
        let visitor = EveryNode(viewMode: .all)
        visitor.walk(Parser.parse(source: source))
        return visitor.mismatches
    }

    @Test("trimmedSource says what trimmedDescription says, on every node of the example app")
    func exampleApp() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(!files.isEmpty)
        for file in files {
            let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            #expect(mismatches(in: source).isEmpty, "\(file)")
        }
    }

    @Test("and on comments, directives and a byte order mark")
    func trivia() {
        let sources = [
            "/* a */ let x: /* b */ Int /* c */ = 1 // d\n",
            "#if os(iOS)\n@available(iOS 17, *) struct A {}\n#endif",
            "\u{FEFF}let s = \"\\(a)\"",
        ]
        for source in sources { #expect(mismatches(in: source).isEmpty, "\(source)") }
    }

    /// SwiftSyntax trims the trivia of the last token even when it is a missing one, which keeps the space
    /// before it (`Text( ` for `Text( }`); ours trims the last token written. Only broken code has missing tokens.
    @Test("on broken code, only the space before a missing last token differs")
    func brokenCode() {
        for source in ["struct S: View { var body: some View { Text( } ", "func f( -> { let = = }"] {
            for (ours, swiftSyntax) in mismatches(in: source) {
                #expect(ours == swiftSyntax.trimmingCharacters(in: .whitespaces), "\(source)")
            }
        }
    }
}

private final class NodeCollector: SyntaxAnyVisitor {
    var nodes: [Syntax] = []
    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        nodes.append(node)
        return .visitChildren
    }
}

@Suite("Remembered walks up the tree")
struct RememberedWalkTests {
    static let source = """
        #if os(iOS)
        struct A: View {
            var body: some View {
                Text("a")
                #if os(macOS)
                    .padding()
                #elseif targetEnvironment(macCatalyst) || os(visionOS)
                    .bold()
                #else
                    .italic()
                #endif
            }
        }
        #else
        extension B { func f() { Image("x") } }
        #endif
        enum C { case x; var y: some View { Text("c") } }
        """

    @Test("the file's remembered answers equal the plain walk's, asked in any order")
    func sameAnswers() {
        // Deepest first, then shallowest first: memos filled from either end must agree with the plain walk.
        for deepestFirst in [true, false] {
            let (file, tree) = model(Self.source)
            let collector = NodeCollector(viewMode: .sourceAccurate)
            collector.walk(tree)
            for node in deepestFirst ? collector.nodes.reversed() : collector.nodes {
                #expect(file.platforms(of: node) == node.platforms, "\(node.kind)")
                var plain: String?
                var current = node.parent
                while let ancestor = current, plain == nil {
                    plain = ancestor.as(StructDeclSyntax.self)?.name.text ?? ancestor.as(EnumDeclSyntax.self)?.name.text
                        ?? ancestor.as(ExtensionDeclSyntax.self)?.extendedType.trimmedSource
                    current = ancestor.parent
                }
                #expect(file.enclosingType(of: node)?.name == plain.flatMap { file.types[$0]?.name }, "\(node.kind)")
            }
        }
    }
}
