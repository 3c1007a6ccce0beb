import Foundation
import HIGLintCore
import HIGLintProject
import HIGLintRules
import HIGLintSwiftUI

/// The MCP server's tools: their input schemas and what calling them does.
struct MCPTools {
    enum Tool: String, CaseIterable {
        case lintCode = "lint_code"
        case lintPaths = "lint_paths"
        case explainRule = "explain_rule"
        case listRules = "list_rules"
        case fixCode = "fix_code"
    }

    let workspace: Workspace

    private static let platformNames: JSON = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]

    private static let sourceProperties: [String: JSON] = [
        "code": ["type": "string", "description": "Swift source text: a SwiftUI view, or a whole file."],
        "file_name": ["type": "string",
                      "description": "The file the code stands for, relative to the server's root (default View.swift); .higlint.json files above it apply."],
        "platforms": ["type": "array", "items": ["type": "string", "enum": platformNames],
                      "description": "The platforms the file is built for (default: the configuration's, else all)."],
        "configuration": ["type": "object",
                          "description": "Settings as in a .higlint.json file (rules, platforms, components, ownedDomains…), applied over the project's."],
    ]

    /// Built once per process: every call checks its arguments against the schemas.
    static let definitions: [JSON] = {
        var fixProperties = sourceProperties
        fixProperties["rules"] = ["type": "array", "items": ["type": "string"], "description": "Apply only these rules' fixes."]
        return [
            tool(.lintCode, "Check SwiftUI source text against Apple's Human Interface Guidelines. Returns findings (rule, severity, line, column, message, HIG page) and each finding's fix as edits.",
                 properties: sourceProperties, required: ["code"]),
            tool(.lintPaths, "Check Swift files and asset catalogs under paths inside the server's root (relative to it, or absolute). Paths outside the root, also through symbolic links, are refused.",
                 properties: ["paths": ["type": "array", "items": ["type": "string"], "minItems": 1,
                                        "description": "Files or folders inside the server's root."]],
                 required: ["paths"]),
            tool(.explainRule, "Explain a HIGLint rule: what it checks, why (the HIG's guidance), a bad and a good example, its fix and HIG page.",
                 properties: ["rule": ["type": "string", "description": "A rule id, as in a finding's \"rule\": fixed-font-size."]],
                 required: ["rule"]),
            tool(.listRules, "List every HIGLint rule: id, HIG section, default severity, whether it has a fix, and a one-line summary.",
                 properties: ["section": ["type": "string", "enum": .array(RuleSection.allCases.map { .string($0.rawValue) }),
                                          "description": "Only the rules of this HIG section."]],
                 required: []),
            tool(.fixCode, "Apply HIGLint's fixes to SwiftUI source text. Returns the fixed source, a unified diff, the fixes applied and the findings that remain. Writes no file.",
                 properties: fixProperties, required: ["code"]),
        ]
    }()

    private static func tool(_ tool: Tool, _ description: String, properties: [String: JSON], required: [String]) -> JSON {
        ["name": .string(tool.rawValue), "description": .string(description),
         "inputSchema": ["type": "object", "properties": .object(properties), "required": JSON(required),
                         "additionalProperties": false]]
    }

    /// A tool result: the structured value, also as JSON text for clients that only read text.
    static func result(_ value: JSON, text: String? = nil) -> JSON {
        ["content": [["type": "text", "text": .string(text ?? value.serialized)]], "structuredContent": value, "isError": false]
    }

    static func failure(_ message: String) -> JSON {
        ["content": [["type": "text", "text": .string(message)]], "isError": true]
    }

    func call(_ tool: Tool, _ arguments: Arguments) -> JSON {
        do throws(Arguments.Problem) {
            let allowed = Set(Self.definitions.first { $0["name"]?.string == tool.rawValue }?["inputSchema"]?["properties"]?.object?.keys ?? [:].keys)
            if let unknown = arguments.members.keys.sorted().first(where: { !allowed.contains($0) }) {
                throw Arguments.Problem(message: "unknown argument \"\(unknown)\"; \(tool.rawValue) takes \(allowed.sorted().joined(separator: ", "))")
            }
            switch tool {
            case .lintCode: return try lintCode(arguments)
            case .lintPaths: return try lintPaths(arguments)
            case .explainRule: return try explainRule(arguments)
            case .listRules: return try listRules(arguments)
            case .fixCode: return try fixCode(arguments)
            }
        } catch {
            return Self.failure(error.message)
        }
    }

    // MARK: Source text

    private struct Source {
        var code: String
        var path: String
        var fileName: String
        /// `configuration` and `platforms`, applied over the configuration of the file the code stands for.
        var settings: (@Sendable (inout Configuration) -> Void)?
        /// Both as text: the same key, the same settings.
        var settingsKey = ""
    }

    private func source(_ arguments: Arguments) throws(Arguments.Problem) -> Source {
        let code = try arguments.string("code")
        let fileName = try arguments.optionalString("file_name") ?? "View.swift"
        var file: ConfigurationFile?
        if let settings = try arguments.optionalObject("configuration") {
            do throws(ConfigurationError) {
                file = try ConfigurationFile(data: Data(settings.serialized.utf8), path: "configuration",
                                             rules: allRules.map { $0.description })
            } catch {
                throw Arguments.Problem(message: "configuration: \(error.message)")
            }
        }
        var platforms: Platforms?
        if let names = try arguments.optionalStrings("platforms") {
            var chosen: Platforms = []
            for name in names {
                guard let platform = Platforms(name: name) else {
                    throw Arguments.Problem(message: "unknown platform '\(name)'; expected iOS, macOS, tvOS, watchOS or visionOS")
                }
                chosen.formUnion(platform)
            }
            platforms = chosen
        }
        let path = workspace.absolutePath(fileName)
        // Judged before anything is read, the same whether the file exists or not: the projects and configuration
        // around a file outside the root are not the agent's to see.
        guard isInsideRoot(path) else {
            throw Arguments.Problem(message: "refused: file_name \(fileName) is outside the server's root \(workspace.root); give a path inside it, relative to it")
        }
        var source = Source(code: code, path: path, fileName: fileName)
        if file != nil || platforms != nil {
            let names = try arguments.optionalStrings("platforms")?.sorted().joined(separator: ",") ?? "-"
            source.settingsKey = (try arguments.optionalObject("configuration")?.serialized ?? "-") + " " + names
            source.settings = { [file, platforms] configuration in
                file?.apply(to: &configuration)
                if let platforms { configuration.platforms = platforms }
            }
        }
        return source
    }

    /// Why the source is passed over unparsed (it is larger than its file's `maxFileSize`, with the call's settings),
    /// or `nil`: asked before anything parses it, the parse probe included.
    private func passOverReason(_ source: Source) -> String? {
        workspace.passOverReason(byteCount: source.code.utf8.count, path: source.path, settings: source.settings,
                                 settingsKey: source.settingsKey)
    }

    /// The words of a result for source passed over: why, and how to have it checked.
    private static func passedOverText(_ reason: String) -> String {
        "passed over, not checked: \(reason); raise maxFileSize (in .higlint.json or this call's configuration) to check it"
    }

    /// Lints a source with its settings, within the time limit.
    private func lint(_ source: Source) throws(Arguments.Problem) -> [Diagnostic] {
        let workspace = workspace
        // A parse over the limit ends with the child it ran in; it is not started in the server.
        if let probe = workspace.parseProbe, !probe.parses(source.code, within: workspace.timeLimit) {
            throw Arguments.Problem(message: Workspace.timeoutReason(workspace.timeLimit ?? 0))
        }
        let outcome: Result<[Diagnostic], ConfigurationError> = try bounded {
            do throws(ConfigurationError) {
                return .success(try workspace.lint(source: source.code, path: source.path, settings: source.settings, settingsKey: source.settingsKey))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let findings): return findings
        case .failure(let error): throw Arguments.Problem(message: "configuration: \(error)")
        }
    }

    private func bounded<Value: Sendable>(_ body: @escaping @Sendable () -> Value) throws(Arguments.Problem) -> Value {
        guard let value = BoundedWork.run(limit: workspace.timeLimit, body) else {
            throw Arguments.Problem(message: Workspace.timeoutReason(workspace.timeLimit ?? 0))
        }
        return value
    }

    private func lintCode(_ arguments: Arguments) throws(Arguments.Problem) -> JSON {
        let source = try source(arguments)
        if let reason = passOverReason(source) {
            return Self.result(["file_name": .string(source.fileName), "findings": [], "summary": .string(Self.passedOverText(reason)),
                                "passed_over": .string(reason)])
        }
        let findings = try lint(source)
        return Self.result(["file_name": .string(source.fileName), "findings": .array(findings.map { Self.finding($0, path: source.fileName) }),
                            "summary": .string(Self.summary(findings))])
    }

    private func fixCode(_ arguments: Arguments) throws(Arguments.Problem) -> JSON {
        let source = try source(arguments)
        let only = try arguments.optionalStrings("rules")
        for id in only ?? [] {
            guard let rule = rule(withID: id) else { throw Arguments.Problem(message: "unknown rule '\(id)'; list_rules lists them") }
            guard rule.description.isFixable else { throw Arguments.Problem(message: "rule '\(id)' has no fix; list_rules shows which do") }
        }
        if let reason = passOverReason(source) {
            return Self.result(["fixed_code": .string(source.code), "diff": "", "changed": false, "applied": [], "remaining": [],
                                "refused": [], "passed_over": .string(reason), "summary": .string(Self.passedOverText(reason))])
        }
        _ = try lint(source)   // a configuration mistake is an error, not "nothing to fix"
        let workspace = workspace
        let fixer = FixEngine(rules: only.map(Set.init)) { text, path in
            (try? workspace.lint(source: text, path: path, settings: source.settings, settingsKey: source.settingsKey)) ?? []
        }
        let correction = try bounded { fixer.correct(source.code, path: source.path) }
        let diff = correction.changed ? UnifiedDiff.diff(old: correction.original, new: correction.corrected, path: source.fileName) : ""
        let applied: [JSON] = correction.applied.map {
            ["rule": .string($0.diagnostic.rule), "title": .string($0.title), "line": JSON($0.diagnostic.line), "pass": JSON($0.pass)]
        }
        let value: JSON = ["fixed_code": .string(correction.corrected), "diff": .string(diff), "changed": .bool(correction.changed),
                           "applied": .array(applied), "remaining": .array(correction.remaining.map { Self.finding($0, path: source.fileName) }),
                           "refused": .array(correction.refused.map { ["rule": .string($0.diagnostic.rule), "reason": .string($0.reason.rawValue)] })]
        return Self.result(value)
    }

    // MARK: Paths

    private func lintPaths(_ arguments: Arguments) throws(Arguments.Problem) -> JSON {
        guard let paths = try arguments.optionalStrings("paths") else { throw Arguments.Problem(message: "missing argument \"paths\" (an array of strings)") }
        guard !paths.isEmpty else { throw Arguments.Problem(message: "argument \"paths\" is empty; give at least one file or folder") }
        let root = Self.realPath(workspace.root) ?? workspace.root
        var absolute: [String] = []
        for path in paths {
            let candidate = workspace.absolutePath(path)
            // Outside first: a path outside the root is refused in the same words whether it exists or not.
            guard isInsideRoot(candidate) else {
                throw Arguments.Problem(message: "refused: \(path) is outside the server's root \(workspace.root); lint_paths only reads inside the root")
            }
            guard Self.realPath(candidate) != nil else { throw Arguments.Problem(message: "no such file or folder: \(path)") }
            absolute.append(candidate)
        }
        // A symbolic link inside the root may lead out of it: every file to be read must resolve inside.
        let collection = FileCollector.files(under: absolute)
        for file in collection.swiftFiles + collection.imageSets {
            if let real = Self.realPath(file), !Self.isInside(real, root) {
                throw Arguments.Problem(message: "refused: \(relative(file)) resolves to \(real), outside the server's root \(workspace.root); lint_paths only reads inside the root")
            }
        }
        // The engine bounds each file with the time limit, as `lint` does.
        let result = workspace.lint(paths: absolute)
        if let error = result.configurationErrors.first { throw Arguments.Problem(message: "configuration: \(error)") }
        let findings = result.diagnostics.map { Self.finding($0, path: relative($0.path)) }
        var value: JSON = [
            "files_checked": JSON(result.filesChecked), "findings": .array(findings),
            "errors": .array(result.errors.map { ["path": .string(relative($0.path)), "reason": .string($0.reason)] }),
            "summary": .string(Self.summary(result.diagnostics)),
        ]
        // Files not checked on purpose (tests, previews, files larger than maxFileSize), as `lint`'s summary says.
        if result.passedOver.total > 0, case .object(var members) = value {
            members["passed_over"] = .string(result.passedOver.summary)
            value = .object(members)
        }
        return Self.result(value)
    }

    /// Whether `path` lies inside the root where it really is (links resolved; of a path that does not exist,
    /// its deepest existing folder).
    private func isInsideRoot(_ path: String) -> Bool {
        ReadBoundary.isInside(ReadBoundary.resolved(path), ReadBoundary.resolved(workspace.root))
    }

    private func relative(_ path: String) -> String {
        let absolute = workspace.absolutePath(path)
        return absolute.hasPrefix(workspace.root + "/") ? String(absolute.dropFirst(workspace.root.count + 1)) : path
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    // MARK: Rules

    private func explainRule(_ arguments: Arguments) throws(Arguments.Problem) -> JSON {
        let id = try arguments.string("rule")
        guard let rule = rule(withID: id) else { throw Arguments.Problem(message: Self.unknownRule(id)) }
        let description = rule.description
        var value = Self.ruleSummary(description)
        if case .object(var members) = value {
            members["rationale"] = .string(description.rationale)
            members["bad_example"] = description.triggeringExamples.first.map { .string($0.code.replacingOccurrences(of: "↓", with: "")) } ?? .null
            members["good_example"] = description.nonTriggeringExamples.first.map { .string($0.code) } ?? .null
            value = .object(members)
        }
        return Self.result(value, text: RuleDocumentation.explanation(of: description))
    }

    /// "unknown rule", with the id a typo most likely meant (as `lint_code`'s configuration errors and the command
    /// line suggest: `fixed_font_size`), else the ids that contain the word or that it contains (`font-size`).
    static func unknownRule(_ id: String) -> String {
        let ids = allRules.map { $0.description.id }
        let close = Spelling.closest(to: id, in: ids).map { [$0] }
            ?? ids.filter { !id.isEmpty && ($0.contains(id) || id.contains($0)) }
        let hint = close.isEmpty ? "" : "did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))? "
        return "unknown rule '\(id)'; \(hint)list_rules lists them"
    }

    private func listRules(_ arguments: Arguments) throws(Arguments.Problem) -> JSON {
        let section = try arguments.optionalString("section")
        if let section, RuleSection(rawValue: section) == nil {
            throw Arguments.Problem(message: "unknown section '\(section)'; expected \(RuleSection.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let rules = allRules.map { $0.description }.filter { section == nil || $0.section.rawValue == section }
        return Self.result(["rules": .array(rules.map(Self.ruleSummary))])
    }

    static func ruleSummary(_ description: RuleDescription) -> JSON {
        ["id": .string(description.id), "section": .string(description.section.rawValue),
         "severity": .string(description.defaultSeverity.rawValue), "fixable": .bool(description.isFixable),
         "summary": .string(description.summary), "guideline": description.guidelineURL.map(JSON.string) ?? .null,
         "platforms": .string(description.platforms.description)]
    }

    // MARK: Findings

    /// A finding as JSON; `path` as the agent named the file. Edits are in UTF-8 byte offsets of the source.
    static func finding(_ diagnostic: Diagnostic, path: String) -> JSON {
        var members: [String: JSON] = [
            "rule": .string(diagnostic.rule), "severity": .string(diagnostic.severity.rawValue), "path": .string(path),
            "line": JSON(diagnostic.line), "column": JSON(diagnostic.column), "message": .string(diagnostic.message),
            "guideline": LanguageServer.guidelineURL(of: diagnostic).map(JSON.string) ?? .null,
        ]
        if let fix = diagnostic.fix {
            members["fix"] = ["title": .string(fix.title), "edits": .array(fix.edits.map {
                ["start": JSON($0.start), "end": JSON($0.end), "replacement": .string($0.replacement)]
            })]
        }
        return .object(members)
    }

    static func summary(_ findings: [Diagnostic]) -> String {
        let counts = Dictionary(grouping: findings, by: \.severity).mapValues(\.count)
        return "\(counts[.error] ?? 0) errors, \(counts[.warning] ?? 0) warnings, \(counts[.note] ?? 0) notes"
    }
}
