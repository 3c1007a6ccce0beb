import Foundation
import HIGLintCore

/// The folder a baseline's paths are relative to: the baseline file's own.
func baselineDirectory(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
}

/// `higlint baseline write FILE`: records every current finding.
func writeBaseline(_ result: LintResult, to path: String, quiet: Bool) -> Int32 {
    for error in result.errors { writeErrorLine("\(error)") }
    let baseline = Baseline(diagnostics: result.diagnostics, directory: baselineDirectory(path))
    do throws(BaselineError) {
        try baseline.write(to: path)
    } catch {
        writeErrorLine("\(error)")
        return 2
    }
    if !quiet {
        let findings = baseline.entries.count == 1 ? "1 finding" : "\(baseline.entries.count) findings"
        writeError("HIGLint recorded \(findings) from \(result.filesChecked) files in \(path)\n")
    }
    // A baseline that misses unreadable files would hide their findings later: say so with the status.
    return result.errors.isEmpty ? 0 : 2
}
