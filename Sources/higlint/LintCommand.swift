import Foundation
import HIGLintCore
import HIGLintReporters
import HIGLintRules

struct LintOptions {
    var paths: [String] = []
    var format = "xcode"
    var only: [String] = []
    var disabled: [String] = []
    var quiet = false
    var readsStandardInput = false
    var assumedFilename: String?
    /// `--config`: this file instead of the `.higlint.json` files found above each linted file.
    var configurationPath: String?
    /// `--output`: the report goes to this file, written atomically, instead of standard output.
    var outputPath: String?
    /// `--baseline`: findings recorded in this file are not reported.
    var baselinePath: String?
    /// `--fail-on`: the lowest severity that makes the exit status 1 (`nil`: never).
    var failureSeverity: Severity? = .warning
    /// `--stamp`: a file written after the run, for build systems that need an output (the build-tool plugin).
    var stampPath: String?
    /// `--cache-path`: where results per file are kept (default: `$XDG_CACHE_HOME/higlint` or `~/.cache/higlint`).
    var cachePath: String?
    /// `--no-cache`: lint every file afresh and keep nothing.
    var usesCache = true
    /// `--file-timeout`: seconds one file may take before it is reported as not checked (0: no limit).
    var fileTimeout: Double = 60
    /// `--summary`: findings by rule (the `summary` format) on standard error, before the summary line.
    var printsSummary = false
    /// `--strict`: warnings fail the run whatever `--fail-on` says (SwiftLint's meaning).
    var strict = false
    /// `--allow-empty`: paths that hold no file to check are not an error.
    var allowsEmpty = false

    /// The lowest severity that makes the exit status 1, `--strict` taken into account.
    var effectiveFailureSeverity: Severity? {
        guard strict else { return failureSeverity }
        return min(failureSeverity ?? .warning, .warning)
    }
}

/// Options `lint` and `fix` share, spelled and explained the same way for both.
enum SharedOptions {
    static func configuration<Options>(_ keyPath: WritableKeyPath<Options, String?> & Sendable) -> Option<Options> {
        Option(["--config"], value: "FILE", help: "Use this configuration file instead of the .higlint.json files above each file.") {
            $0[keyPath: keyPath] = $1
        }
    }

    static func fileTimeout<Options>(_ keyPath: WritableKeyPath<Options, Double> & Sendable) -> Option<Options> {
        Option(["--file-timeout"], value: "SECONDS", help: "Give up on a file that takes longer, report it and go on (default: 60; 0: no limit).") {
            options, text throws(UsageError) in options[keyPath: keyPath] = try OptionValues.fileTimeout(text)
        }
    }

    static func format<Options>(_ keyPath: WritableKeyPath<Options, String> & Sendable) -> Option<Options> {
        Option(["--format", "--reporter"], value: "NAME", help: "Output format: \(allReporters.map { $0.name }.joined(separator: ", ")) (default: xcode).") { options, name throws(UsageError) in
            options[keyPath: keyPath] = try validatedFormat(name)
        }
    }

    static func only<Options>(_ keyPath: WritableKeyPath<Options, [String]> & Sendable) -> Option<Options> {
        Option(["--only"], value: "RULE[,RULE…]", help: "Run only these rules (repeatable).") { options, text throws(UsageError) in
            options[keyPath: keyPath] += try parseRules(text, for: "--only")
        }
    }

    static func disable<Options>(_ keyPath: WritableKeyPath<Options, [String]> & Sendable) -> Option<Options> {
        Option(["--disable"], value: "RULE[,RULE…]", help: "Do not run these rules (repeatable).") { options, text throws(UsageError) in
            options[keyPath: keyPath] += try parseRules(text, for: "--disable")
        }
    }

    static func quiet<Options>(_ keyPath: WritableKeyPath<Options, Bool> & Sendable) -> Option<Options> {
        Option(["--quiet", "-q"], help: "Do not print the summary line or project file warnings on standard error.") { $0[keyPath: keyPath] = true }
    }
}

let lintCommand = CommandSpec<LintOptions>(
    name: "lint",
    usage: "higlint [lint] [PATH ...] [OPTIONS]",
    summary: "Check the Swift files and asset catalogs under each PATH (default: the current folder).",
    options: [
        SharedOptions.format(\.format),
        SharedOptions.only(\.only),
        SharedOptions.disable(\.disabled),
        SharedOptions.configuration(\.configurationPath),
        Option(["--output", "-o"], value: "FILE", help: "Write the report to FILE (atomically) instead of standard output.") { $0.outputPath = $1 },
        Option(["--baseline"], value: "FILE", help: "Report only findings that are not in this baseline.") { $0.baselinePath = $1 },
        Option(["--fail-on"], value: "LEVEL", help: "Exit 1 for findings at LEVEL or above: note, warning (default), error, never.") { options, level throws(UsageError) in
            guard level == "never" || Severity(rawValue: level) != nil else {
                throw UsageError(message: "unknown level '\(level)' for --fail-on; expected note, warning, error or never")
            }
            options.failureSeverity = Severity(rawValue: level)
        },
        Option(["--strict"], help: "Warnings fail the run (exit 1) whatever --fail-on says, as in SwiftLint.") { $0.strict = true },
        Option(["--allow-empty", "--allow-zero-lintable-files"], help: "Exit 0 when the paths hold no file to check (default: an error).") { $0.allowsEmpty = true },
        Option(["--cache-path"], value: "DIR", help: "Keep results per file in DIR (default: $XDG_CACHE_HOME/higlint, else ~/.cache/higlint);\nunchanged files with an unchanged configuration are not checked again.") {
            options, text throws(UsageError) in options.cachePath = try OptionValues.path(text, for: "--cache-path")
        },
        Option(["--no-cache"], help: "Check every file afresh and keep no results.") { $0.usesCache = false },
        Option(["--stdin"], help: "Read source from standard input; use with --assume-filename.") { $0.readsStandardInput = true },
        Option(["--assume-filename"], value: "PATH", help: "The path to report standard input as (its configuration applies).") { $0.assumedFilename = $1 },
        Option(["--stamp"], value: "FILE", help: "Write FILE after the run, for build systems that need an output.") { $0.stampPath = $1 },
        Option(["--summary"], help: "Also print the findings by rule, most first, with totals, on standard error.") { $0.printsSummary = true },
        SharedOptions.fileTimeout(\.fileTimeout),
        SharedOptions.quiet(\.quiet),
    ],
    notes: """
        EXIT STATUS: 0 nothing at the --fail-on level or above, 1 findings at that level,
                     2 usage, configuration or I/O errors (a file that could not be checked, no file to check).

        """)

/// `name` when it is a known output format.
func validatedFormat(_ name: String) throws(UsageError) -> String {
    let names = allReporters.map { $0.name }
    guard reporter(named: name) != nil else {
        let hint = Spelling.closest(to: name, in: names).map { "did you mean '\($0)'? " } ?? ""
        throw UsageError(message: "unknown format '\(name)'; \(hint)expected one of: \(names.joined(separator: ", "))")
    }
    return name
}

/// `lint`'s arguments (after the command word, if any), or `nil` when they ask for its help.
func parseLint(_ arguments: ArraySlice<String>) throws(UsageError) -> LintOptions? {
    var options = LintOptions()
    guard try lintCommand.parse(arguments, into: &options, path: { $0.paths.append($1) }) else { return nil }
    options.readsStandardInput = try readsStandardInput(options.readsStandardInput, paths: &options.paths)
    if options.readsStandardInput && !options.paths.isEmpty {
        throw UsageError(message: "--stdin cannot be combined with paths")
    }
    if options.paths.isEmpty { options.paths = options.readsStandardInput ? ["."] : defaultPaths() }
    return options
}

/// What `lint`, `fix` and `baseline write` check when the command line names no path: `.`, or the folders the
/// command plugin lists in `HIGLINT_DEFAULT_PATHS`, one a line (the package's targets), so that a path given to
/// `swift package higlint` replaces them rather than adding to them.
func defaultPaths() -> [String] {
    let listed = ProcessInfo.processInfo.environment["HIGLINT_DEFAULT_PATHS"]?.split(separator: "\n").map(String.init) ?? []
    return listed.isEmpty ? ["."] : listed
}

/// Whether to read standard input: `--stdin`, or `-` as the only path, as swift-format and most Unix tools read it.
func readsStandardInput(_ flag: Bool, paths: inout [String]) throws(UsageError) -> Bool {
    guard paths.contains("-") else { return flag }
    guard paths == ["-"] else { throw UsageError(message: "'-' (standard input) cannot be combined with paths; a file named '-' is ./-") }
    paths = []
    return true
}

func runLint(_ options: LintOptions, writingBaseline baselineFile: String? = nil) -> Int32 {
    var baseline: Baseline?
    if let path = options.baselinePath {
        do throws(BaselineError) {
            baseline = try Baseline.load(path: path)
        } catch {
            writeErrorLine("\(error)")
            return 2
        }
    }
    let resolver: ConfigurationResolver
    do throws(ConfigurationError) {
        resolver = try makeResolver(options)
        // Standard input is configured as the file it stands for.
        if options.readsStandardInput, let path = options.assumedFilename { _ = try resolver.configuration(forFile: path) }
    } catch {
        writeErrorLine("\(error)")
        return 2
    }
    var engine = LintEngine(ruleTypes: allRules, source: resolver)
    if options.usesCache {
        engine.cache = ResultCache(directory: options.cachePath ?? ResultCache.defaultDirectory(), toolVersion: cacheVersion(),
                                   knownRules: Set(allRules.map { $0.description.id }))
    }
    engine.fileTimeLimit = options.fileTimeout > 0 ? options.fileTimeout : nil
    let start = Date()
    var result: LintResult
    if options.readsStandardInput {
        result = engine.lintStandardInput(path: options.assumedFilename ?? "<stdin>")
    } else {
        result = engine.lint(paths: options.paths)
    }
    guard result.configurationErrors.isEmpty else {
        for error in result.configurationErrors { writeErrorLine("\(error)") }
        return 2
    }
    // A mistyped path or `include` would otherwise be a green run that checked nothing.
    if !options.readsStandardInput, !options.allowsEmpty, result.filesChecked == 0, result.errors.isEmpty {
        let under = options.paths.joined(separator: ", ")
        if result.passedOver.total > 0 {
            // The files were found; the projects say none of them ships, or they are too large to parse. Blaming
            // include and exclude would mislead.
            writeErrorLine("higlint: error: nothing to check under \(under): \(result.passedOver.summary); \(howToCheck(result.passedOver)) (--allow-empty accepts this)")
        } else {
            writeErrorLine("higlint: error: no Swift file or image set to check under \(under); check the paths and the include and exclude of .higlint.json (--allow-empty accepts this)")
        }
        return 2
    }
    // Standard input has no path to mistype: a buffer too large to parse is said, and is no error.
    if options.readsStandardInput, !options.quiet, result.passedOver.total > 0 {
        writeErrorLine(standardInputPassedOver(options.assumedFilename, resolver: resolver))
    }
    if let baselineFile {
        return writeBaseline(result, to: baselineFile, quiet: options.quiet)
    }
    var baselined = 0
    if let baseline, let path = options.baselinePath {
        (result.diagnostics, baselined) = baseline.filter(result.diagnostics, directory: baselineDirectory(path))
    }
    let context = ReportContext(rules: allRules.map { $0.description }, toolVersion: version, baselined: baselined)
    let format = reporter(named: options.format)!
    if let outputPath = options.outputPath {
        var output = Data()
        format.write(result, context: context) { output.append(contentsOf: $0.utf8) }
        do throws(AtomicFile.Failure) {
            // Written to a temporary file beside it and renamed: a reader never sees half a report.
            try AtomicFile.write(output, to: outputPath)
        } catch {
            writeErrorLine("higlint: error: cannot write the report to \(outputPath) (\(error.reason))")
            return 2
        }
    } else {
        format.write(result, context: context, to: writeOutput)
    }
    for error in result.errors { writeErrorLine("\(error)") }
    if !options.quiet {
        // Project files read in part: the run went on with folder conventions (build plugins pass --quiet).
        for warning in result.projectWarnings { writeErrorLine("\(warning)") }
        if options.printsSummary { writeError(SummaryReporter().report(result, context: context)) }
        let counts = Dictionary(grouping: result.diagnostics, by: \.severity).mapValues(\.count)
        let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
        var summary = "HIGLint checked \(count(result.filesChecked, "file")) in \(seconds) s: "
        summary += [count(counts[.error] ?? 0, "error"), count(counts[.warning] ?? 0, "warning"), count(counts[.note] ?? 0, "note")].joined(separator: ", ")
        if baselined > 0 { summary += "; \(baselined) in the baseline not shown" }
        if result.suppressed > 0 { summary += "; \(result.suppressed) suppressed by comments" }
        if result.passedOver.total > 0 { summary += "; " + result.passedOver.summary }
        if !result.errors.isEmpty { summary += "; \(result.errors.count) could not be checked" }
        writeError(summary + "\n")
    }
    for file in configurationsUnplanned(resolver, paths: options.paths) {
        writeErrorLine("\(file): warning: SwiftPM planned this build before this file existed, so the build-tool plugin will not lint again when it changes; touch Package.swift once (SwiftPM then plans again)")
    }
    if let stamp = options.stampPath {
        do throws(AtomicFile.Failure) {
            try AtomicFile.write(Data("// HIGLint checked these sources.\n".utf8), to: stamp)
        } catch {
            writeErrorLine("higlint: error: cannot write the stamp \(stamp) (\(error.reason))")
            return 2
        }
    }
    if !result.errors.isEmpty { return 2 }
    guard let failureSeverity = options.effectiveFailureSeverity else { return 0 }
    return result.diagnostics.contains { $0.severity >= failureSeverity } ? 1 : 0
}


/// What to change in `.higlint.json` to check the files a run passed over.
func howToCheck(_ passedOver: PassedOver) -> String {
    let them = passedOver.total == 1 ? "it" : "them"
    let tooLarge = passedOver.counts[.tooLarge] ?? 0
    switch tooLarge {
    case 0: return "set checkNonShippingCode: true in .higlint.json to check them"
    case passedOver.total: return "raise maxFileSize in .higlint.json to check \(them)"
    default: return "set checkNonShippingCode: true and raise maxFileSize in .higlint.json to check them"
    }
}

/// The note for standard input larger than its `maxFileSize`, which `lint --stdin` and `fix --stdin` pass over.
func standardInputPassedOver(_ assumedFilename: String?, resolver: ConfigurationResolver) -> String {
    let path = assumedFilename ?? "<stdin>"
    let limit = ((try? resolver.configuration(forFile: path)) ?? nil)?.maxFileSize ?? Configuration.defaultMaxFileSize
    return "\(path): note: standard input passed over, not checked: larger than maxFileSize (\(limit) bytes); raise maxFileSize in .higlint.json to check it"
}

/// The configuration files of `paths` that SwiftPM cannot see change: under the build-tool plugin, which lists the
/// ones it declared as inputs in `HIGLINT_PLANNED_CONFIGURATIONS`, those that did not exist when SwiftPM planned
/// the build. A build system refuses an input that does not exist, so the plugin declares the folders a
/// `.higlint.json` may appear in; creating one changes its folder and lints again once, but SwiftPM plans
/// again (and runs the plugin, which then declares the file) only when the manifest changes.
func configurationsUnplanned(_ resolver: ConfigurationResolver, paths: [String]) -> [String] {
    guard let planned = ProcessInfo.processInfo.environment["HIGLINT_PLANNED_CONFIGURATIONS"] else { return [] }
    let real = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path }
    let known = Set(planned.split(separator: "\n").map { real(String($0)) })
    let folders = Set(paths.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })
    var unplanned: [String] = []
    for folder in folders.sorted() {
        for file in (try? resolver.files(forDirectory: folder)) ?? [] where !known.contains(real(file.path)) && !unplanned.contains(file.path) {
            unplanned.append(file.path)
        }
    }
    return unplanned
}
