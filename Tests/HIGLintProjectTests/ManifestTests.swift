import Foundation
import HIGLintSwiftUI
import Testing
@testable import HIGLintProject

@Suite("Packages and generated projects")
struct ManifestTests {
    @Test("a package's platforms and targets give its files their platforms, deployment targets and test status")
    func package() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Kit",
                platforms: [.iOS(.v17), .macOS("14.0"), .macCatalyst(.v13)],
                products: [.library(name: "Kit", targets: ["Kit"])],
                targets: [
                    .target(name: "Kit"),
                    .target(name: "Feature", path: "Modules/Feature", exclude: ["Old", "README.md"]),
                    .testTarget(name: "KitTests", dependencies: ["Kit"]),
                ]
            )
            """)
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.isEmpty)
        // A library builds for every platform; `platforms:` gives the deployment targets of those it names.
        #expect(facts.facts(forFile: fixture.write("Sources/Kit/Views/Badge.swift"))
            == FileFacts(platforms: .all, deploymentTargets: ["iOS": "17.0", "macOS": "14.0"], targets: [fixture.root.split(separator: "/").last! + "/Kit"]))
        #expect(facts.facts(forFile: fixture.write("Modules/Feature/FeatureView.swift")).deploymentTargets == ["iOS": "17.0", "macOS": "14.0"])
        let excluded = facts.facts(forFile: fixture.write("Modules/Feature/Old/OldView.swift"))
        #expect(excluded.platforms == nil && excluded.ships)
        #expect(facts.facts(forFile: fixture.path("Package.swift")).passOverReason == .manifests)
        let test = facts.facts(forFile: fixture.write("Tests/KitTests/BadgeTests.swift"))
        #expect(test.passOverReason == .tests)
    }

    @Test("an executable target runs only on the platforms the package names")
    func executable() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("Package.swift", "import PackageDescription\nlet package = Package(name: \"Menu\", platforms: [.macOS(.v14)], targets: [.executableTarget(name: \"Menu\"), .target(name: \"MenuKit\")])\n")
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.facts(forFile: fixture.write("Sources/Menu/App.swift")).platforms == .macOS)
        #expect(facts.facts(forFile: fixture.write("Sources/MenuKit/Row.swift")).platforms == .all)
    }

    @Test("a package without platforms builds for every platform; files outside its targets keep folder conventions")
    func packageWithoutPlatforms() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("Package.swift", "import PackageDescription\nlet package = Package(name: \"P\", targets: [.executableTarget(name: \"Tool\", path: \"Tool\")])\n")
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.facts(forFile: fixture.write("Tool/main.swift")).platforms == .all)
        #expect(facts.facts(forFile: fixture.write("Examples/Demo.swift")) == FileFacts())
        #expect(facts.facts(forFile: fixture.write("Examples/UITests/DemoUITest.swift")).passOverReason == .tests)
    }

    @Test("a target name that is not a literal is a warning naming the manifest")
    func unreadableTarget() {
        let fixture = Fixture()
        defer { fixture.remove() }
        let manifest = fixture.write("Package.swift", "import PackageDescription\nlet name = \"Kit\"\nlet package = Package(name: name, targets: [.target(name: name), .testTarget(name: name + \"Tests\")])\n")
        #expect(ProjectFacts.read(for: [fixture.root]).warnings.map(\.path) == [manifest])
    }

    @Test("targets made by a manifest function are read from its uses: names, kinds, paths and defaults")
    func targetTemplates() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("Package.swift", """
            import PackageDescription
            func module(_ name: String, path: String? = nil) -> Target { .target(name: name, path: path, swiftSettings: shared) }
            func tests(_ name: String) -> Target { .testTarget(name: name, dependencies: []) }
            let package = Package(name: "Kit", platforms: [.iOS(.v17)],
                                  targets: [module("Kit"), module("Feature", path: "Modules/Feature"), tests("KitTests")])
            """)
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.isEmpty)
        #expect(facts.facts(forFile: fixture.write("Sources/Kit/Badge.swift")).deploymentTargets == ["iOS": "17.0"])
        #expect(facts.facts(forFile: fixture.write("Modules/Feature/Row.swift")).deploymentTargets == ["iOS": "17.0"])
        #expect(facts.facts(forFile: fixture.write("Tests/KitTests/BadgeTests.swift")).passOverReason == .tests)
    }

    @Test("a Tuist project whose helpers make its targets: its files run where the helpers' apps do")
    func tuistHelpers() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "Cowboy", targets: [Target.app(production), Target.unitTest(production)])
            """)
        fixture.write("Tuist/ProjectDescriptionHelpers/Target+App.swift", """
            import ProjectDescription
            public extension Target {
                static func app(_ properties: AppProperties) -> Target {
                    .target(name: properties.name, destinations: .macOS, product: .app, bundleId: properties.id, sources: sources("App"))
                }
                static func unitTest(_ properties: AppProperties) -> Target {
                    .target(name: properties.name + "Tests", destinations: .macOS, product: .unitTests, bundleId: "t", sources: "UnitTests/**")
                }
            }
            """)
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.map(\.message).contains { $0.contains("its helpers build apps for macOS") })
        #expect(facts.facts(forFile: fixture.write("App/Views/ContentView.swift")).platforms == .macOS)
        #expect(facts.facts(forFile: fixture.write("UnitTests/ContentTests.swift")).passOverReason == .tests)
        #expect(facts.appPlatforms(runRoots: [fixture.root]) == .macOS)
    }

    @Test("a Tuist project's destinations, deployment targets, products and source globs")
    func tuist() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("Project.swift", """
            import ProjectDescription

            let project = Project(
                name: "Trips",
                targets: [
                    .target(
                        name: "Trips",
                        destinations: [.iPhone, .iPad, .mac],
                        product: .app,
                        bundleId: "com.example.trips",
                        deploymentTargets: .multiplatform(iOS: "17.0", macOS: "14.0"),
                        sources: ["Trips/Sources/**/*.swift"],
                        resources: ["Trips/Resources/**"]
                    ),
                    .target(name: "TripsTests", destinations: .iOS, product: .unitTests, bundleId: "t", sources: "Trips/Tests/**"),
                    .target(name: "Pocket", destinations: [.iPhone], product: .app, bundleId: "p", sources: "Pocket/**"),
                ]
            )
            """)
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.isEmpty)
        let view = facts.facts(forFile: fixture.write("Trips/Sources/Views/TripView.swift"))
        #expect(view.platforms == [.iOS, .macOS] && view.deploymentTargets == ["iOS": "17.0", "macOS": "14.0"] && view.ships)
        #expect(facts.facts(forFile: fixture.write("Trips/Resources/Assets.xcassets/Map.imageset/Contents.json", "{}")).platforms == [.iOS, .macOS])
        #expect(facts.facts(forFile: fixture.write("Trips/Tests/TripTests.swift")).passOverReason == .tests)
        #expect(!view.isPhoneOnly && facts.facts(forFile: fixture.write("Pocket/PocketView.swift")).isPhoneOnly)
    }

    @Test("an XcodeGen spec's targets, platforms, deployment targets, sources and excludes")
    func xcodegen() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("project.yml", """
            name: Notes # the app
            options:
              deploymentTarget:
                iOS: "16.0"
            targets:
              Notes:
                type: application
                platform: iOS
                sources:
                  - path: Notes
                    excludes:
                      - "Generated/**"
              NotesWatch:
                type: application
                platform: watchOS
                deploymentTarget: "10.0"
                sources: [NotesWatch]
              NotesTests:
                type: bundle.unit-test
                platform: iOS
                sources: NotesTests
            """)
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.isEmpty)
        #expect(facts.facts(forFile: fixture.write("Notes/NoteView.swift")) == FileFacts(platforms: .iOS, deploymentTargets: ["iOS": "16.0"], targets: [fixture.root.split(separator: "/").last! + "/Notes"]))
        #expect(facts.facts(forFile: fixture.write("Notes/Generated/Strings.swift")).platforms == nil)
        #expect(facts.facts(forFile: fixture.write("NotesWatch/WatchView.swift")).deploymentTargets == ["watchOS": "10.0"])
        #expect(facts.facts(forFile: fixture.write("NotesTests/NoteTests.swift")).passOverReason == .tests)
    }

    @Test("an XcodeGen target takes its templates' platforms and sources; conditional setting keys are read")
    func xcodegenTemplates() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("project.yml", """
            settings:
              base:
                ENABLE_HARDENED_RUNTIME[sdk=macosx*]: YES
            targetTemplates:
              Application:
                type: application
                supportedDestinations: [iOS, macOS]
                sources:
                  - path: Shared
                  - path: ${target_name}Extras
            targets:
              Reader:
                templates:
                  - Application
                sources:
                  - path: Support
              ReaderTests:
                type: bundle.unit-test
                platform: iOS
                sources: [Tests]
            """)
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.isEmpty)
        #expect(facts.facts(forFile: fixture.write("Shared/Views/Row.swift")).platforms == [.iOS, .macOS])
        #expect(facts.facts(forFile: fixture.write("Support/Info.swift")).platforms == [.iOS, .macOS])
        #expect(facts.facts(forFile: fixture.write("ReaderExtras/Extra.swift")).platforms == [.iOS, .macOS])
        #expect(facts.facts(forFile: fixture.write("Tests/RowTests.swift")).passOverReason == .tests)
    }

    @Test("XcodeGen templates that all list each other are applied once each, not once per path to them")
    func xcodegenTemplateWeb() {
        let fixture = Fixture()
        defer { fixture.remove() }
        let names = (0..<12).map { "T\($0)" }
        let templates = names.map { "  \($0):\n    templates: [\(names.joined(separator: ", "))]\n    platform: iOS\n    sources: [Shared]" }
        fixture.write("project.yml", "targetTemplates:\n" + templates.joined(separator: "\n")
            + "\ntargets:\n  App:\n    type: application\n    templates: [\(names.joined(separator: ", "))]\n")
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.isEmpty)
        #expect(facts.facts(forFile: fixture.write("Shared/Row.swift")).platforms == .iOS)
    }

    @Test("an XcodeGen exclude with `**` written over and over is read in polynomial time")
    func xcodegenRepeatedRecursiveExclude() {
        let fixture = Fixture()
        defer { fixture.remove() }
        let exclude = String(repeating: "**/", count: 40) + "*a*a*a*a*a*a*a*a*a*a*a*a*b"
        fixture.write("project.yml", """
            targets:
              Notes:
                type: application
                platform: iOS
                sources:
                  - path: Notes
                    excludes:
                      - "\(exclude)"
            """)
        let facts = ProjectFacts.read(for: [fixture.root])
        let deep = "Notes/" + Array(repeating: "Feature", count: 30).joined(separator: "/") + "/"
        #expect(facts.facts(forFile: fixture.write(deep + String(repeating: "a", count: 60) + ".swift")).platforms == .iOS)
        #expect(facts.facts(forFile: fixture.write(deep + String(repeating: "a", count: 60) + "b")).platforms == nil)
    }

    @Test("a manifest with brackets nested deeper than any needs is not parsed; a warning names it", arguments: [40, 2_000])
    func deeplyNestedManifests(depth: Int) {
        // 40 deep, SwiftParser never finished; 2,000 deep, its tree overflowed the stack (issue 31, repro 21).
        let fixture = Fixture()
        defer { fixture.remove() }
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let package = fixture.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "A", platforms: [.macOS(.v14)], targets: [.executableTarget(name: "App", exclude: \(nested))])
            """)
        let tuist = fixture.write("Apps/Project.swift", """
            import ProjectDescription
            let project = Project(name: "Apps", targets: [.target(name: "Apps", destinations: [.mac], product: .app, sources: \(nested))])
            """)
        fixture.write("Helpers/Project.swift", "import ProjectDescription\nlet project = Project(name: \"Helpers\", targets: makeTargets())\n")
        let helper = fixture.write("Helpers/Tuist/ProjectDescriptionHelpers/Targets.swift", "let targets = \(nested)\n")
        let facts = ProjectFacts.read(for: [fixture.root])
        let refusal = ": warning: brackets nested more than 24 deep, on which the Swift parser takes exponential time; not read, its folder is linted by folder conventions"
        // Sorted: folders are searched in the order the file system lists them.
        #expect(facts.warnings.map(\.description).sorted() == [
            tuist + refusal,
            fixture.path("Helpers/Project.swift") + ": warning: found no target written as .target(name:…) or Target(name:…); the folder is linted by folder conventions",
            helper + refusal,
            package + refusal,
        ])
        #expect(facts.facts(forFile: fixture.write("Sources/App/View.swift")).platforms == nil)
    }

    @Test("nesting is counted for brackets and string interpolations, not inside comments and strings")
    func nestingDepth() {
        #expect(ManifestSyntax.nestingDepth(of: "let a = [.target(name: \"A\", exclude: [\"B\"])]") == 3)
        #expect(ManifestSyntax.nestingDepth(of: "// (((((\n/* [[[ /* ((( */ ]]] */ let a = \"(((\" + #\"[[[\\\"\"# + 1") == 0)
        #expect(ManifestSyntax.nestingDepth(of: "let a = \"\\(f(\"\\(g(x))\"))\"") == 4)
        #expect(ManifestSyntax.nestingDepth(of: "let a = #\"\\#((x))\\(y)\"#") == 2)
        #expect(ManifestSyntax.nestingDepth(of: "let a = \"\"\"\n  (\"[\n  \"\"\" + (b)") == 1)
        #expect(ManifestSyntax.nestingDepth(of: "let a = \"unterminated ((( \n f((x))") == 2)
    }

    @Test("a symbolic link back up the tree does not make the search for projects loop")
    func symbolicLinkLoop() throws {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("Package.swift", "import PackageDescription\nlet package = Package(name: \"P\", platforms: [.macOS(.v14)], targets: [.target(name: \"P\")])\n")
        let file = fixture.write("Sources/P/View.swift")
        try FileManager.default.createSymbolicLink(atPath: fixture.path("Sources/P/Loop"), withDestinationPath: fixture.root)
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.projects.count == 1)
        #expect(facts.facts(forFile: file).deploymentTargets == ["macOS": "14.0"])
    }

    @Test("an XcodeGen spec beyond the YAML HIGLint reads is a warning naming it")
    func unreadableSpec() {
        let fixture = Fixture()
        defer { fixture.remove() }
        let spec = fixture.write("project.yml", "targets:\n  App: &app\n    type: application\n  Other: *app\n")
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.map(\.path) == [spec])
    }
}

@Suite("Project reading helpers")
struct ProjectHelperTests {
    @Test("globs match within and across folders")
    func globs() {
        #expect(GlobPattern("Sources/**/*.swift").matches("Sources/A/B/C.swift"))
        #expect(GlobPattern("Sources/**/*.swift").matches("Sources/C.swift"))
        #expect(!GlobPattern("Sources/*.swift").matches("Sources/A/C.swift"))
        #expect(GlobPattern.splitLiteralFolder("./Sources/**/*.swift") == ("Sources", "**/*.swift"))
        #expect(GlobPattern.splitLiteralFolder("Sources/App/") == ("Sources/App", ""))
        #expect(GlobPattern.splitLiteralFolder("*.swift") == ("", "*.swift"))
        #expect(GlobPattern("Generated").matches("Generated/Strings.swift"))
    }

    @Test("a pattern that made backtracking take exponential time matches in polynomial time, and right")
    func pathologicalGlobs() {
        // Plain backtracking tried every way to share 60 letters among 12 stars (issue 31, repro 24): hours.
        let name = String(repeating: "a", count: 60)
        let stars = String(repeating: "*a", count: 12)
        #expect(!GlobPattern(stars + "*b").matches(name + ".swift"))
        #expect(GlobPattern(stars + "*b").matches(name + "b"))
        #expect(GlobPattern(stars + "*").matches("Sources/" + name + "/View.swift") == false)
        // `**` over components the same way: 30 of them against 40 folders.
        let folders = Array(repeating: "a", count: 40).joined(separator: "/")
        let recursive = String(repeating: "**/a/", count: 30)
        #expect(!GlobPattern(recursive + "b.swift").matches(folders + "/c.swift"))
        #expect(GlobPattern(recursive + "b.swift").matches(folders + "/b.swift"))
        #expect(GlobPattern(String(repeating: "**/", count: 50) + "b.swift").matches(folders + "/b.swift"))
    }

    @Test("target names split into camel-case words, so Preview matches PreviewApp but not Previewer")
    func targetWords() {
        #expect(TargetNaming.camelCaseWords("AppScreenshotsUITests") == ["App", "Screenshots", "UI", "Tests"])
        #expect(TargetNaming.passOverReason(name: "TrailerRecorder", product: .app, screenshotWords: TargetNaming.defaultScreenshotWords) == .screenshots)
        #expect(TargetNaming.passOverReason(name: "Previewer", product: .app, screenshotWords: TargetNaming.defaultScreenshotWords) == nil)
        #expect(TargetNaming.passOverReason(name: "MarketingShots", product: .app, screenshotWords: ["Shots"]) == .screenshots)
    }

    @Test("versions compare part by part")
    func versions() {
        #expect(Version.lower("17.0", "9.0") == "9.0")
        #expect(Version.lower("17.0.1", "17") == "17")
        #expect(Version.lower(nil, "26.0") == "26.0")
    }
}
