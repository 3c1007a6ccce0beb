import Foundation
import HIGLintCore

/// SARIF 2.1.0, as GitHub code scanning and other SARIF viewers read it: one run, the rules with their help and HIG
/// link, results with regions, stable `partialFingerprints`, and `fixes` as byte-range replacements.
///
/// Paths inside the report root (the current folder) are relative URIs against `%SRCROOT%`, which code scanning
/// needs; paths outside it are absolute `file:` URIs.
public struct SARIFReporter: Reporter {
    public static let name = "sarif"
    public static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    static let fingerprintKey = "higlint/v1"
    public init() {}

    public func report(_ result: LintResult) -> String { report(result, context: ReportContext()) }

    public func report(_ result: LintResult, context: ReportContext) -> String {
        var text = ""
        write(result, context: context) { text += $0 }
        return text
    }

    /// Results are built one at a time as they are written (`JSONWriter.Lazy`), never all at once.
    public func write(_ result: LintResult, context: ReportContext, to output: @escaping (String) -> Void) {
        var rules = context.rules
        // Findings of rules the context does not know (a library user's own rules) still get an entry.
        for id in Set(result.diagnostics.map(\.rule)).sorted() where !rules.contains(where: { $0.id == id }) {
            let diagnostic = result.diagnostics.first { $0.rule == id }!
            rules.append(RuleDescription(id: id, name: id, section: diagnostic.section, defaultSeverity: diagnostic.severity,
                                         summary: id, rationale: id, triggeringExamples: [], nonTriggeringExamples: []))
        }
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let fingerprints = Fingerprint.compute(result.diagnostics) { context.relativePath($0.path) ?? $0.path }
        let columns = codePointColumns(result.diagnostics)

        let diagnostics = result.diagnostics
        let results = JSONWriter.Lazy(count: diagnostics.count) { index -> Any in
            let diagnostic = diagnostics[index]
            let location = artifactLocation(diagnostic.path, context)
            var entry: [String: Any] = [
                "ruleId": diagnostic.rule,
                "ruleIndex": ruleIndex[diagnostic.rule]!,
                "level": diagnostic.severity.rawValue,
                "message": ["text": diagnostic.message],
                "locations": [["physicalLocation": [
                    "artifactLocation": location,
                    "region": ["startLine": diagnostic.line, "startColumn": columns[index]],
                ]]],
                "partialFingerprints": [Self.fingerprintKey: fingerprints[index]],
            ]
            if let fix = diagnostic.fix {
                entry["fixes"] = [[
                    "description": ["text": fix.title],
                    "artifactChanges": [[
                        "artifactLocation": location,
                        "replacements": fix.edits.map { edit in
                            ["deletedRegion": ["byteOffset": edit.start, "byteLength": edit.end - edit.start],
                             "insertedContent": ["text": edit.replacement]] as [String: Any]
                        },
                    ]],
                ]]
            }
            return entry
        }
        let notifications: [[String: Any]] = result.errors.map { error in
            ["level": "error", "message": ["text": error.reason],
             "locations": [["physicalLocation": ["artifactLocation": artifactLocation(error.path, context)]]]]
        }
        var root = URL(fileURLWithPath: context.rootDirectory).standardizedFileURL.absoluteString
        if !root.hasSuffix("/") { root += "/" }
        let run: [String: Any] = [
            "tool": ["driver": [
                "name": "HIGLint",
                "version": context.toolVersion,
                "semanticVersion": context.toolVersion,
                "rules": rules.map(ruleMetadata),
            ]],
            "originalUriBaseIds": ["%SRCROOT%": ["uri": root]],
            "columnKind": "unicodeCodePoints",
            "invocations": [["executionSuccessful": result.errors.isEmpty, "toolExecutionNotifications": notifications]],
            "results": results,
        ]
        let log: [String: Any] = ["$schema": Self.schema, "version": "2.1.0", "runs": [run]]
        JSONWriter.write(log, to: output)
    }

    func ruleMetadata(_ rule: RuleDescription) -> [String: Any] {
        let pageName = "Human Interface Guidelines: \(rule.section.title)"
        var metadata: [String: Any] = [
            "id": rule.id,
            "name": rule.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
            "shortDescription": ["text": rule.summary],
            "fullDescription": ["text": rule.rationale],
            "help": ["text": "\(rule.summary)\n\n\(rule.rationale)\n\n\(rule.section.reference)",
                     "markdown": "**\(rule.summary)**\n\n\(rule.rationale)\n\n"
                        + (rule.guidelineURL.map { "[\(pageName)](\($0))" } ?? rule.section.reference)],
            "defaultConfiguration": ["level": rule.defaultSeverity.rawValue],
            "properties": ["tags": [rule.guidelineURL == nil ? "higlint" : "hig", rule.section.rawValue], "precision": "high"],
        ]
        // A rule with no page of its own has no help URI, rather than one that names nothing.
        if let url = rule.guidelineURL { metadata["helpUri"] = url }
        return metadata
    }

    func artifactLocation(_ path: String, _ context: ReportContext) -> [String: Any] {
        if let relative = context.relativePath(path) {
            return ["uri": Self.encode(relative), "uriBaseId": "%SRCROOT%"]
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        // A name that is not valid UTF-8 (kept escaped, see `FileName`) is percent-encoded from its own bytes.
        return ["uri": FileName.fileSystemBytes(path) == Array(path.utf8) ? absolute.absoluteString : "file://" + Self.encode(absolute.path)]
    }

    /// The path percent-encoded from the bytes of its file's name: `%FF` for a byte that is not UTF-8, not `%25FF`.
    static func encode(_ relativePath: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":;%")   // a first segment with ':' would read as a URI scheme
        var uri = ""
        for byte in FileName.fileSystemBytes(relativePath) {
            if byte < 0x80, allowed.contains(Unicode.Scalar(byte)) {
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                uri += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return uri
    }

    /// SARIF columns count Unicode code points; HIGLint's count the characters a person sees. Findings of one line (which share its text) are counted on from the
    /// one before, in column order, so a long line with many findings is walked once, not once per finding.
    func codePointColumns(_ diagnostics: [Diagnostic]) -> [Int] {
        var columns = diagnostics.map(\.column)
        var walk: (line: String, index: String.Index, column: Int, codePoints: Int)?
        let order = diagnostics.indices.sorted { (diagnostics[$0].offset, $0) < (diagnostics[$1].offset, $1) }
        for position in order {
            let diagnostic = diagnostics[position]
            guard let line = diagnostic.lineText, diagnostic.column >= 1 else { continue }
            if walk == nil || walk!.line != line || walk!.column > diagnostic.column {
                walk = (line, line.startIndex, 1, 1)
            }
            var (_, index, column, codePoints) = walk!
            while column < diagnostic.column, index < line.endIndex {
                let next = line.index(after: index)
                codePoints += line.unicodeScalars[index..<next].count
                index = next
                column += 1
            }
            walk = (line, index, column, codePoints)
            columns[position] = codePoints   // a column past the line's end stops at it
        }
        return columns
    }
}
