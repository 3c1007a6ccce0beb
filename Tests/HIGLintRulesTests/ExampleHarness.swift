import Foundation
import HIGLintCore
import HIGLintRules
import Testing

/// A position a person sees: 1-based line and column in characters.
struct Position: Hashable, CustomStringConvertible, Comparable {
    var line: Int
    var column: Int
    var description: String { "\(line):\(column)" }
    static func < (a: Position, b: Position) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

/// Turns rule examples into lint runs, the way SwiftLint's example tests do.
enum ExampleHarness {
    static let marker: Character = "↓"

    /// The example's code without markers, and the positions the markers stood at.
    static func parseMarkers(_ code: String) -> (code: String, positions: [Position]) {
        var output = ""
        var positions: [Position] = []
        var line = 1
        var column = 1
        for character in code {
            if character == marker {
                positions.append(Position(line: line, column: column))
                continue
            }
            output.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (output, positions)
    }

    static func engine(for description: RuleDescription, _ configuration: Configuration) -> LintEngine {
        var configuration = configuration
        // An example may enable more rules than its own: `unused-suppression` judges comments naming enabled rules only.
        configuration.onlyRules = (configuration.onlyRules ?? []).union([description.id])
        return LintEngine(ruleTypes: allRules, configuration: configuration)
    }

    /// Whether the rule checks asset catalogs: its examples are `Contents.json` texts, not Swift.
    static func isAssetRule(_ description: RuleDescription) -> Bool {
        rule(withID: description.id) is any AssetRule.Type
    }

    /// The rule's findings in `code`, linted as the file at `path` of a module made of it and `moduleFiles`, built
    /// by `project` (a Tuist `Project.swift`) when there is one.
    ///
    /// The example and its module's other files are written to a folder and linted as the editor, the agent
    /// server and `--stdin` lint a buffer: phases 1 to 4 over the folder (`prepare(paths:)`, with the project facts
    /// and the survey that build every cross-file fact), then the buffer against them. So the examples exercise the
    /// same builders as every command, and a cross-file regression fails them.
    static func diagnostics(_ description: RuleDescription, _ code: String, _ configuration: Configuration,
                            path: String = "Example.swift", moduleFiles: [String] = [],
                            resources: [String: String] = [:], project: String? = nil) -> [Diagnostic] {
        let engine = engine(for: description, configuration)
        guard isAssetRule(description) else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-example-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            do {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
                let files = [(path, code)] + moduleFiles.enumerated().map { ("Module\($0.offset).swift", $0.element) }
                    + resources.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                    + (project.map { [("Project.swift", $0)] } ?? [])
                for (relative, text) in files {
                    let url = folder.appendingPathComponent(relative)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(text.utf8).write(to: url)
                }
                let run = engine.prepare(paths: [folder.path], keepsFileParts: true)
                return try run.lint(source: code, path: folder.appendingPathComponent(path).path).filter { $0.rule == description.id }
            } catch {
                Issue.record("\(description.id) example could not be linted: \(error)")
                return []
            }
        }
        switch engine.lint(imageSetContents: Data(code.utf8), path: path) {
        case .success(let found): return found.filter { $0.rule == description.id }
        case .failure(let error):
            Issue.record("\(description.id) example is not a valid Contents.json: \(error)")
            return []
        }
    }

    static func positions(_ description: RuleDescription, _ code: String, _ configuration: Configuration,
                          path: String = "Example.swift", moduleFiles: [String] = [], resources: [String: String] = [:],
                          project: String? = nil) -> [Position] {
        diagnostics(description, code, configuration, path: path, moduleFiles: moduleFiles, resources: resources, project: project)
            .map { Position(line: $0.line, column: $0.column) }.sorted()
    }

    /// The example with a multibyte comment before the first token of every line that has a marker,
    /// and the positions shifted to match.
    static let multibytePrefix = "/* 多字节 🇯🇵 é */ "

    static func withMultibytePrefix(_ code: String) -> (code: String, positions: [Position]) {
        let markedLines = Set(parseMarkers(code).positions.map(\.line))
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices where markedLines.contains(index + 1) {
            let indentation = lines[index].prefix { $0 == " " || $0 == "\t" }
            lines[index] = indentation + multibytePrefix + lines[index].dropFirst(indentation.count)
        }
        return parseMarkers(lines.joined(separator: "\n"))
    }
}
