import HIGLintCore
import HIGLintRules
import Testing

/// Every rule's corrections, through the fix engine `higlint fix` uses: the same result as the
/// plain edits, again in a CRLF file, and nothing more to do on a second run.
@Suite("Corrections through the fix engine")
struct FixEngineCorrectionTests {
    static let ids = allRules.filter { $0.description.isFixable }.map { $0.description.id }

    @Test("corrections come out as declared, in LF and CRLF files, and a second run changes nothing", arguments: ids)
    func corrections(id: String) {
        let description = allRules.first { $0.description.id == id }!.description
        for (before, after) in description.corrections {
            let fixer = FixEngine(engine: ExampleHarness.engine(for: description, before.configuration))
            let code = ExampleHarness.parseMarkers(before.code).code
            let corrected = fixer.correct(code, path: before.path)
            #expect(corrected.corrected == after, "\(id) corrected:\n\(code)\ninto:\n\(corrected.corrected)")
            #expect(corrected.refused.isEmpty, "\(id) refused: \(corrected.refused)")
            let again = fixer.correct(corrected.corrected, path: before.path)
            #expect(!again.changed, "\(id) changed its own correction:\n\(again.corrected)")

            let crlf = fixer.correct(code.replacingOccurrences(of: "\n", with: "\r\n"), path: before.path)
            #expect(crlf.corrected == after.replacingOccurrences(of: "\n", with: "\r\n"), "\(id) in a CRLF file:\n\(crlf.corrected)")
        }
    }
}
