import Foundation
@testable import HIGLintCore
import HIGLintRules
import Testing

/// A file on one long line with thousands of findings costs memory and time linear in its size: each finding
/// shares the one copy of its line, and columns are counted on from the finding before.
@Suite("Long lines")
struct LongLineTests {
    static let item = "Text(o.title).font(.system(size: 17)); "
    let engine = LintEngine(ruleTypes: allRules, configuration: { var c = Configuration(); c.onlyRules = ["fixed-font-size"]; return c }())

    func oneLine(_ count: Int, separator: String = "") -> String {
        "struct W: View { var body: some View { VStack { " + (0..<count).map { _ in Self.item }.joined(separator: separator) + "} } }\n"
    }

    func storage(_ text: String) -> UnsafePointer<UInt8>? {
        var copy = text
        return copy.withUTF8 { $0.baseAddress }
    }

    @Test("findings on one line share one copy of it")
    func sharedLine() throws {
        let found = engine.lint(source: oneLine(2_000), path: "W.swift")
        #expect(found.count == 2_000)
        let first = try #require(found.first?.lineText)
        #expect(found.allSatisfy { storage($0.lineText!) == storage(first) })
    }

    @Test("columns on a long line with multibyte text match counting from the line's start")
    func columnsOnALongLine() throws {
        let source = oneLine(300, separator: "/* é 👩‍👩‍👧 */ ")
        let found = engine.lint(source: source, path: "W.swift")
        #expect(found.count == 300)
        let bytes = Array(source.utf8)
        for finding in found {
            let naive = String(decoding: bytes[..<finding.offset], as: UTF8.self).count + 1
            #expect(finding.column == naive)
        }
    }

    @Test("the cache stores a line shared by many findings once, and reads it back shared")
    func cacheStoresTheLineOnce() throws {
        let source = oneLine(2_000)
        let found = engine.lint(source: source, path: "W.swift")
        let encoded = DiagnosticCodec.encode(found)
        #expect(encoded.count < source.utf8.count + found.count * 400)
        let decoded = try #require(encoded.withUnsafeBytes { DiagnosticCodec.decode($0) })
        #expect(decoded == found)
        #expect(decoded.allSatisfy { storage($0.lineText!) == storage(decoded[0].lineText!) })
    }

    @Test("fingerprints of findings on one line are those of the formula, computed once per line")
    func fingerprints() {
        let found = engine.lint(source: oneLine(50), path: "W.swift")
        let prints = Fingerprint.compute(found) { $0.path }
        let normalized = Fingerprint.normalize(found[0].lineText!)
        for (index, print) in prints.enumerated() {
            #expect(print == Fingerprint.hash([found[index].rule, "W.swift", normalized, String(index)]))
        }
        #expect(Set(prints).count == 50)
    }
}
