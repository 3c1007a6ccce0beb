import HIGLintCore
import HIGLintRules
import Testing

/// Runs every example every rule declares: the declarations are the specification.
@Suite("Rule examples")
struct RuleExampleTests {
    static let ids = allRules.map { $0.description.id }
    /// Rules over Swift source: comments, string literals, multibyte text and `// higlint:` directives
    /// only exist there (asset rules read JSON, which has none of them).
    static let swiftIDs = allRules.filter { $0 is any Rule.Type }.map { $0.description.id }

    static func description(_ id: String) -> RuleDescription { rule(withID: id)!.description }

    @Test("every rule declares triggering and non-triggering examples", arguments: ids)
    func declaresExamples(id: String) {
        let description = Self.description(id)
        #expect(!description.triggeringExamples.isEmpty)
        #expect(!description.nonTriggeringExamples.isEmpty)
        #expect(!description.rationale.isEmpty && !description.summary.isEmpty)
        for example in description.triggeringExamples {
            #expect(!ExampleHarness.parseMarkers(example.code).positions.isEmpty, "no ↓ marker in: \(example.code)")
        }
    }

    @Test("triggering examples fire exactly at their markers", arguments: ids)
    func triggeringExamplesFire(id: String) {
        let description = Self.description(id)
        for example in description.triggeringExamples {
            let (code, expected) = ExampleHarness.parseMarkers(example.code)
            let found = ExampleHarness.positions(description, code, example.configuration, path: example.path,
                                                     moduleFiles: example.moduleFiles, resources: example.resources, project: example.project)
            #expect(found == expected.sorted(), "\(id) in:\n\(example.code)")
        }
    }

    @Test("non-triggering examples do not fire", arguments: ids)
    func nonTriggeringExamplesAreSilent(id: String) {
        let description = Self.description(id)
        for example in description.nonTriggeringExamples {
            let found = ExampleHarness.diagnostics(description, example.code, example.configuration, path: example.path,
                                                   moduleFiles: example.moduleFiles, resources: example.resources, project: example.project)
            #expect(found.isEmpty, "\(id) fired on:\n\(example.code)\n\(found.map { "\($0.line):\($0.column) \($0.message)" })")
        }
    }

    @Test("nothing fires when an example sits in a comment or a string literal", arguments: swiftIDs)
    func wrappedExamplesAreSilent(id: String) {
        let description = Self.description(id)
        for example in description.triggeringExamples + description.nonTriggeringExamples where example.allowsWrapping {
            let code = ExampleHarness.parseMarkers(example.code).code
            for wrapped in ["/*\n\(code)\n*/", "// " + code.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n// "),
                            "let example = ##\"\"\"\n\(code)\n\"\"\"##"] {
                let found = ExampleHarness.diagnostics(description, wrapped, example.configuration, moduleFiles: example.moduleFiles,
                                                       resources: example.resources, project: example.project)
                #expect(found.isEmpty, "\(id) fired inside:\n\(wrapped)")
            }
        }
    }

    @Test("a multibyte prefix does not move columns", arguments: swiftIDs)
    func multibytePrefixKeepsColumns(id: String) {
        let description = Self.description(id)
        for example in description.triggeringExamples where example.allowsWrapping {
            let (code, expected) = ExampleHarness.withMultibytePrefix(example.code)
            let found = ExampleHarness.positions(description, code, example.configuration, path: example.path,
                                                     moduleFiles: example.moduleFiles, resources: example.resources, project: example.project)
            #expect(found == expected.sorted(), "\(id) with multibyte prefix in:\n\(code)")
        }
    }

    @Test("a disable comment silences the rule", arguments: swiftIDs)
    func disableCommentSilences(id: String) {
        let description = Self.description(id)
        for example in description.triggeringExamples {
            let code = ExampleHarness.parseMarkers(example.code).code
            for directive in ["// higlint:disable \(id)", "// higlint:disable all"] {
                let found = ExampleHarness.diagnostics(description, directive + "\n" + code, example.configuration, path: example.path,
                                                       moduleFiles: example.moduleFiles, resources: example.resources, project: example.project)
                #expect(found.isEmpty, "\(id) not silenced by `\(directive)` in:\n\(code)")
            }
        }
    }

    @Test("corrections produce the expected code", arguments: ids)
    func correctionsApply(id: String) throws {
        let description = Self.description(id)
        for (before, after) in description.corrections {
            let (code, expected) = ExampleHarness.parseMarkers(before.code)
            let found = ExampleHarness.diagnostics(description, code, before.configuration, path: before.path,
                                                   project: before.project)
            #expect(found.map { Position(line: $0.line, column: $0.column) }.sorted() == expected.sorted(), "\(id) in:\n\(before.code)")
            let edits = found.compactMap(\.fix).flatMap(\.edits)
            #expect(!edits.isEmpty, "\(id) offered no fix for:\n\(code)")
            let corrected = try FixApplier.apply(edits, to: code)
            #expect(corrected == after, "\(id) corrected:\n\(code)\ninto:\n\(corrected)\nexpected:\n\(after)")
        }
    }
}
