import HIGLintSwiftUI
import Testing

@Suite("Swift source lexed from its bytes")
struct ByteLexerTests {
    /// What `body` says of `source`'s lexer.
    func lexing<Result>(_ source: String, _ body: (ByteLexer) -> Result) -> Result {
        var text = source
        return text.withUTF8 { body(ByteLexer($0)) }
    }

    /// The literal starting at the first `"` or `#` of `source`: its text, its parts, whether it is terminated, and
    /// how deep it nests.
    func literal(_ source: String) -> (text: String, parts: [String], terminated: Bool, nesting: Int) {
        lexing(source) { lexer in
            let start = source.utf8.firstIndex { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "#") }!
            let offset = source.utf8.distance(from: source.utf8.startIndex, to: start)
            var parts: [String] = []
            let found = lexer.stringLiteral(at: offset) { part in
                switch part {
                case .text(let range): parts.append("text \(lexer.text(range))")
                case .identifier(let range): parts.append("name \(lexer.text(range))")
                }
            }
            return (lexer.text(found.start..<found.end), parts, found.isTerminated, found.nesting)
        }
    }

    @Test("string literals end at their closing delimiter, past escapes, raw delimiters and interpolations")
    func literals() {
        #expect(literal(#"let a = "one \"two\" three" + b"#).text == #""one \"two\" three""#)
        #expect(literal(##"let a = #"raw "quoted" \(not)"# + b"##).text == ##"#"raw "quoted" \(not)"#"##)
        #expect(literal(###"let a = ##"a "# b"## + c"###).text == ###"##"a "# b"##"###)
        #expect(literal("let a = \"\"\"\n  \"quoted\" \"\"\n  \"\"\" + b").text == "\"\"\"\n  \"quoted\" \"\"\n  \"\"\"")
        #expect(literal(#"let a = "x \(f(")", [1])) y" + b"#).text == #""x \(f(")", [1])) y""#)
        #expect(literal(##"let a = #"x \#(g("\(h)")) y"# + b"##).text == ##"#"x \#(g("\(h)")) y"#"##)
    }

    @Test("a literal's parts: its own text around interpolations, and the names in their code at any depth")
    func parts() {
        #expect(literal(#"Text("a\(first)b\(f(second, "c\(third)"))d")"#).parts
                == ["text a", "name first", "text b", "name f", "name second", "name third", "text d"])
        #expect(literal(#""\(x)""#).parts == ["text ", "name x", "text "])
        #expect(literal(##"#"\(x) \#(y /* z */)"#"##).parts == [##"text \(x) "##, "name y", "text "])
        #expect(literal(#""\(1x + x2)""#).parts == ["text ", "name x", "name x2", "text "])
    }

    @Test("interpolations and the brackets in their code give a literal's nesting")
    func nesting() {
        #expect(literal(#""plain""#).nesting == 0)
        #expect(literal(#""\(x)""#).nesting == 1)
        #expect(literal(#""\(f("\(g(x))"))""#).nesting == 4)
        #expect(literal(##"#"\#((x))\(y)"#"##).nesting == 2)
    }

    @Test("a single-line literal ends unterminated at a line break, in its text or an interpolation's code; a multi-line one goes on")
    func lineBreaks() {
        let open = literal("let a = \"one\nlet b = 2")
        #expect(open.text == "\"one" && !open.terminated)
        let interpolated = literal("let a = \"\\(f(\n x))\"")
        #expect(interpolated.text == "\"\\(f(" && !interpolated.terminated)
        let multiline = literal("let a = \"\"\"\n\\(items.map { item in\n  \"- \\(item)\"\n})\n\"\"\"\nlet b = 2")
        #expect(multiline.terminated && multiline.parts.contains("name item"))
        #expect(multiline.text.hasSuffix("})\n\"\"\""))
        #expect(!literal("let a = #\"never closed\"").terminated)
        #expect(!literal("let a = \"\\(never closed").terminated)
    }

    @Test("comments end at their line or their matching */, nested; a comment not closed ends with the file")
    func comments() {
        lexing("a // b\nc /* d /* e */ f */ g /* open") { lexer in
            #expect(lexer.commentEnd(at: 0) == nil)
            #expect(lexer.commentEnd(at: 2) == 6)
            #expect(lexer.commentEnd(at: 9).map { lexer.text(9..<$0) } == "/* d /* e */ f */")
            #expect(lexer.commentEnd(at: 29) == lexer.bytes.count)
            #expect(lexer.nextNonSpace(from: 1) == 7)
            #expect(lexer.previousNonSpace(before: 2) == 0)
        }
    }

    @Test("a bracket's match is found past strings and comments; none where a literal in between is not closed")
    func brackets() {
        lexing(#"f(a, ")", [b] /* ) */, { c }) + "x""#) { lexer in
            #expect(lexer.matchingClose(of: 1).map { lexer.text(1..<$0 + 1) } == #"(a, ")", [b] /* ) */, { c })"#)
        }
        lexing("f(a, \"open\n)") { lexer in #expect(lexer.matchingClose(of: 1) == nil) }
    }

    @Test("literals and interpolations nested a hundred thousand deep are read without recursion")
    func deepNesting() {
        let depth = 100_000
        let source = String(repeating: "\"\\(", count: depth) + "x" + String(repeating: ")\"", count: depth)
        let found = literal(source)
        #expect(found.terminated)
        #expect(found.nesting == depth)
        #expect(found.parts == ["text ", "name x", "text "])
    }
}
