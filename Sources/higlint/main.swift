import Foundation
import HIGLintBuildInfo
import HIGLintCore
import HIGLintReporters
import HIGLintRules

let version = "0.3.0"

enum Command {
    case lint(LintOptions)
    case fix(FixOptions)
    case rules(markdown: Bool)
    case explain(String)
    case initialize(force: Bool)
    case writeBaseline(String, LintOptions)
    case project(path: String, json: Bool, listsFiles: Bool)
    case effectiveConfiguration(ConfigOptions)
    /// A help text to print: the general one, or a command's.
    case help(String)
    /// `--version`; with `--verbose`, also the parser this binary carries and the toolchain that built it.
    case version(verbose: Bool)
}

/// The commands other than `lint` and `fix`, whose few options are declared here.
struct RulesOptions { var markdown = false; var words: [String] = [] }
struct InitOptions { var force = false; var words: [String] = [] }
struct ExplainOptions { var words: [String] = [] }

let rulesCommand = CommandSpec<RulesOptions>(
    name: "rules", usage: "higlint rules [--markdown]",
    summary: "List every rule: id, section, default severity, whether it can be fixed.",
    options: [Option(["--markdown"], help: "Print the full rule reference (Documentation/Rules.md).") { $0.markdown = true }])
let explainCommand = CommandSpec<ExplainOptions>(
    name: "explain", usage: "higlint explain RULE-ID",
    summary: "Show a rule's rationale, a bad and a good example, and its HIG page.", options: [])
let initCommand = CommandSpec<InitOptions>(
    name: "init", usage: "higlint init [--force]",
    summary: "Write a commented .higlint.json into the current folder.",
    options: [Option(["--force"], help: "Replace an existing .higlint.json.") { $0.force = true }])
let baselineCommand = CommandSpec<LintOptions>(
    name: "baseline", usage: "higlint baseline write FILE [PATH ...] [OPTIONS]",
    summary: "Record today's findings in FILE; later runs with --baseline FILE report only new ones.",
    options: lintCommand.options.filter { !$0.names.contains("--baseline") && !$0.names.contains("--output") })

/// Every command's usage and summary, for the general help.
let commandSummaries: [(name: String, usage: String, summary: String)] = [
    (lintCommand.name, lintCommand.usage, lintCommand.summary),
    (fixCommand.name, fixCommand.usage, fixCommand.summary),
    (rulesCommand.name, rulesCommand.usage, rulesCommand.summary),
    (explainCommand.name, explainCommand.usage, explainCommand.summary),
    (initCommand.name, initCommand.usage, initCommand.summary),
    (baselineCommand.name, baselineCommand.usage, baselineCommand.summary),
    (projectCommand.name, projectCommand.usage, projectCommand.summary),
    (configCommand.name, configCommand.usage, configCommand.summary),
    (lspCommand.name, lspCommand.usage, lspCommand.summary),
    (mcpCommand.name, mcpCommand.usage, mcpCommand.summary),
]

/// Every command word, for "did you mean" when the first word is neither a command nor a path.
let commandNames = commandSummaries.map(\.name) + ["help", "version"]

/// `higlint --help`: the commands, then `lint`'s options (lint is what runs without a command word).
let usage: String = {
    var text = "OVERVIEW: HIGLint checks SwiftUI code against Apple's Human Interface Guidelines for content views.\n\n"
    text += "USAGE: " + commandSummaries.map(\.usage).joined(separator: "\n       ") + "\n\nCOMMANDS:\n"
    for command in commandSummaries {
        text += "  " + command.name.padding(toLength: 14, withPad: " ", startingAt: 0) + command.summary + "\n"
    }
    text += "  `higlint COMMAND --help` shows the options of each command.\n\nOPTIONS (lint):\n"
    text += CommandSpec.table(lintCommand.options)
    text += "  --version [--verbose]" + String(repeating: " ", count: CommandSpec<LintOptions>.column - 23)
        + "Print the version; with --verbose, the parser and toolchain it was built with.\n"
    text += "  -h, --help" + String(repeating: " ", count: CommandSpec<LintOptions>.column - 12) + "Show this help.\n\n"
    return text + lintCommand.notes
}()

func parse(_ arguments: [String]) throws(UsageError) -> Command {
    var arguments = arguments[...]
    switch arguments.first {
    case "rules"?:
        var options = RulesOptions()
        guard try rulesCommand.parse(arguments.dropFirst(), into: &options, path: { $0.words.append($1) }) else {
            return .help(rulesCommand.help)
        }
        guard options.words.isEmpty else { throw UsageError(message: "usage: \(rulesCommand.usage)") }
        return .rules(markdown: options.markdown)
    case "explain"?:
        var options = ExplainOptions()
        guard try explainCommand.parse(arguments.dropFirst(), into: &options, path: { $0.words.append($1) }) else {
            return .help(explainCommand.help)
        }
        guard options.words.count == 1, let id = options.words.first else { throw UsageError(message: "usage: \(explainCommand.usage)") }
        return .explain(id)
    case "init"?:
        var options = InitOptions()
        guard try initCommand.parse(arguments.dropFirst(), into: &options, path: { $0.words.append($1) }) else {
            return .help(initCommand.help)
        }
        guard options.words.isEmpty else { throw UsageError(message: "usage: \(initCommand.usage)") }
        return .initialize(force: options.force)
    case "help"?, "--help"?, "-h"?:
        return .help(usage)
    case "version"?, "--version"?:
        return try versionAlone(arguments.dropFirst())
    case "fix"?:
        return try parseFix(arguments.dropFirst()).map { .fix($0) } ?? .help(fixCommand.help)
    case "baseline"?:
        arguments.removeFirst()
        if arguments.first == "--help" || arguments.first == "-h" { return .help(baselineCommand.help) }
        guard arguments.popFirst() == "write", let file = arguments.popFirst(), !file.hasPrefix("-") else {
            throw UsageError(message: "usage: \(baselineCommand.usage)")
        }
        var options = LintOptions()
        guard try baselineCommand.parse(arguments, into: &options, path: { $0.paths.append($1) }) else {
            return .help(baselineCommand.help)
        }
        guard !options.readsStandardInput else { throw UsageError(message: "baseline write records files; --stdin does not apply") }
        if options.paths.isEmpty { options.paths = defaultPaths() }
        return .writeBaseline(file, options)
    case "project"?:
        return try parseProject(arguments.dropFirst())
    case "config"?:
        var options = ConfigOptions()
        guard try configCommand.parse(arguments.dropFirst(), into: &options, path: { $0.paths.append($1) }) else {
            return .help(configCommand.help)
        }
        guard options.effective, options.paths.count == 1 else { throw UsageError(message: "usage: \(configCommand.usage)") }
        return .effectiveConfiguration(options)
    case "lint"?:
        if arguments.contains("--version") { return try versionAlone(arguments.dropFirst().filter { $0 != "--version" }) }
        return try parseLint(arguments.dropFirst()).map { .lint($0) } ?? .help(lintCommand.help)
    default:
        if arguments.contains("--version") { return try versionAlone(arguments.filter { $0 != "--version" }) }
        // `higlint explian x` would otherwise lint two missing paths.
        if let word = arguments.first, !word.hasPrefix("-"), !word.contains("/"), !word.contains("."),
           !FileManager.default.fileExists(atPath: word), let command = Spelling.closest(to: word, in: commandNames) {
            throw UsageError(message: "unknown command '\(word)' (and no such file or folder); did you mean `higlint \(command)`?")
        }
        return try parseLint(arguments).map { .lint($0) } ?? .help(usage)
    }
}

/// `--version` with nothing else but `--verbose`: `higlint --version extra` is a mistake, not a request for the version.
func versionAlone(_ others: some Collection<String>) throws(UsageError) -> Command {
    let verbose = others.contains("--verbose")
    guard let extra = others.first(where: { $0 != "--verbose" }) else { return .version(verbose: verbose) }
    throw UsageError(message: "--version takes no other argument but --verbose, not '\(extra)'; run `higlint --version` alone")
}

/// The Swift compiler that built this binary, as far as `#if compiler` tells (each release is a branch here).
let swiftCompiler: String = {
    #if compiler(>=6.4)
    return "Swift 6.4 or later"
    #elseif compiler(>=6.3.3)
    return "Swift 6.3.3 or a later 6.3"
    #elseif compiler(>=6.3.2)
    return "Swift 6.3.2"
    #elseif compiler(>=6.3.1)
    return "Swift 6.3.1"
    #elseif compiler(>=6.3)
    return "Swift 6.3"
    #elseif compiler(>=6.2)
    return "Swift 6.2"
    #elseif compiler(>=6.1)
    return "Swift 6.1"
    #else
    return "Swift 6.0"
    #endif
}()

/// `higlint --version --verbose`: which parser the binary carries decides how fast it lints (about 5x), so say it.
/// Package.swift passes these facts at build time: `HIGLINT_SOURCE_SYNTAX` and Sources/HIGLintBuildInfo.
func verboseVersion() -> String {
    let syntaxVersion = String(cString: higlint_swift_syntax_version())
    let origin = String(cString: higlint_swift_syntax_origin())
    #if HIGLINT_SOURCE_SYNTAX
    let parser = "swift-syntax \(syntaxVersion.isEmpty ? "603.x" : syntaxVersion) built from source"
    let release = syntaxVersion.isEmpty ? "a 603 release (the manifest could not tell which)" : syntaxVersion
    #else
    let parser = "the toolchain's SwiftSyntax (library evolution, slower)"
    let release = syntaxVersion.isEmpty ? "the one of the toolchain that built higlint" : syntaxVersion
    #endif
    return """
        higlint \(version)
        parser: \(parser)
        swift-syntax: \(release), from \(origin)
        built with: \(swiftCompiler)

        """
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
        writeOutput(padded.joined(separator: "  ") + "\n")
    }
}

func explain(_ id: String) throws(UsageError) {
    guard let rule = rule(withID: id) else { throw unknownRule(id) }
    writeOutput(RuleDocumentation.explanation(of: rule.description))
}

/// The arguments as given: `CommandLine.arguments` decodes a path that is not valid UTF-8 with U+FFFD, which names
/// no file; `FileName` keeps its bytes.
let arguments = (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0].map { FileName.string(cString: $0) } }
if let status = runServerCommand(arguments) { exit(status) }
do {
    switch try parse(arguments) {
    case .lint(let options): exit(runLint(options))
    case .fix(let options): exit(runFix(options))
    case .rules(let markdown):
        if markdown { writeOutput(RuleDocumentation.markdown(of: allRules.map { $0.description })) } else { listRules() }
    case .explain(let id): try explain(id)
    case .initialize(let force): exit(writeInitialConfiguration(force: force))
    case .writeBaseline(let file, let options): exit(runLint(options, writingBaseline: file))
    case .effectiveConfiguration(let options): exit(printEffectiveConfiguration(options))
    case .help(let text): writeOutput(text)
    case .project(let path, let json, let files): exit(runProject(path: path, json: json, listsFiles: files))
    case .version(let verbose): writeOutput(verbose ? verboseVersion() : "higlint \(version)\n")
    }
} catch {
    writeErrorLine("higlint: error: \(error.message)")
    exit(2)
}
