import Testing
@testable import HIGLintServer

@Suite("MCP tools")
struct MCPToolsTests {
    @Test("explain_rule suggests the id a mistyped one most likely meant, as configuration errors do",
          arguments: [("fixed_font_size", "did you mean 'fixed-font-size'?"), ("font-size", "did you mean 'fixed-font-size'?"),
                      ("zzz", "unknown rule 'zzz'; list_rules lists them")])
    func unknownRule(id: String, expected: String) {
        #expect(MCPTools.unknownRule(id).contains(expected))
    }
}
