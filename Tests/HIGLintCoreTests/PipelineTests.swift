@testable import HIGLintCore
import Foundation
import HIGLintRules
import Testing

/// Leaves out files whose name says so, and fails on one, as a configuration file could.
private struct SelectiveSource: ConfigurationSource {
    func configuration(forFile path: String) throws(ConfigurationError) -> Configuration? {
        if path.hasSuffix("Broken.swift") { throw ConfigurationError(path: "/x/.higlint.json", message: "broken") }
        return path.hasSuffix("Excluded.swift") ? nil : Configuration()
    }
}

@Suite("The phases of a run")
struct PipelineTests {
    static let ownSwipeActions = "extension View {\n    func swipeActions(actions: [String]) -> some View { self }\n}\n"
    static let stack = "struct Stack: View {\n    var body: some View { VStack { Text(\"Row\").swipeActions(actions: []) } }\n}\n"

    @Test("resolving configuration drops the files it leaves out and collects each mistake once")
    func configurationPhase() {
        var collection = FileCollector.Collection()
        collection.swiftFiles = ["A.swift", "Excluded.swift", "Broken.swift", "Sub/Broken.swift"]
        collection.imageSets = ["A.xcassets/B.imageset"]
        let resolved = ConfigurationPhase.resolve(collection, source: SelectiveSource(), readsImageSets: false)
        #expect(resolved.swiftFiles.map(\.path) == ["A.swift"])
        #expect(resolved.imageSets.isEmpty)
        #expect(resolved.errors.map(\.message) == ["broken"])
        let withSets = ConfigurationPhase.resolve(collection, source: SelectiveSource(), readsImageSets: true)
        #expect(withSets.imageSets.map(\.path) == ["A.xcassets/B.imageset"])
    }

    @Test("the survey learns what other files declare, and marks files the prefilter passes over")
    func surveyPhase() throws {
        let folder = try TemporaryFolder()
        let actions = try folder.write("Actions.swift", Self.ownSwipeActions)
        let model = try folder.write("Model.swift", "struct Order { var id: Int }\n")
        let engine = LintEngine(ruleTypes: allRules)
        let files = [actions, model].map { ConfiguredFile(path: $0, configuration: Configuration()) }
        let survey = SurveyPhase(engine: engine).run(files, cache: nil)
        #expect(survey.module.declaresFunction("swipeActions"))
        #expect(survey.file(at: 1)?.passedOver == true)
        #expect(survey.file(at: 2) == nil)
    }

    @Test("a prepared run checks a buffer against the module the survey saw, as lint(paths:) does")
    func preparedRunUsesTheSurvey() throws {
        let folder = try TemporaryFolder()
        try folder.write("Actions.swift", Self.ownSwipeActions)
        let stack = try folder.write("Stack.swift", Self.stack)
        let engine = LintEngine(ruleTypes: allRules)
        #expect(engine.lint(paths: [folder.url.path]).diagnostics.isEmpty)
        let prepared = engine.prepare(paths: [folder.url.path])
        #expect(try prepared.lint(source: Self.stack, path: stack).isEmpty)
        // Alone, the buffer is all the module there is: the call is SwiftUI's, and outside a List.
        #expect(try engine.prepare(paths: []).lint(source: Self.stack, path: stack).map(\.rule) == ["swipe-actions-outside-list"])
    }

    @Test("with the files' parts kept, a buffer stands for its own file's part, and a saved file is surveyed again alone")
    func buffersReplaceTheirFile() throws {
        let folder = try TemporaryFolder()
        let actions = try folder.write("Actions.swift", Self.ownSwipeActions)
        let stack = try folder.write("Stack.swift", Self.stack)
        let engine = LintEngine(ruleTypes: allRules)
        let prepared = engine.prepare(paths: [folder.url.path], keepsFileParts: true)
        // The buffer of Actions.swift no longer declares the app's own swipeActions, and calls it itself.
        let edited = "struct Other: View {\n    var body: some View { VStack { Text(\"Row\").swipeActions(actions: []) } }\n}\n"
        #expect(try prepared.lint(source: edited, path: actions).map(\.rule) == ["swipe-actions-outside-list"])
        // Without the parts (fix), the file on disk still counts, as before.
        #expect(try engine.prepare(paths: [folder.url.path]).lint(source: edited, path: actions).isEmpty)
        #expect(try prepared.lint(source: Self.stack, path: stack).isEmpty)

        // Saved: only that file is surveyed again; the other buffers see the change.
        try folder.write("Actions.swift", edited)
        let resurveyed = try #require(prepared.resurveying(actions))
        #expect(try resurveyed.lint(source: Self.stack, path: stack).map(\.rule) == ["swipe-actions-outside-list"])
        #expect(!resurveyed.survey.module.declaresFunction("swipeActions"))
        #expect(prepared.resurveying(folder.url.appendingPathComponent("New.swift").path) == nil)
    }

    @Test("a saved file's survey runs the second passes a whole survey runs, for it and for what it newly wants")
    func savedFileKeepsSecondPassFacts() throws {
        let folder = try TemporaryFolder()
        let model = try folder.write("Transcription.swift", "final class Transcription {\n    var text: String = \"\"\n}\n")
        let share = "struct Detail: View {\n    let transcription: Transcription\n    var body: some View {\n"
            + "        Menu(\"More\") { ShareLink(item: transcription.text) { Label(\"Text\", systemImage: \"text.alignleft\") } }\n"
            + "    }\n}\n"
        let detail = try folder.write("Detail.swift", "struct Detail: View {\n    var body: some View { Text(\"Hi\") }\n}\n")
        let engine = LintEngine(ruleTypes: allRules)
        let prepared = engine.prepare(paths: [folder.url.path], keepsFileParts: true)
        // Saving the declaring file keeps what the others wanted of it (a text member the ShareLink shares).
        try folder.write("Detail.swift", share)
        let whole = engine.prepare(paths: [folder.url.path], keepsFileParts: true)
        #expect(whole.survey.module.index.textOrURLMembers.contains("Transcription.text"))
        let modelSaved = try #require(whole.resurveying(model))
        #expect(modelSaved.survey.module.index.textOrURLMembers.contains("Transcription.text"))
        // A saved file that newly shares a member of a type another file declares makes that file parse again.
        let detailSaved = try #require(prepared.resurveying(detail))
        #expect(detailSaved.survey.module.index.textOrURLMembers.contains("Transcription.text"))
        #expect(try detailSaved.lint(source: share, path: detail).map(\.rule) == (try whole.lint(source: share, path: detail).map(\.rule)))
    }

    @Test("results put findings in report order and count only files the check reached")
    func results() {
        func finding(_ path: String, _ line: Int) -> Diagnostic {
            Diagnostic(rule: "fixed-font-size", section: .text, severity: .warning, path: path, line: line, column: 1, offset: 0,
                       message: "m")
        }
        let outcomes: [Result<FileFindings, FileError>?] = [
            .success(FileFindings(diagnostics: [finding("B.swift", 3), finding("A.swift", 9)], suppressed: 2)), nil,
            .failure(FileError(path: "C.swift", reason: "unreadable")), .success(FileFindings(diagnostics: [finding("A.swift", 2)], suppressed: 1)),
        ]
        let result = LintResult.collect(outcomes, errors: [FileError(path: "0.swift", reason: "missing")])
        #expect(result.diagnostics.map { "\($0.path):\($0.line)" } == ["A.swift:2", "A.swift:9", "B.swift:3"])
        #expect(result.errors.map(\.path) == ["0.swift", "C.swift"])
        #expect(result.filesChecked == 2)
        #expect(result.suppressed == 3)
    }
}
