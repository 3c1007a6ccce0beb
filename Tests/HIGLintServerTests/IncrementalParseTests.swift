import SwiftParser
import SwiftSyntax
import Testing
@testable import HIGLintServer

/// The servers reparse edited buffers incrementally; the tree must be the one a whole parse gives, whatever the
/// edits, or findings would differ from `higlint lint` on the same text.
@Suite("Incremental reparse of edited buffers")
struct IncrementalParseTests {
    static let source = """
        import SwiftUI

        struct Row: View {
            @State private var items: [String] = []
            var body: some View {
                List {
                    ForEach(items, id: \\.self) { item in
                        Text("Grüße 👋🏽 \\(item)").font(.system(size: 17))
                            .swipeActions { Button("Delete", role: .destructive) { items.removeAll { $0 == item } } }
                    }
                }
            }
        }

        struct Other: View {
            var body: some View { Image("photo") }
        }
        """

    /// Edits as an editor sends them: (line, character, end line, end character, text), UTF-16 positions.
    static let edits: [(Int, Int, Int, Int, String)] = [
        (7, 0, 7, 0, " "),                    // a space typed at the start of a line
        (7, 0, 7, 1, ""),                     // and deleted again
        (7, 35, 7, 52, ".body"),              // a finding's argument replaced
        (15, 26, 15, 40, "Text(\"é\")"),      // a declaration's body rewritten
        (4, 4, 4, 4, "func helper() {}\n    "), // a member added
        (12, 1, 12, 1, "\n\nstruct Added: View { var body: some View { Text(\"x\") } }"),
        (2, 0, 2, 6, "class"),                // a declaration's kind changed: nothing after it may be reused blindly
        (5, 8, 5, 12, "Lis"),                 // a syntax error typed
        (5, 8, 5, 11, "List"),                // and fixed
    ]

    @Test("a buffer reparsed after each edit, in the document or in several edits at once, equals a whole parse")
    func documentEdits() {
        var document = TextDocument(uri: "file:///Row.swift", version: 1, text: Self.source)
        let first = document.parse()
        document.adopt(first, parsedFrom: document)
        for (index, (line, character, endLine, endCharacter, text)) in Self.edits.enumerated() {
            let range = HIGLintServer.Range(start: Position(line: line, character: character), end: Position(line: endLine, character: endCharacter))
            document.apply(text, in: range, version: index + 2)
            // Every other edit is parsed; the ones between are reparsed two at a time.
            guard index % 2 == 1 || index == Self.edits.count - 1 else { continue }
            let parsed = document.parse()
            #expect(parsed.tree.description == document.text)
            #expect(parsed.tree.debugDescription == Parser.parse(source: document.text).debugDescription, "after edit \(index)")
            document.adopt(parsed, parsedFrom: document)
            #expect(document.syntax.edits.isEmpty)
        }
    }

    @Test("edits made while a parse runs are kept for the next one; a late parse of an older state is not adopted")
    func adoption() {
        var document = TextDocument(uri: "file:///Row.swift", version: 1, text: Self.source)
        let snapshot = document
        let parsed = snapshot.parse()
        document.apply("// typed meanwhile\n", in: HIGLintServer.Range(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)), version: 2)
        document.adopt(parsed, parsedFrom: snapshot)
        #expect(document.syntax.edits.count == 1)
        #expect(document.parse().tree.debugDescription == Parser.parse(source: document.text).debugDescription)

        let newer = document.parse()
        let older = snapshot.parse()
        document.adopt(newer, parsedFrom: document)
        document.adopt(older, parsedFrom: snapshot)   // too late: the newer parse is the base now
        #expect(document.syntax.parsed?.tree.description == document.text)

        // A document closed and opened again starts a lineage of its own.
        let reopened = TextDocument(uri: "file:///Row.swift", version: 1, text: "struct A {}\n")
        var replaced = reopened
        replaced.adopt(older, parsedFrom: snapshot)
        #expect(replaced.syntax.parsed == nil)
    }

    @Test("whole texts, as clients without incremental sync and agents send them, reparse from their difference")
    func wholeTexts() {
        var document = TextDocument(uri: "file:///Row.swift", version: 1, text: Self.source)
        document.adopt(document.parse(), parsedFrom: document)
        let recent = RecentParses()
        var text = Self.source
        _ = recent.tree(of: text, path: "/root/Row.swift")
        let steps = [("Image(\"photo\")", "Text(\"ß\")"), ("Text(\"ß\")", "Image(systemName: \"star\")"),
                     ("Image(systemName: \"star\")", "EmptyView()"), ("EmptyView()", "Text(\"👋🏽👋🏽\").font(.title)")]
        for (index, (old, new)) in steps.enumerated() {
            text = text.replacingOccurrences(of: old, with: new)
            document.apply(text, in: nil, version: index + 2)
            let parsed = document.parse()
            #expect(parsed.tree.debugDescription == Parser.parse(source: text).debugDescription)
            document.adopt(parsed, parsedFrom: document)
            #expect(recent.tree(of: text, path: "/root/Row.swift").debugDescription == Parser.parse(source: text).debugDescription)
        }
    }
}
