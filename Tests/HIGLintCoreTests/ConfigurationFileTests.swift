import Foundation
import HIGLintCore
import HIGLintProject
import HIGLintRules
import HIGLintSwiftUI
import Testing

private let ruleDescriptions = allRules.map { $0.description }

private func parse(_ text: String) throws(ConfigurationError) -> ConfigurationFile {
    try ConfigurationFile(data: Data(text.utf8), path: "/project/.higlint.json", rules: ruleDescriptions)
}

private func error(_ text: String) -> ConfigurationError? {
    do { _ = try parse(text); return nil } catch { return error }
}

@Suite("Configuration files")
struct ConfigurationFileTests {
    @Test("JSON5 with every key is read")
    func everyKey() throws {
        let file = try parse("""
            // A team's settings
            {
              include: ['Sources/**'],
              exclude: ["**/Generated",],
              platforms: ["iOS", "visionOS"],
              deploymentTarget: { ios: "17.0" },
              ownedDomains: ["example.com"],
              components: { AvatarImage: "Image", PrimaryButton: "Button" },
              rules: {
                "fixed-font-size": "error",
                "async-image-without-placeholder": "off",
                "copyable-text-not-selectable": { severity: "note", copyableNames: ["sku"] },
                "image-missing-accessibility-label": { includeSystemImages: true },
              },
            }
            """)
        var configuration = Configuration()
        file.apply(to: &configuration)
        #expect(configuration.platforms == [.iOS, .visionOS])
        #expect(configuration.deploymentTarget == ["iOS": "17.0"])
        #expect(configuration.ownedDomains == ["example.com"])
        #expect(configuration.components == ["AvatarImage": "Image", "PrimaryButton": "Button"])
        #expect(configuration.rules["fixed-font-size"]?.severity == .error)
        #expect(configuration.rules["async-image-without-placeholder"]?.enabled == false)
        #expect(configuration.option("copyableNames", rule: "copyable-text-not-selectable") == ["sku"])
        #expect(configuration.option("includeSystemImages", rule: "image-missing-accessibility-label") == true)
        #expect(file.excludes(absolutePath: "/project/Tests/A.swift"))
        #expect(file.excludes(absolutePath: "/project/Sources/Generated/A.swift"))
        #expect(!file.excludes(absolutePath: "/project/Sources/Feature/A.swift"))
        #expect(!file.excludes(absolutePath: "/elsewhere/A.swift"))
    }

    @Test("mistakes name the key, its line and what was expected", arguments: [
        ("{\n  rulez: {}\n}", 2, "rulez", "unknown key 'rulez'; did you mean 'rules'?"),
        ("{\n rules: {\n  \"fixed-font-sise\": \"off\"\n }\n}", 3, "rules.fixed-font-sise", "unknown rule 'fixed-font-sise'; did you mean 'fixed-font-size'?"),
        ("{ rules: { \"fixed-font-size\": \"warn\" } }", 1, "rules.fixed-font-size", "unknown severity 'warn'; did you mean 'warning'?"),
        ("{ rules: { \"fixed-font-size\": { size: 3 } } }", 1, "rules.fixed-font-size.size", "unknown option 'size' of fixed-font-size"),
        ("{ rules: { \"copyable-text-not-selectable\": { copyableNames: \"sku\" } } }", 1, "rules.copyable-text-not-selectable.copyableNames", "expected a list of strings"),
        ("{ rules: { \"image-missing-accessibility-label\": { includeSystemImages: \"yes\" } } }", 1, "rules.image-missing-accessibility-label.includeSystemImages", "expected true or false, found \"yes\""),
        ("{\n\n platforms: [\"iOS\", \"Android\"] }", 3, "platforms.1", "unknown platform 'Android'"),
        ("{ deploymentTarget: { iOS: 17 } }", 1, "deploymentTarget.iOS", "expected a version string such as \"17.0\", found 17"),
        ("{ components: { Card: 3 } }", 1, "components.Card", "expected the name of the SwiftUI view it wraps"),
        ("{ components: { PrimaryButton: \"Buton\" } }", 1, "components.PrimaryButton", "unknown SwiftUI view 'Buton'; did you mean 'Button'?"),
        ("{ components: { Card: \"MyCard\" } }", 1, "components.Card", "a component stands for a SwiftUI view such as"),
        ("{ components: { \".iconImage\": \"Button\" } }", 1, "components..iconImage", "its value is \"Image\", not \"Button\""),
        ("{ components: { \".icon.image\": \"Image\" } }", 1, "components..icon.image", "is not a member name"),
        ("{ components: { \"1Card\": \"Image\" } }", 1, "components.1Card", "is not a Swift type name, nor an accessor"),
        ("{\n platforms: [] }", 2, "platforms", "an empty list leaves no platform to check for"),
        ("{ ownedDomains: [\"example.org\", \"https://example.com/path\"] }", 1, "ownedDomains.1",
         "'https://example.com/path' is a URL, so no web view's host can match it; write \"example.com\" (its subdomains are included)"),
        ("{ ownedDomains: [\"*.example.com\"] }", 1, "ownedDomains.0", "write \"example.com\" (its subdomains are included)"),
        ("{ ownedDomains: [\"example.com:8080\"] }", 1, "ownedDomains.0", "is no host name"),
        ("{ ownedDomains: [\"\"] }", 1, "ownedDomains.0", "is empty"),
        ("{ exclude: \"Generated\" }", 1, "exclude", "expected a list of strings"),
        ("[]", nil, nil, "the configuration must be an object"),
    ] as [(String, Int?, String?, String)])
    func mistakes(text: String, line: Int?, key: String?, message: String) throws {
        let found = try #require(error(text))
        #expect(found.path == "/project/.higlint.json")
        #expect(found.line == line)
        #expect(found.key == key)
        #expect(found.message.contains(message), "\(found)")
    }

    @Test("invalid JSON5 gives the line and column", arguments: [
        ("{\n  rules: {\n    \"fixed-font-size\": warn\n  }\n}", 3, "unexpected 'warn'"),
        ("{\n  include: [\"a\" \"b\"]\n}", 2, "expected ',' or ']'"),
        ("{\n  rules: {}\n", 3, "a } is missing"),
        ("{\n  /* never closed\n}", 2, "comment is never closed"),
        ("", 1, "the file is empty"),
    ])
    func syntax(text: String, line: Int, message: String) throws {
        let found = try #require(error(text))
        #expect(found.line == line, "\(found)")
        #expect(found.message.contains(message), "\(found)")
    }

    @Test("glob patterns", arguments: [
        ("**/Generated", "Sources/Generated/A.swift", true),
        ("**/Generated", "Generated/A.swift", true),
        ("Sources/*.swift", "Sources/A.swift", true),
        ("Sources/*.swift", "Sources/Sub/A.swift", false),
        ("Sources/**/*.swift", "Sources/A.swift", true),
        ("Sources/**/*.swift", "Sources/x/y/A.swift", true),
        ("**/*View.swift", "a/RowView.swift", true),
        ("**/*View.swift", "a/RowViews.swift", false),
        ("Test?", "Tests/A.swift", true),
        ("[A-C]*.swift", "Bee.swift", true),
        ("[!A-C]*.swift", "Bee.swift", false),
        ("./Vendor/", "Vendor/X.swift", true),
        ("Vendor", "VendorKit/X.swift", false),
        ("[z-a]*.swift", "m.swift", false),
        ("[!z-a]*.swift", "m.swift", true),
        ("Sources/App**.swift", "Sources/AppView.swift", true),
        ("Sources/App**.swift", "Sources/App/View.swift", false),
    ])
    func glob(pattern: String, path: String, matches: Bool) {
        #expect(GlobPattern(pattern).matches(path) == matches)
    }
}

@Suite("Configuration discovery")
struct ConfigurationResolverTests {
    @Test("the nearest file applies, refining its parent's, and per-folder results drive the engine")
    func refinement() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write(".higlint.json", #"{ rules: { "fixed-font-size": "error" }, exclude: ["Vendor"] }"#)
        try folder.write("Mac/.higlint.json", #"{ platforms: ["macOS"] }"#)
        try folder.write("Quiet/.higlint.json", #"{ rules: { "fixed-font-size": "off" } }"#)
        for path in ["A.swift", "Mac/B.swift", "Quiet/C.swift", "Vendor/D.swift", "Quiet/Deeper/E.swift"] {
            try folder.write(path, fixedFont)
        }
        let resolver = try ConfigurationResolver(rules: ruleDescriptions)
        #expect(try resolver.files(forDirectory: folder.url.path + "/Quiet/Deeper").count == 2)
        let result = LintEngine(ruleTypes: allRules, source: resolver).lint(paths: [folder.url.path])
        // Mac: Dynamic Type does not exist there; Quiet and below: off; Vendor: excluded.
        #expect(result.diagnostics.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["A.swift"])
        #expect(result.diagnostics.first?.severity == .error)
        #expect(result.filesChecked == 4)
    }

    @Test("discovery stops at the repository root")
    func repositoryRoot() throws {
        let folder = try TemporaryFolder()
        try folder.write(".higlint.json", #"{ rules: { "fixed-font-size": "off" } }"#)
        try folder.write("Repo/.git", "gitdir: elsewhere")
        let file = try folder.write("Repo/A.swift", fixedFont)
        let resolver = try ConfigurationResolver(rules: ruleDescriptions)
        #expect(try resolver.configuration(forFile: file)?.rules.isEmpty == true)
    }

    @Test("a mistake in any configuration file stops the run before anything is checked")
    func brokenSubfolder() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("A.swift", fixedFont)
        try folder.write("Sub/.higlint.json", #"{ rules: { "no-such-rule": "off" } }"#)
        try folder.write("Sub/B.swift", fixedFont)
        let resolver = try ConfigurationResolver(rules: ruleDescriptions)
        let result = LintEngine(ruleTypes: allRules, source: resolver).lint(paths: [folder.url.path])
        #expect(result.diagnostics.isEmpty && result.filesChecked == 0)
        #expect(result.configurationErrors.map(\.key) == ["rules.no-such-rule"])
    }

    @Test("an explicit file replaces discovery; command-line overrides apply on top")
    func explicitFile() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write(".higlint.json", #"{ rules: { "fixed-font-size": "off" } }"#)
        let other = try folder.write("ci.json", #"{ rules: { "fixed-font-size": "note" } }"#)
        let file = try folder.write("A.swift", fixedFont)
        let resolver = try ConfigurationResolver(rules: ruleDescriptions, configurationFile: other) { $0.onlyRules = ["fixed-font-size"] }
        let configuration = try #require(try resolver.configuration(forFile: file))
        #expect(configuration.rules["fixed-font-size"]?.severity == .note)
        #expect(configuration.onlyRules == ["fixed-font-size"])
    }

    @Test("a generated accessor with a leading dot, as the README documents it, counts as an image")
    func accessorComponent() throws {
        let file = try parse(#"{ components: { ".iconImage": "Image" } }"#)
        var configuration = Configuration()
        file.apply(to: &configuration)
        #expect(configuration.components == [".iconImage": "Image"])
        let source = "Button(action: share) { Asset.Icons.share.iconImage }\n"
        #expect(LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: source).map(\.rule)
            == ["icon-only-control-without-label"])
    }

    @Test("a component mapped in configuration is treated like the view it wraps")
    func components() throws {
        let source = #"AvatarImage("portrait")"# + "\n"
        var configuration = Configuration()
        #expect(LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: source).isEmpty)
        configuration.components = ["AvatarImage": "Image"]
        #expect(LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: source).map(\.rule) == ["image-missing-accessibility-label"])
    }
}
