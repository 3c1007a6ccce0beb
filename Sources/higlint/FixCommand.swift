import Foundation
import HIGLintCore
import HIGLintReporters
import HIGLintRules

/// `higlint fix`: see `fixCommand` for its options.
struct FixOptions {
    var paths: [String] = []
    var rules: [String] = []
    /// `--disable`: rules not run, so neither fixed nor listed.
    var disabled: [String] = []
    /// `--format`: the format of the findings left (default: Xcode's, after the list of fixes).
    var format: String?
    var readsStandardInput = false
    var assumedFilename: String?
    var dryRun = false
    var quiet = false
    /// `--file-timeout`: seconds one file may take before it is reported and left as it was (0: no limit).
    var fileTimeout: Double = 60
    /// `--config FILE`: this configuration instead of the `.higlint.json` files found above each file.
    var configurationPath: String?
}

let fixCommand = CommandSpec<FixOptions>(
    name: "fix",
    usage: "higlint fix [PATH ...] [OPTIONS]",
    summary: "Apply every available fix, then list what changed and what remains.",
    options: [
        Option(["--rule"], value: "RULE[,RULE…]", help: "Apply only these rules' fixes (repeatable).") { options, text throws(UsageError) in
            for id in try parseRules(text, for: "--rule") {
                guard rule(withID: id)?.description.isFixable == true else {
                    throw UsageError(message: "rule '\(id)' has no fix; `higlint rules` shows which do")
                }
                options.rules.append(id)
            }
        },
        // As in lint: any rule may be named; those without a fix only have their findings listed.
        SharedOptions.only(\.rules),
        SharedOptions.disable(\.disabled),
        Option(["--format", "--reporter"], value: "NAME", help: "Report what remains in this format on standard output; the fixes applied go to\nstandard error (default: both on standard output, in Xcode's format).") { options, name throws(UsageError) in
            options.format = try validatedFormat(name)
        },
        Option(["--stdin"], help: "Fix source read from standard input and print the corrected source; what remains\ngoes to standard error. Use with --assume-filename.") { $0.readsStandardInput = true },
        Option(["--assume-filename"], value: "PATH", help: "The path to fix standard input as (its configuration applies).") { $0.assumedFilename = $1 },
        Option(["--dry-run"], help: "Print a unified diff (for patch -p0) and change nothing.") { $0.dryRun = true },
        SharedOptions.configuration(\.configurationPath),
        SharedOptions.fileTimeout(\.fileTimeout),
        SharedOptions.quiet(\.quiet),
    ],
    notes: """
        EXIT STATUS: 0 nothing at warning or error level remains, fixable or not; 1 something remains
                     (with --dry-run, anything it would fix); 2 errors (a file that could not be read or written).

        """)

/// `fix`'s arguments, or `nil` when they ask for its help.
func parseFix(_ arguments: ArraySlice<String>) throws(UsageError) -> FixOptions? {
    var options = FixOptions()
    guard try fixCommand.parse(arguments, into: &options, path: { $0.paths.append($1) }) else { return nil }
    options.readsStandardInput = try readsStandardInput(options.readsStandardInput, paths: &options.paths)
    if options.readsStandardInput && !options.paths.isEmpty {
        throw UsageError(message: "--stdin cannot be combined with paths")
    }
    if options.paths.isEmpty { options.paths = options.readsStandardInput ? ["."] : defaultPaths() }
    return options
}

/// Applies the fixes, then says what changed and what is left.
///
/// Without `--dry-run`, standard output lists each fix applied (`path:line:column: fixed: title [rule]`,
/// positions as the file stood before that fix) and then every finding left, in Xcode's format.
/// With `--dry-run`, standard output is only the unified diff, so it can go straight to `patch -p0`,
/// and the findings left go to standard error.
func runFix(_ options: FixOptions) -> Int32 {
    // The same configuration as `lint`: rules turned off, excluded files and platforms are respected.
    let only = options.rules
    var lintOptions = LintOptions()
    lintOptions.only = only
    lintOptions.disabled = options.disabled
    lintOptions.configurationPath = options.configurationPath
    let resolver: ConfigurationResolver
    do throws(ConfigurationError) {
        resolver = try makeResolver(lintOptions)
        if options.readsStandardInput, let path = options.assumedFilename { _ = try resolver.configuration(forFile: path) }
    } catch {
        writeErrorLine("\(error)")
        return 2
    }
    if options.readsStandardInput { return fixStandardInput(options, resolver: resolver) }
    // `fix` is `lint`'s phases up to the survey, then a check of each file and its fixes applied.
    var engine = LintEngine(ruleTypes: allRules, source: resolver)
    // The projects around the paths are read within the time limit of a file, as `lint` reads them.
    engine.fileTimeLimit = options.fileTimeout > 0 ? options.fileTimeout : nil
    let prepared = engine.prepare(paths: options.paths)
    guard prepared.configurationErrors.isEmpty else {
        for error in prepared.configurationErrors { writeErrorLine("\(error)") }
        return 2
    }
    var fixer = FixEngine(run: prepared, rules: only.isEmpty ? nil : Set(only))
    fixer.fileTimeLimit = options.fileTimeout > 0 ? options.fileTimeout : nil
    let start = Date()
    let run = fixer.fix(prepared, within: options.paths, write: !options.dryRun)
    let files = run.files.sorted { $0.path < $1.path }

    var output = ""
    var notices = ""
    var errors = run.errors
    // What is still in the files afterwards; a file not written still has what its fixes would have corrected.
    var left: [Diagnostic] = []
    // What to list: for a dry run, what would remain after the diff (positions in the corrected text).
    var listed: [Diagnostic] = []
    for file in files {
        let correction = file.correction
        switch file.outcome {
        case .written:
            output += correction.applied.map { "\(location($0.diagnostic)): fixed: \($0.title) [\($0.diagnostic.rule)]\n" }.joined()
        case .dryRun:
            output += UnifiedDiff.diff(old: correction.original, new: correction.corrected, path: file.path)
        case .changedOnDisk:
            notices += "\(TerminalText.escaped(file.path)): warning: \(AtomicFile.Failure.changedOnDisk)\n"
        case .skipped(let reason):
            notices += "\(TerminalText.escaped(file.path)): warning: \(reason)\n"
        case .failed(let error):
            errors.append(error)
        case .unchanged:
            break
        }
        let unwritten = file.outcome != .written && file.outcome != .unchanged
        left += (unwritten ? correction.applied.map(\.diagnostic) : []) + correction.remaining
        listed += (unwritten && !options.dryRun ? correction.applied.map(\.diagnostic) : []) + correction.remaining
        for refused in correction.refused {
            notices += "\(location(refused.diagnostic)): note: fix not applied because \(refused.reason.rawValue) [\(refused.diagnostic.rule)]\n"
        }
    }
    // Image sets have no fixes, but what they still lack remains, as `lint` would report it.
    let assets = prepared.lintImageSets()
    let assetFindings = assets.diagnostics.filter { only.isEmpty || only.contains($0.rule) }
    left += assetFindings
    listed += assetFindings
    errors += assets.errors
    let remaining = LintResult(diagnostics: listed.sorted(by: Diagnostic.reportOrder), errors: [], filesChecked: files.count + assets.filesChecked)
    if let format = options.format, !options.dryRun {
        // A report that tools read stays whole on standard output; the fixes applied are for people.
        writeOutput(report(remaining, format: format))
        writeError(output)
    } else if options.dryRun {
        writeOutput(output)
        writeError(report(remaining, format: options.format ?? "xcode"))
    } else {
        writeOutput(output + XcodeReporter().report(remaining))
    }
    writeError(notices)
    errors.sort { $0.path < $1.path }
    for error in errors { writeErrorLine("\(error)") }

    if !options.quiet {
        let fixed = files.filter { $0.outcome == .written || $0.outcome == .dryRun }
        let fixCount = fixed.reduce(0) { $0 + $1.correction.applied.count }
        let noFix = listed.filter { $0.fix == nil }.count
        let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
        // Counted as lint counts: Swift files and image sets.
        let checked = files.count + assets.filesChecked
        var summary = "HIGLint \(options.dryRun ? "would fix" : "fixed") \(count(fixCount, "finding")) in \(count(fixed.count, "file")) of \(checked) checked in \(seconds) s"
        summary += "; \(count(listed.count, "finding")) \(options.dryRun ? "would remain" : listed.count == 1 ? "remains" : "remain"), \(noFix) with no fix"
        let refused = files.reduce(0) { $0 + $1.correction.refused.count }
        if refused > 0 { summary += ", \(refused) whose fix was not applied" }
        let changed = files.filter { $0.outcome == .changedOnDisk }.count
        if changed > 0 { summary += "; \(count(changed, "file")) changed on disk and skipped" }
        let skipped = files.count { if case .skipped = $0.outcome { true } else { false } }
        if skipped > 0 { summary += "; \(count(skipped, "file")) skipped (see above)" }
        if prepared.projects.passedOver.total > 0 { summary += "; " + prepared.projects.passedOver.summary }
        if !errors.isEmpty { summary += "; \(errors.count) could not be fixed" }
        writeError(summary + "\n")
    }
    if !errors.isEmpty { return 2 }
    return left.contains { $0.severity >= .warning } ? 1 : 0
}

/// `fix --stdin`: the corrected buffer on standard output, what remains on standard error.
private func fixStandardInput(_ options: FixOptions, resolver: ConfigurationResolver) -> Int32 {
    // Under a file's size and time limits, and a closed or folder standard input is an error, not a crash.
    let deadline = options.fileTimeout > 0 ? Date(timeIntervalSinceNow: options.fileTimeout) : nil
    let data: Data
    switch StandardInput.read(path: options.assumedFilename ?? "<stdin>", deadline: deadline) {
    case .success(let bytes): data = bytes
    case .failure(let error):
        writeErrorLine("\(error)")
        return 2
    }
    guard let source = String(data: data, encoding: .utf8) else {
        writeErrorLine("\(options.assumedFilename ?? "<stdin>"): error: standard input is not UTF-8 text")
        return 2
    }
    let path = options.assumedFilename ?? "<stdin>"
    // Checked like a file linted alone: the survey is the buffer itself.
    var engine = LintEngine(ruleTypes: allRules, source: resolver)
    engine.fileTimeLimit = options.fileTimeout > 0 ? options.fileTimeout : nil
    // Too large to parse: given back as it came, as a file with nothing to fix is.
    if engine.passOverReason(byteCount: data.count, path: path) != nil {
        if !options.dryRun { writeOutput(source) }
        if !options.quiet { writeErrorLine(standardInputPassedOver(options.assumedFilename, resolver: resolver)) }
        return 0
    }
    let prepared = engine.prepare(paths: [])
    var fixer = FixEngine(run: prepared, rules: options.rules.isEmpty ? nil : Set(options.rules))
    fixer.fileTimeLimit = options.fileTimeout > 0 ? options.fileTimeout : nil
    let correction = fixer.correct(source, path: path)
    if options.dryRun {
        writeOutput(UnifiedDiff.diff(old: correction.original, new: correction.corrected, path: path))
    } else {
        writeOutput(correction.corrected)
    }
    let remaining = LintResult(diagnostics: correction.remaining, errors: [], filesChecked: 1)
    writeError(report(remaining, format: options.format ?? "xcode"))
    if !options.quiet {
        writeError("HIGLint \(options.dryRun ? "would fix" : "fixed") \(count(correction.applied.count, "finding")) in standard input; \(count(correction.remaining.count, "finding")) left\n")
    }
    let left = correction.remaining + (options.dryRun ? correction.applied.map(\.diagnostic) : [])
    return left.contains { $0.severity >= .warning } ? 1 : 0
}

private func report(_ result: LintResult, format: String) -> String {
    let context = ReportContext(rules: allRules.map { $0.description }, toolVersion: version)
    return reporter(named: format)!.report(result, context: context)
}

private func location(_ diagnostic: Diagnostic) -> String {
    "\(TerminalText.escaped(diagnostic.path)):\(diagnostic.line):\(diagnostic.column)"
}
