@testable import HIGLintCore
import Testing

@Suite("Cached findings codec")
struct DiagnosticCodecTests {
    static let tricky: [Diagnostic] = [
        Diagnostic(rule: "fixed-font-size", section: .text, severity: .warning, path: "/a b/Ü.swift", line: 1, column: 2,
                   offset: 3, message: "Use `.body`; 13 pt", fix: nil, lineText: nil),
        Diagnostic(rule: "x", section: .lists, severity: .error, path: "", line: 0, column: 0, offset: 0,
                   message: "", fix: Fix(title: "t\tab\nnew", edits: [TextEdit(start: 1, end: 1, replacement: "a\n\tb;1:-"),
                                                                      TextEdit(start: 5, end: 9, replacement: "")]),
                   lineText: "  Text(\"\u{1E}\u{0}é👩‍👩‍👧\")  "),
        Diagnostic(rule: "raster-asset-missing-scales", section: .images, severity: .note, path: "A.xcassets/I.imageset/Contents.json",
                   line: 1, column: 1, offset: 0, message: "-", fix: Fix(title: "-", edits: []), lineText: ""),
    ]

    @Test("findings come back exactly as they went in, whatever their text holds")
    func roundTrip() {
        for diagnostics in [[], Self.tricky, Array(repeating: Self.tricky[1], count: 50)] {
            let encoded = DiagnosticCodec.encode(diagnostics)
            #expect(encoded.withUnsafeBytes { DiagnosticCodec.decode($0) } == diagnostics)
        }
    }

    @Test("the count of suppressed findings comes back with them; a damaged count is refused")
    func suppressedCount() {
        for (diagnostics, suppressed) in [([], 3), (Self.tricky, 1), (Self.tricky, 0)] {
            let encoded = DiagnosticCodec.encode(diagnostics, suppressed: suppressed)
            #expect(encoded.withUnsafeBytes { DiagnosticCodec.decodeFindings($0) } == FileFindings(diagnostics: diagnostics, suppressed: suppressed))
            #expect(encoded.withUnsafeBytes { DiagnosticCodec.decode($0) } == diagnostics)
        }
        for damaged in ["0;s", "0;s0;", "0;s2", "0;s2;s1;", "0;s-1;"] {
            #expect(Array(damaged.utf8).withUnsafeBytes { DiagnosticCodec.decodeFindings($0) } == nil, "\(damaged)")
        }
    }

    @Test("anything else is refused, not guessed at")
    func refusesDamage() {
        let encoded = DiagnosticCodec.encode(Self.tricky)
        for cut in [1, 2, 10, encoded.count / 2, encoded.count - 1] {
            #expect(Array(encoded.prefix(cut)).withUnsafeBytes { DiagnosticCodec.decode($0) } == nil, "cut at \(cut)")
        }
        for garbage in ["", "[]", "x", "3;", "1;99999999999999999999:a", "1;5:abc", "-1;"] {
            #expect(Array(garbage.utf8).withUnsafeBytes { DiagnosticCodec.decode($0) } == nil, "\(garbage)")
        }
        #expect((encoded + [0x20]).withUnsafeBytes { DiagnosticCodec.decode($0) } == nil)
    }
}

@Suite("Content hash")
struct ContentHashTests {
    func hash(_ bytes: [UInt8]) -> ContentHash { bytes.withUnsafeBytes { ContentHash($0) } }

    @Test("every byte counts, in the lanes and in the tail; the length counts too")
    func everyByteCounts() {
        let base = (0..<101).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        var seen: Set<UInt64> = [hash(base).value]
        for position in base.indices {
            var changed = base
            changed[position] ^= 0x01
            #expect(seen.insert(hash(changed).value).inserted, "flipping byte \(position) gave a hash seen before")
        }
        #expect(hash(base + [0]).value != hash(base).value)
        #expect(hash([]).count == 0 && hash([0]).value != hash([]).value)
    }

    /// Keys are written to disk and compared across runs (and machines sharing a cache folder): the values are pinned.
    @Test("the same bytes give the same hash on every run and platform")
    func pinned() {
        let text = Array("struct ContentView: View { var body: some View { Text(\"Hello, world!\") } }\n".utf8)
        #expect(hash(text).hex == "\(ContentHashTests.pinnedValue) n\(text.count)")
    }

    static let pinnedValue = "964d3e2a9fe4e383"
}
