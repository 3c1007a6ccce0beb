import Foundation
import HIGLintCore
import HIGLintReporters
import HIGLintRules

let version = "0.1.0"

/// A usage error: exit status 2 with a message.
struct UsageError: Error {
    var message: String
}

enum Command {
    case lint(LintOptions)
    case fix(FixOptions)
    case rules(markdown: Bool)
    case explain(String)
    case initialize(force: Bool)
    case writeBaseline(String, LintOptions)
    case help
    case version
}

struct LintOptions {
    var paths: [String] = []
    var format = "xcode"
    var only: [String] = []
    var disabled: [String] = []
    var quiet = false
    /// `--summary`: findings by rule (the `summary` format) on standard error, before the summary line.
    var printsSummary = false
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
}

let usage = """
    OVERVIEW: HIGLint checks SwiftUI code against Apple's Human Interface Guidelines for content views.

    USAGE: higlint [lint] [PATH ...] [OPTIONS]
           higlint fix [PATH ...] [--rule RULE[,RULE…]] [--dry-run] [--file-timeout SECONDS] [--quiet]
           higlint rules
           higlint explain RULE-ID
           higlint init [--force]
           higlint baseline write FILE [PATH ...] [OPTIONS]

    COMMANDS:
      lint            Check the Swift files and asset catalogs under each PATH (default: the current folder).
      fix             Apply every available fix, then list what changed and what remains.
                      --rule limits it to these rules; --dry-run prints a unified diff and changes nothing.
      rules           List every rule: id, section, default severity, whether it can be fixed.
                      --markdown prints the full rule reference (Documentation/Rules.md).
      explain ID      Show a rule's rationale, a bad and a good example, and its HIG page.
      init            Write a commented .higlint.json into the current folder.
      baseline write  Record today's findings in FILE; later runs with --baseline FILE report only new ones.

    OPTIONS:
      --format NAME            Output format: \(allReporters.map { $0.name }.joined(separator: ", ")) (default: xcode).
      --only RULE[,RULE…]      Run only these rules (repeatable).
      --disable RULE[,RULE…]   Do not run these rules (repeatable).
      --config FILE            Use this configuration file instead of the .higlint.json files above each file.
      --output FILE            Write the report to FILE (atomically) instead of standard output.
      --baseline FILE          Report only findings that are not in this baseline.
      --fail-on LEVEL          Exit 1 for findings at LEVEL or above: note, warning (default), error, never.
      --cache-path DIR         Keep results per file in DIR (default: $XDG_CACHE_HOME/higlint, else ~/.cache/higlint);
                               unchanged files with an unchanged configuration are not checked again.
      --no-cache               Check every file afresh and keep no results.
      --stdin                  Read source from standard input; use with --assume-filename.
      --assume-filename PATH   The path to report standard input as.
      --file-timeout SECONDS   Give up on a file that takes longer, report it and go on (default: 60; 0: no limit).
      --summary                Also print the findings by rule, most first, with totals, on standard error.
      --quiet                  Do not print the summary line on standard error.
      --version                Print the version.
      -h, --help               Show this help.

    EXIT STATUS: 0 nothing at warning or error level, 1 findings at warning or error level,
                 2 usage, configuration or I/O errors (a file that could not be checked).
                 For fix: 0 nothing at warning or error level remains, fixable or not; 1 something remains
                 (with --dry-run, anything it would fix); 2 errors (a file that could not be read or written).

    """

func parse(_ arguments: [String]) throws(UsageError) -> Command {
    var arguments = arguments[...]
    switch arguments.first {
    case "rules"?:
        switch arguments.dropFirst().first {
        case nil where arguments.count == 1: return .rules(markdown: false)
        case "--markdown"? where arguments.count == 2: return .rules(markdown: true)
        default: throw UsageError(message: "usage: higlint rules [--markdown]")
        }
    case "explain"?:
        guard arguments.count == 2, let id = arguments.last else { throw UsageError(message: "usage: higlint explain RULE-ID") }
        return .explain(id)
    case "init"?:
        switch Array(arguments.dropFirst()) {
        case []: return .initialize(force: false)
        case ["--force"]: return .initialize(force: true)
        default: throw UsageError(message: "usage: higlint init [--force]")
        }
    case "help"?, "--help"?, "-h"?:
        return .help
    case "version"?, "--version"?:
        return .version
    case "fix"?:
        return arguments.contains { $0 == "--help" || $0 == "-h" } ? .help : .fix(try parseFix(arguments.dropFirst()))
    case "baseline"?:
        arguments.removeFirst()
        guard arguments.popFirst() == "write", let file = arguments.popFirst(), !file.hasPrefix("-") else {
            throw UsageError(message: "usage: higlint baseline write FILE [PATH ...] [OPTIONS]")
        }
        guard case .lint(let options) = try parse(Array(arguments)) else { throw UsageError(message: "usage: higlint baseline write FILE [PATH ...]") }
        guard options.baselinePath == nil, options.outputPath == nil else {
            throw UsageError(message: "baseline write records every finding; --baseline and --output do not apply")
        }
        return .writeBaseline(file, options)
    case "lint"?:
        arguments.removeFirst()
    default:
        break
    }
    var options = LintOptions()
    while let argument = arguments.popFirst() {
        func value() throws(UsageError) -> String {
            guard let next = arguments.popFirst(), !next.hasPrefix("--") else {
                throw UsageError(message: "\(argument) needs a value")
            }
            return next
        }
        switch argument {
        case "--format": options.format = try value()
        case "--only": options.only += try value().split(separator: ",").map(String.init)
        case "--disable": options.disabled += try value().split(separator: ",").map(String.init)
        case "--quiet", "-q": options.quiet = true
        case "--summary": options.printsSummary = true
        case "--stdin": options.readsStandardInput = true
        case "--assume-filename": options.assumedFilename = try value()
        case "--config": options.configurationPath = try value()
        case "--output", "-o": options.outputPath = try value()
        case "--baseline": options.baselinePath = try value()
        case "--fail-on":
            let level = try value()
            guard level == "never" || Severity(rawValue: level) != nil else {
                throw UsageError(message: "unknown level '\(level)' for --fail-on; expected note, warning, error or never")
            }
            options.failureSeverity = Severity(rawValue: level)
        case "--stamp": options.stampPath = try value()
        case "--cache-path": options.cachePath = try value()
        case "--no-cache": options.usesCache = false
        case "--file-timeout":
            let text = try value()
            guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
                throw UsageError(message: "--file-timeout needs a number of seconds, not '\(text)'")
            }
            options.fileTimeout = seconds
        case "--help", "-h": return .help
        case "--version": return .version
        case let flag where flag.hasPrefix("-") && flag != "-":
            throw UsageError(message: "unknown option '\(flag)'; see `higlint --help`")
        default: options.paths.append(argument)
        }
    }
    guard reporter(named: options.format) != nil else {
        throw UsageError(message: "unknown format '\(options.format)'; expected one of: \(allReporters.map { $0.name }.joined(separator: ", "))")
    }
    for id in options.only + options.disabled where rule(withID: id) == nil {
        throw UsageError(message: "unknown rule '\(id)'; `higlint rules` lists them")
    }
    if options.readsStandardInput && !options.paths.isEmpty {
        throw UsageError(message: "--stdin cannot be combined with paths")
    }
    if options.paths.isEmpty { options.paths = ["."] }
    return .lint(options)
}

func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}

func runLint(_ options: LintOptions, writingBaseline baselineFile: String? = nil) -> Int32 {
    var baseline: Baseline?
    if let path = options.baselinePath {
        do throws(BaselineError) {
            baseline = try Baseline.load(path: path)
        } catch {
            writeError("\(error)\n")
            return 2
        }
    }
    let resolver: ConfigurationResolver
    do throws(ConfigurationError) {
        resolver = try makeResolver(options)
        // Standard input is configured as the file it stands for.
        if options.readsStandardInput, let path = options.assumedFilename { _ = try resolver.configuration(forFile: path) }
    } catch {
        writeError("\(error)\n")
        return 2
    }
    var engine = LintEngine(ruleTypes: allRules, source: resolver)
    if options.usesCache {
        engine.cache = ResultCache(directory: options.cachePath ?? ResultCache.defaultDirectory(), toolVersion: cacheVersion())
    }
    engine.fileTimeLimit = options.fileTimeout > 0 ? options.fileTimeout : nil
    let start = Date()
    var result: LintResult
    if options.readsStandardInput {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        let path = options.assumedFilename ?? "<stdin>"
        // A buffer is checked like a file linted alone: its survey is the buffer itself.
        switch engine.prepare(paths: []).lint(data: data, path: path) {
        case .success(let diagnostics): result = LintResult(diagnostics: diagnostics, errors: [], filesChecked: 1)
        case .failure(let error): result = LintResult(diagnostics: [], errors: [error], filesChecked: 0)
        }
    } else {
        result = engine.lint(paths: options.paths)
    }
    guard result.configurationErrors.isEmpty else {
        for error in result.configurationErrors { writeError("\(error)\n") }
        return 2
    }
    if let baselineFile {
        return writeBaseline(result, to: baselineFile, quiet: options.quiet)
    }
    var baselined = 0
    if let baseline, let path = options.baselinePath {
        (result.diagnostics, baselined) = baseline.filter(result.diagnostics, directory: baselineDirectory(path))
    }
    let context = ReportContext(rules: allRules.map { $0.description }, toolVersion: version, baselined: baselined)
    let output = reporter(named: options.format)!.report(result, context: context)
    if let outputPath = options.outputPath {
        do {
            // Written to a temporary file beside it and renamed: a reader never sees half a report.
            try Data(output.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
        } catch {
            writeError("higlint: error: cannot write the report to \(outputPath): \(error.localizedDescription)\n")
            return 2
        }
    } else {
        FileHandle.standardOutput.write(Data(output.utf8))
    }
    for error in result.errors { writeError("\(error)\n") }
    if !options.quiet {
        if options.printsSummary { writeError(SummaryReporter().report(result, context: context)) }
        let counts = Dictionary(grouping: result.diagnostics, by: \.severity).mapValues(\.count)
        let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
        let files = result.filesChecked == 1 ? "1 file" : "\(result.filesChecked) files"
        var summary = "HIGLint checked \(files) in \(seconds) s: \(counts[.error] ?? 0) errors, \(counts[.warning] ?? 0) warnings, \(counts[.note] ?? 0) notes"
        if baselined > 0 { summary += "; \(baselined) in the baseline not shown" }
        if result.suppressed > 0 { summary += "; \(result.suppressed) suppressed by comments" }
        if !result.errors.isEmpty { summary += "; \(result.errors.count) could not be checked" }
        writeError(summary + "\n")
    }
    if let stamp = options.stampPath {
        try? Data("// HIGLint checked these sources.\n".utf8).write(to: URL(fileURLWithPath: stamp), options: .atomic)
    }
    if !result.errors.isEmpty { return 2 }
    guard let failureSeverity = options.failureSeverity else { return 0 }
    return result.diagnostics.contains { $0.severity >= failureSeverity } ? 1 : 0
}

/// The version results are cached under: the release, and this very executable's size and modification time,
/// so that a rebuilt `higlint` with changed rules never reads what another build wrote.
func cacheVersion() -> String {
    var identity = version
    if let executable = Bundle.main.executablePath,
       let attributes = try? FileManager.default.attributesOfItem(atPath: executable) {
        let size = (attributes[.size] as? Int) ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        identity += " \(size) \(modified)"
    }
    return identity
}

func listRules() {
    let rows = allRules.map { $0.description }.map { [$0.id, $0.section.rawValue, $0.defaultSeverity.rawValue, $0.isFixable ? "yes" : "no"] }
    let header = ["RULE", "SECTION", "SEVERITY", "FIX"]
    let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
    for row in [header] + rows {
        let padded = row.enumerated().map { column, cell in
            column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
        }
        print(padded.joined(separator: "  "))
    }
}

func explain(_ id: String) throws(UsageError) {
    guard let rule = rule(withID: id) else { throw UsageError(message: "unknown rule '\(id)'; `higlint rules` lists them") }
    print(RuleDocumentation.explanation(of: rule.description), terminator: "")
}

do {
    switch try parse(Array(CommandLine.arguments.dropFirst())) {
    case .lint(let options): exit(runLint(options))
    case .fix(let options): exit(runFix(options))
    case .rules(let markdown):
        if markdown { print(RuleDocumentation.markdown(of: allRules.map { $0.description }), terminator: "") } else { listRules() }
    case .explain(let id): try explain(id)
    case .initialize(let force): exit(writeInitialConfiguration(force: force))
    case .writeBaseline(let file, let options): exit(runLint(options, writingBaseline: file))
    case .help: print(usage, terminator: "")
    case .version: print("higlint \(version)")
    }
} catch {
    writeError("higlint: error: \(error.message)\n")
    exit(2)
}
