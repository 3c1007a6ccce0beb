import Foundation
import HIGLintCore
import HIGLintProject
import HIGLintRules
import HIGLintSwiftUI

/// The configuration source of a run: `.higlint.json` discovery (or `--config`), with `--only` and `--disable` on top.
func makeResolver(_ options: LintOptions) throws(ConfigurationError) -> ConfigurationResolver {
    let only = options.only, disabled = options.disabled
    return try ConfigurationResolver(rules: allRules.map { $0.description }, configurationFile: options.configurationPath) { configuration in
        if !only.isEmpty {
            configuration.onlyRules = Set(only)
            // Asking for a rule by name runs it even where a configuration file turned it off.
            for id in only { configuration.rules[id, default: RuleSettings()].enabled = true }
        }
        for id in disabled { configuration.rules[id, default: RuleSettings()].enabled = false }
    }
}

struct ConfigOptions {
    var effective = false
    var paths: [String] = []
    var configurationPath: String?
    var only: [String] = []
    var disabled: [String] = []
}

let configCommand = CommandSpec<ConfigOptions>(
    name: "config", usage: "higlint config --effective PATH [--config FILE] [--only RULE,…] [--disable RULE,…]",
    summary: "Print, as JSON, the configuration that applies to PATH and the files it comes from.",
    options: [
        Option(["--effective"], help: "The configuration of PATH, every .higlint.json above it merged, options applied.") { $0.effective = true },
        SharedOptions.configuration(\.configurationPath),
        SharedOptions.only(\.only),
        SharedOptions.disable(\.disabled),
    ],
    notes: "EXIT STATUS: 0 printed, 2 usage or configuration error.\n")

/// `higlint config --effective PATH`: what a run would apply to PATH, for a person wondering why a rule is quiet.
func printEffectiveConfiguration(_ options: ConfigOptions) -> Int32 {
    var lintOptions = LintOptions()
    lintOptions.configurationPath = options.configurationPath
    lintOptions.only = options.only
    lintOptions.disabled = options.disabled
    let path = options.paths[0]
    var isDirectory: ObjCBool = false
    // A folder stands for a file in it, so its own .higlint.json applies.
    let filePath = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        ? (path as NSString).appendingPathComponent("File.swift") : path
    let configuration: Configuration?
    let files: [ConfigurationFile]
    do throws(ConfigurationError) {
        let resolver = try makeResolver(lintOptions)
        configuration = try resolver.configuration(forFile: filePath)
        files = try resolver.files(forDirectory: (filePath as NSString).deletingLastPathComponent)
    } catch {
        writeErrorLine("\(error)")
        return 2
    }
    var object: [String: Any] = ["path": path, "files": files.map(\.path), "checked": configuration != nil]
    // Why a run passes the file over, when the projects around it say it does not ship (and configuration does not
    // ask for such code): the answer to "why is this file quiet?" that include and exclude do not give.
    if let configuration, !configuration.checksNonShippingCode, !isDirectory.boolValue,
       let reason = ProjectFacts.read(for: [filePath]).facts(forFile: filePath).passOverReason {
        object["passedOver"] = reason == .notBuilt ? "no target builds it" : reason.rawValue
    }
    // A file too large to parse is passed over whatever it is, so this reason comes first.
    if let configuration, !isDirectory.boolValue, let size = SourceReader.size(of: filePath),
       let reason = configuration.sizePassOverReason(byteCount: size) {
        object["passedOver"] = reason
    }
    if let configuration {
        object["maxFileSize"] = configuration.maxFileSize
        // What the configuration says; the project that builds a file is read by a run, not here.
        let platforms = configuration.platforms ?? .all
        object["platforms"] = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"].filter { name in
            Platforms(name: name).map { platforms.contains($0) } ?? false
        }
        object["deploymentTarget"] = configuration.deploymentTarget
        object["components"] = configuration.components
        if let domains = configuration.ownedDomains { object["ownedDomains"] = domains }
        var rules: [String: Any] = [:]
        for rule in allRules.map({ $0.description }) {
            var entry: [String: Any] = ["severity": configuration.isEnabled(rule) ? configuration.severity(of: rule).rawValue : "off"]
            let options = configuration.rules[rule.id]?.options ?? [:]
            if !options.isEmpty { entry["options"] = options.mapValues(\.jsonValue) }
            rules[rule.id] = entry
        }
        object["rules"] = rules
    }
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
    writeOutput(String(decoding: data, as: UTF8.self) + "\n")
    return 0
}

extension OptionValue {
    var jsonValue: Any {
        switch self {
        case .bool(let value): value
        case .number(let value): value
        case .string(let value): value
        case .strings(let value): value
        }
    }
}

/// `higlint init`: writes a commented starting configuration into the current folder.
func writeInitialConfiguration(force: Bool) -> Int32 {
    let path = ConfigurationFile.name
    if !force, FileManager.default.fileExists(atPath: path) {
        writeErrorLine("higlint: error: \(path) already exists; edit it, or run `higlint init --force` to replace it")
        return 2
    }
    do {
        try Data(initialConfiguration().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
        writeError("higlint: error: cannot write \(path): \(error.localizedDescription)\n")
        return 2
    }
    writeOutput("Wrote \(path). Every setting in it is commented out; HIGLint's defaults apply until you change one.\n")
    return 0
}

/// A configuration that documents every key and every rule, all commented out, in JSON5.
func initialConfiguration() -> String {
    var rules = ""
    for rule in allRules.map({ $0.description }) {
        rules += "    // \(rule.name): \(rule.summary)\n"
        if rule.options.isEmpty {
            rules += "    // \"\(rule.id)\": \"\(rule.defaultSeverity.rawValue)\",\n"
        } else {
            rules += "    // \"\(rule.id)\": {\n    //   severity: \"\(rule.defaultSeverity.rawValue)\",\n"
            for (name, meaning) in rule.options.sorted(by: { $0.key < $1.key }) {
                let example = switch rule.kind(ofOption: name) ?? .words {
                case .words: "[]"
                case .flag: "false"
                case .number: "0"
                case .text: "\"\""
                }
                rules += "    //   \(name): \(example),   // \(meaning)\n"
            }
            rules += "    // },\n"
        }
    }
    return """
        // HIGLint configuration (JSON5: comments, unquoted keys and trailing commas are fine).
        // It applies to the Swift files in this folder and below; a .higlint.json in a subfolder refines it there.
        // A mistake (unknown key or rule, wrong type) stops HIGLint with exit status 2 and names the key.
        {
          // Files to check and to skip: globs relative to this folder; ** matches any number of folders,
          // and a pattern that matches a folder covers everything in it. Default: every .swift file.
          // include: ["Sources/**"],
          // exclude: ["**/Generated", "**/*.generated.swift"],

          // The platforms these files are built for; rules about iOS-only ideas stay quiet in a Mac-only folder.
          // Default: what the Xcode project or package that builds each file says (`higlint project` shows it).
          // platforms: ["iOS", "macOS", "tvOS", "watchOS", "visionOS"],

          // Minimum OS versions; rules that suggest newer APIs read them. Default: the project's.
          // deploymentTarget: { iOS: "17.0", macOS: "14.0" },

          // Tests, previews, screenshot targets and files no target builds are passed over; check them too.
          // checkNonShippingCode: true,

          // More words that name targets made only for screenshots (besides Screenshot, Snapshot, Trailer, Preview).
          // screenshotTargets: ["Marketing"],

          // Domains the app owns, which web views may load.
          // ownedDomains: ["example.com"],

          // Swift files larger than this are passed over unread (SwiftSyntax's tree of a file takes 45 to 165 times
          // its size). Bytes, or "4MB" (1000s) or "4MiB" (1024s); at most "64MiB". Default: "2MB", 2,000,000 bytes.
          // maxFileSize: "4MB",

          // Your own view types, mapped to the SwiftUI view they wrap, so rules treat them like it.
          // components: { AvatarImage: "Image", PrimaryButton: "Button", Card: "GroupBox" },

          // Per rule: "off", "note", "warning" or "error", or an object with "severity" and the rule's options.
          rules: {
        \(rules)  },
        }

        """
}
