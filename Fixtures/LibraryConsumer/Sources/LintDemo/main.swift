import HIGLintKit

// Lints a string, then the paths given on the command line, and prints each finding as a compiler would.
let receipt = """
    struct Receipt: View {
        var body: some View { Text(order.title).font(.system(size: 17)) }
    }
    """
for finding in HIGLint.lint(source: receipt, path: "Receipt.swift") {
    print(finding)
}
let arguments = Array(CommandLine.arguments.dropFirst())
if !arguments.isEmpty {
    let report = HIGLint.lint(paths: arguments)
    for finding in report.findings { print(finding) }
    for error in report.errors { print(error) }
    print("\(report.filesChecked) files checked, \(HIGLint.rules.count) rules")
}
