import Foundation
import HIGLintCore
import HIGLintRules

/// What the server offers: capabilities, diagnostics, hover and code actions.
extension LanguageServer {
    func initialize(_ params: Params) throws(RPCError) -> JSON {
        let root: String = if let uri = params.json["workspaceFolders"]?.array?.first?["uri"]?.string ?? params.json["rootUri"]?.string {
            Self.path(ofURI: uri)
        } else {
            params.json["rootPath"]?.string ?? FileManager.default.currentDirectoryPath
        }
        let capabilities = params.json["capabilities"]
        pullsDiagnostics = capabilities?["textDocument"]?["diagnostic"] != nil
        canRefreshDiagnostics = capabilities?["workspace"]?["diagnostics"]?["refreshSupport"]?.bool == true
        registersWatchers = capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool == true
        if let milliseconds = params.json["initializationOptions"]?["debounceMilliseconds"]?.integer, milliseconds >= 0 {
            options.debounce = Double(milliseconds) / 1000
        }
        workspace = Workspace(root: root, configurationPath: options.configurationPath, timeLimit: options.timeLimit)
        initialized = true
        return [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": true]],
                "hoverProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "diagnosticProvider": ["identifier": "higlint", "interFileDependencies": true, "workspaceDiagnostics": false],
            ],
            "serverInfo": ["name": "higlint", "version": .string(options.version)],
        ]
    }

    /// Asks the client to report changes to configuration, Swift and project files, when it can.
    func registerWatchers() {
        guard registersWatchers else { return }
        let globs = ["**/\(ConfigurationFile.name)", "**/*.swift", "**/Package.swift", "**/*.xcodeproj/project.pbxproj"]
        sendRequest("client/registerCapability", [
            "registrations": [[
                "id": "higlint-watched-files",
                "method": "workspace/didChangeWatchedFiles",
                "registerOptions": ["watchers": .array(globs.map { ["globPattern": .string($0)] })],
            ]],
        ])
    }

    // MARK: Diagnostics

    func lspDiagnostics(_ results: Results) -> [JSON] {
        switch results.outcome {
        case .notChecked(let reason):
            let start = Position(line: 0, character: 0)
            return [["range": Range(start: start, end: start).json, "severity": 1, "source": "higlint",
                     "message": .string(reason.hasPrefix("not checked") ? reason : "not checked: \(reason)")]]
        case .findings(let findings):
            return findings.map { lspDiagnostic($0, in: results.document) }
        case .passedOver:
            return []   // said once by `window/showMessage`
        }
    }

    func lspDiagnostic(_ finding: Diagnostic, in document: TextDocument) -> JSON {
        let severity: Int = switch finding.severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
        var members: [String: JSON] = [
            "range": document.wordRange(at: finding.offset).json,
            "severity": JSON(severity),
            "code": .string(finding.rule),
            "source": "higlint",
            "message": .string(finding.message),
        ]
        if let url = Self.guidelineURL(of: finding) { members["codeDescription"] = ["href": .string(url)] }
        return .object(members)
    }

    /// The HIG page of a finding's rule; `nil` for the checks of `// higlint:` comments, which have none.
    static func guidelineURL(of finding: Diagnostic) -> String? {
        rule(withID: finding.rule)?.description.guidelineURL ?? finding.section.guidelineURL
    }

    /// The findings of the current version of `uri`, with their ranges; none when the last results are stale.
    func currentFindings(_ uri: String) -> [(finding: Diagnostic, range: Range, document: TextDocument)] {
        guard let document = documents[uri], let current = results[uri], current.document.revision == document.revision,
              case .findings(let findings) = current.outcome else { return [] }
        return findings.map { ($0, document.wordRange(at: $0.offset), document) }
    }

    // MARK: Hover

    func hover(_ params: Params) throws(RPCError) -> JSON {
        let uri = try params.object("textDocument").string("uri")
        let position = try Position(params.json["position"])
        let hits = lastFindings(uri).filter { $0.range.start <= position && position <= $0.range.end }
        guard let first = hits.first else { return .null }
        let text = hits.map { hit in
            var text = "**\(hit.finding.rule)** (\(hit.finding.severity.rawValue)): \(hit.finding.message)\n\n"
            if let description = rule(withID: hit.finding.rule)?.description { text += Self.explanationMarkdown(description) }
            return text
        }.joined(separator: "\n---\n\n")
        return ["contents": ["kind": "markdown", "value": .string(text)], "range": first.range.json]
    }

    /// The last findings of `uri` where they are in its current text: between an edit and the next lint, hover
    /// answers from the last results, moved by the edits since (findings whose word an edit touched are left out).
    func lastFindings(_ uri: String) -> [(finding: Diagnostic, range: Range)] {
        guard let document = documents[uri], let last = results[uri], case .findings(let findings) = last.outcome else { return [] }
        let before = last.document
        guard before.revision != document.revision else { return findings.map { ($0, document.wordRange(at: $0.offset)) } }
        return findings.compactMap { finding in
            let word = before.wordRange(at: finding.offset)
            guard let now = document.moved(finding.offset, before.offset(of: word.end), from: before.revision) else { return nil }
            return (finding, Range(start: document.position(ofOffset: now.start), end: document.position(ofOffset: now.end)))
        }
    }

    /// `higlint explain` as Markdown.
    static func explanationMarkdown(_ description: RuleDescription) -> String {
        func code(_ text: String) -> String {
            let language = text.hasPrefix("{") ? "json" : "swift"
            return "```\(language)\n\(text.replacingOccurrences(of: "↓", with: ""))\n```\n"
        }
        var text = "\(description.summary)\n\n\(description.rationale)\n\n"
        if let bad = description.triggeringExamples.first { text += "Bad:\n\n" + code(bad.code) + "\n" }
        if let good = description.nonTriggeringExamples.first { text += "Good:\n\n" + code(good.code) + "\n" }
        if let correction = description.corrections.first {
            text += "Fix:\n\n" + code(correction.before.code) + "\nbecomes\n\n" + code(correction.after) + "\n"
        }
        if description.platforms != .all { text += "Applies to: \(description.platforms)\n\n" }
        text += (description.guidelineURL.map { "[Human Interface Guidelines](\($0))" } ?? description.section.reference)
            + " · `higlint explain \(description.id)`\n"
        return text
    }

    // MARK: Code actions

    func codeActions(_ params: Params) throws(RPCError) -> JSON {
        let uri = try params.object("textDocument").string("uri")
        let range = try Range(params.json["range"])
        if let only = params.json["context"]?["only"]?.array?.compactMap(\.string),
           !only.contains(where: { $0 == "quickfix" || $0 == "" || "quickfix".hasPrefix($0 + ".") || $0.hasPrefix("quickfix.") }) {
            return []
        }
        var actions: [JSON] = []
        var suppressedInFile: Set<String> = []
        for (finding, findingRange, document) in currentFindings(uri) where findingRange.overlaps(range) {
            let diagnostic = lspDiagnostic(finding, in: document)
            if let fix = finding.fix {
                let edits = fix.edits.map { edit -> JSON in
                    ["range": Range(start: document.position(ofOffset: edit.start), end: document.position(ofOffset: edit.end)).json,
                     "newText": .string(edit.replacement)]
                }
                actions.append(action(fix.title, uri: uri, edits: edits, diagnostic: diagnostic, preferred: true))
            }
            let newline = document.bytes.contains(UInt8(ascii: "\r")) && document.text.contains("\r\n") ? "\r\n" : "\n"
            let line = findingRange.start.line
            let indentation = document.lineText(line).prefix { $0 == " " || $0 == "\t" }
            let atLine = Range(start: Position(line: line, character: 0), end: Position(line: line, character: 0))
            actions.append(action("Suppress \(finding.rule) on this line", uri: uri,
                                  edits: [["range": atLine.json, "newText": .string("\(indentation)// higlint:disable:next \(finding.rule)\(newline)")]],
                                  diagnostic: diagnostic, preferred: false))
            if suppressedInFile.insert(finding.rule).inserted {
                let top = Range(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
                actions.append(action("Suppress \(finding.rule) in this file", uri: uri,
                                      edits: [["range": top.json, "newText": .string("// higlint:disable \(finding.rule)\(newline)")]],
                                      diagnostic: diagnostic, preferred: false))
            }
        }
        return .array(actions)
    }

    private func action(_ title: String, uri: String, edits: [JSON], diagnostic: JSON, preferred: Bool) -> JSON {
        ["title": .string(title), "kind": "quickfix", "diagnostics": [diagnostic], "isPreferred": .bool(preferred),
         "edit": ["changes": .object([uri: .array(edits)])]]
    }
}
