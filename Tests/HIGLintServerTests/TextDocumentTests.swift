import Testing
@testable import HIGLintServer

@Suite("Positions in UTF-16, as LSP counts them")
struct TextDocumentTests {
    /// "é" is 2 UTF-8 bytes and 1 UTF-16 unit; "👍" is 4 bytes and 2 units.
    let document = TextDocument(uri: "file:///t.swift", version: 1, text: "let é = \"👍\"; Text(x)\r\nnext\rthird\n")

    @Test("converts a UTF-8 offset after non-ASCII text to a UTF-16 character")
    func offsetToPosition() {
        let offset = Array(document.bytes).firstIndex(of: UInt8(ascii: "T"))!
        #expect(offset == 17)
        #expect(document.position(ofOffset: offset) == Position(line: 0, character: 14))
        #expect(document.offset(of: Position(line: 0, character: 14)) == offset)
    }

    @Test("counts CRLF, CR and LF as line ends")
    func lineEnds() {
        #expect(document.position(ofOffset: document.offset(of: Position(line: 1, character: 0))) == Position(line: 1, character: 0))
        #expect(document.lineText(1) == "next")
        #expect(document.lineText(2) == "third")
        #expect(document.lineCount == 4)
    }

    @Test("clamps positions past a line's end or the document's end")
    func clamping() {
        let endOfFirst = document.offset(of: Position(line: 0, character: 500))
        #expect(document.position(ofOffset: endOfFirst) == Position(line: 0, character: 21))
        #expect(document.offset(of: Position(line: 90, character: 3)) == document.bytes.count)
        #expect(document.offset(of: Position(line: -1, character: 3)) == 0)
        #expect(document.position(ofOffset: 10_000) == Position(line: 3, character: 0))
    }

    @Test("does not split a surrogate pair: a position inside one goes back to the character's start")
    func surrogatePairs() {
        let inside = document.offset(of: Position(line: 0, character: 10))
        #expect(document.position(ofOffset: inside) == Position(line: 0, character: 9))
    }

    @Test("applies incremental changes, in order, and whole-text replacements")
    func changes() {
        var document = document
        document.apply("Label", in: Range(start: Position(line: 0, character: 14), end: Position(line: 0, character: 18)), version: 2)
        #expect(document.lineText(0) == "let é = \"👍\"; Label(x)")
        document.apply("🎉\n", in: Range(start: Position(line: 1, character: 0), end: Position(line: 1, character: 0)), version: 3)
        #expect(document.lineText(1) == "🎉")
        #expect(document.lineText(2) == "next")
        #expect(document.version == 3)
        document.apply("new", in: nil, version: 4)
        #expect(document.text == "new")
    }

    @Test("gives a finding the range of the word it starts at")
    func wordRange() {
        let offset = Array(document.bytes).firstIndex(of: UInt8(ascii: "T"))!
        #expect(document.wordRange(at: offset) == Range(start: Position(line: 0, character: 14), end: Position(line: 0, character: 18)))
    }
}
