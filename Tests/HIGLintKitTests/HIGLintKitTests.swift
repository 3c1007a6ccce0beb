import Foundation
import HIGLintKit
import Testing

/// The library's whole public surface, as another package uses it (`Fixtures/LibraryConsumer` does the same from
/// outside, through `.ci/library-consumer-tests`).
@Suite("HIGLintKit")
struct HIGLintKitTests {
    static let receipt = "struct Receipt: View {\n    var body: some View { Text(order.title).font(.system(size: 17)) }\n}\n"

    @Test("lints source text into findings that print as compilers print them")
    func source() {
        let findings = HIGLint.lint(source: Self.receipt, path: "Receipt.swift")
        #expect(findings.map(\.rule) == ["fixed-font-size"])
        let finding = findings[0]
        #expect((finding.line, finding.column, finding.severity) == (2, 50, "warning"))
        #expect(finding.fixTitle != nil)
        #expect(finding.description.hasPrefix("Receipt.swift:2:50: warning: This font has a fixed size"))
        #expect(finding.description.hasSuffix(" [fixed-font-size]"))
        #expect(HIGLint.lint(source: Self.receipt, only: ["image-missing-accessibility-label"]).isEmpty)
    }

    @Test("lints paths with the .higlint.json files above them, and reports what it could not check")
    func paths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("higlintkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.receipt.utf8).write(to: folder.appendingPathComponent("Receipt.swift"))
        try Data([0xFF, 0xFE, 0x00]).write(to: folder.appendingPathComponent("Broken.swift"))
        var report = HIGLint.lint(paths: [folder.path])
        #expect(report.findings.map(\.rule) == ["fixed-font-size"])
        #expect(report.filesChecked == 1)
        #expect(report.errors.count == 1 && report.errors[0].contains("Broken.swift: error: "))
        try Data(#"{ rules: { "fixed-font-size": "error" } }"#.utf8).write(to: folder.appendingPathComponent(".higlint.json"))
        report = HIGLint.lint(paths: [folder.path])
        #expect(report.findings.map(\.severity) == ["error"])
        try Data(#"{ rules: { "fixed-font-sise": "error" } }"#.utf8).write(to: folder.appendingPathComponent(".higlint.json"))
        report = HIGLint.lint(paths: [folder.path])
        #expect(report.findings.isEmpty && report.filesChecked == 0)
        #expect(report.errors.count == 1, "\(report.errors)")
        #expect(report.errors.first.map { $0.hasPrefix(folder.appendingPathComponent(".higlint.json").path + ":1: error: ") } == true)
        #expect(report.errors.first?.contains("did you mean 'fixed-font-size'?") == true, "\(report.errors)")
    }

    @Test("lists every rule with its severity and summary")
    func rules() {
        let ids = HIGLint.rules.map(\.id)
        #expect(ids.contains("fixed-font-size") && ids.contains("unused-suppression"))
        #expect(HIGLint.rules.allSatisfy { !$0.summary.isEmpty && ["error", "warning", "note"].contains($0.severity) })
    }
}
