import Foundation
import HIGLintCore
import HIGLintRules
import Testing

/// The app that shows `root`: the top of the module's views, created by the system.
func appCreating(_ root: String) -> String {
    "@main struct ShopApp: App { var body: some Scene { WindowGroup { \(root)() } } }\n"
}

/// A view type with a fixed font size: a `fixed-font-size` finding wherever its code counts as iOS code that ships.
private func captionView(_ name: String) -> String {
    "import SwiftUI\nstruct \(name): View {\n    var body: some View { Text(\"Hello\").font(.system(size: 13)) }\n}\n"
}

@Suite("Where the module creates a view, in a run")
struct ModuleReachRunTests {
    func findings(_ folder: TemporaryFolder, configure: @escaping @Sendable (inout Configuration) -> Void = { _ in }) throws -> [String] {
        let resolver = try ConfigurationResolver(rules: allRules.map { $0.description }, overrides: configure)
        let result = LintEngine(ruleTypes: allRules, source: resolver).lint(paths: [folder.url.path])
        return result.diagnostics.map { "\(($0.path as NSString).lastPathComponent) \($0.rule)" }.sorted()
    }

    @Test("a file a tool wrote is surveyed but not checked, unless non-shipping code is asked for")
    func generatedCode() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App/Root.swift", appCreating("Root")
            + "struct Root: View { var body: some View { VStack { Generated(); Named(); Screen() } } }\n")
        try folder.write("App/Assets.swift", "// swiftlint:disable all\n// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen\n"
            + captionView("Generated"))
        try folder.write("App/XCAssets+Generated.swift", captionView("Named"))
        try folder.write("App/Screen.swift", "// Hand-written, but edit with care\n" + captionView("Screen"))
        #expect(try findings(folder) == ["Screen.swift fixed-font-size"])
        #expect(try findings(folder, configure: { $0.checksNonShippingCode = true }) == [
            "Assets.swift fixed-font-size", "Screen.swift fixed-font-size", "XCAssets+Generated.swift fixed-font-size",
        ])
    }

    @Test("public views of an app's local package are the app's: one nothing creates is dead, unless the package stands alone")
    func appLocalPackage() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        // The app references the package (RULES.md, *The folder does not change the answer*).
        try folder.write("project.yml", "name: Shop\npackages:\n  Kit:\n    path: Packages/Kit\ntargets:\n  Shop:\n    type: application\n    platform: iOS\n    sources: [App]\n")
        try folder.write("App/Root.swift", appCreating("Root") + "import Kit\nstruct Root: View { var body: some View { UsedCard() } }\n")
        let manifest = """
            import PackageDescription
            let package = Package(name: "Kit", platforms: [.iOS(.v17)], products: [.library(name: "Kit", targets: ["Kit"])], targets: [.target(name: "Kit")])
            """
        try folder.write("Packages/Kit/Package.swift", manifest)
        func publicCard(_ name: String) -> String {
            "import SwiftUI\npublic struct \(name): View {\n    public var body: some View { Text(\"Hello\").font(.system(size: 13)) }\n}\n"
        }
        try folder.write("Packages/Kit/Sources/Kit/UsedCard.swift", publicCard("UsedCard"))
        try folder.write("Packages/Kit/Sources/Kit/UnusedCard.swift", publicCard("UnusedCard"))
        #expect(try findings(folder) == ["UsedCard.swift fixed-font-size"])
        // Linted alone, the package is a library others use: every public view may be created.
        let package = folder.url.appendingPathComponent("Packages/Kit").path
        let resolver = try ConfigurationResolver(rules: allRules.map { $0.description })
        let alone = LintEngine(ruleTypes: allRules, source: resolver).lint(paths: [package]).diagnostics
        #expect(alone.map { "\(($0.path as NSString).lastPathComponent) \($0.rule)" }.sorted()
            == ["UnusedCard.swift fixed-font-size", "UsedCard.swift fixed-font-size"])
    }

    @Test("a Mac app's local package is Mac code, whatever platforms its manifest leaves at SwiftPM's defaults")
    func macAppLocalPackage() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App/Root.swift", appCreating("Root") + "import Kit\nstruct Root: View { var body: some View { Image(decorative: \"Badge\", bundle: .module) } }\n")
        try folder.write("Packages/Kit/Package.swift", """
            import PackageDescription
            let package = Package(name: "Kit", platforms: [.macOS(.v14)], targets: [.target(name: "Kit")])
            """)
        // An image set takes its catalog's platforms: a Mac needs 1x and 2x, an iPhone 2x and 3x.
        try folder.write("Packages/Kit/Sources/Kit/Media.xcassets/Badge.imageset/Contents.json", """
            { "images" : [
                { "filename" : "badge.png", "idiom" : "universal", "scale" : "1x" },
                { "filename" : "badge@2x.png", "idiom" : "universal", "scale" : "2x" },
                { "idiom" : "universal", "scale" : "3x" }
              ], "info" : { "author" : "xcode", "version" : 1 } }
            """)
        for (platform, expected) in [("macOS", [String]()), ("iOS", ["Contents.json raster-asset-missing-scales"])] {
            try folder.write("project.yml", "name: Shop\npackages:\n  Kit:\n    path: Packages/Kit\ntargets:\n  Shop:\n    type: application\n    platform: \(platform)\n    sources: [App]\n")
            #expect(try findings(folder) == expected, "an app for \(platform)")
        }
    }

    @Test("the @main type ships whatever tests name it, and so do the views it creates")
    func entryPointNamedByTests() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App/App.swift", """
            import SwiftUI
            @main
            struct App {
                init() { print(App.objects) }
            }
            extension App: SwiftUI.App {
                var body: some Scene { WindowGroup { MainView() } }
            }
            extension App {
                static var objects: Int { 1 }
            }
            """)
        try folder.write("App/MainView.swift", captionView("MainView"))
        try folder.write("Tests/AppTests.swift", "import XCTest\nfinal class AppTests: XCTestCase { func testObjects() { _ = App.objects } }\n")
        #expect(try findings(folder) == ["MainView.swift fixed-font-size"])
    }

    @Test("a view only #if os(macOS) code creates gets no Dynamic Type finding; one iOS creates does")
    func macOnlyCreation() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App/Root.swift", """
            import SwiftUI
            struct Root: View {
                var body: some View {
                    #if os(macOS)
                    MacPane()
                    #else
                    PhonePane()
                    #endif
                }
            }
            """ + appCreating("Root"))
        try folder.write("App/MacPane.swift", captionView("MacPane"))
        try folder.write("App/PhonePane.swift", captionView("PhonePane"))
        #expect(try findings(folder) == ["PhonePane.swift fixed-font-size"])
    }

    @Test("a view only previews and test files create is passed over, unless non-shipping code is checked")
    func previewAndTestOnly() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App/Sample.swift", captionView("Sample") + "#Preview { Sample() }\n")
        try folder.write("App/Fixture.swift", captionView("Fixture"))
        try folder.write("App/Shown.swift", captionView("Shown") + "#Preview { Shown() }\n")
        try folder.write("App/Screen.swift", "import SwiftUI\nstruct Screen: View { var body: some View { Shown() } }\n" + appCreating("Screen"))
        try folder.write("Tests/FixtureTests.swift", "import XCTest\nfinal class FixtureTests: XCTestCase { func test() { _ = Fixture() } }\n")
        #expect(try findings(folder) == ["Shown.swift fixed-font-size"])
        #expect(try findings(folder) { $0.checksNonShippingCode = true } == [
            "Fixture.swift fixed-font-size", "Sample.swift fixed-font-size", "Shown.swift fixed-font-size",
        ])
    }

    @Test("a file linted alone is its own module: a view its own preview creates is still checked")
    func aloneIsNotNarrowed() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("Sample.swift", captionView("Sample") + "#Preview { Sample() }\n")
        let result = LintEngine(ruleTypes: allRules).lint(paths: [path])
        #expect(result.diagnostics.map(\.rule) == ["fixed-font-size"])
    }
}

/// An iOS app and a widget extension, each built from a synchronized folder of its name.
private let appAndWidgetProject = """
    // !$*UTF8*$!
    {
    	archiveVersion = 1;
    	objects = {
    		PR = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, T2); };
    		G0 = {isa = PBXGroup; children = (S1, S2); sourceTree = "<group>"; };
    		S1 = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
    		S2 = {isa = PBXFileSystemSynchronizedRootGroup; path = ClockWidget; sourceTree = "<group>"; };
    		T1 = {isa = PBXNativeTarget; buildConfigurationList = L0; fileSystemSynchronizedGroups = (S1); name = App; productType = "com.apple.product-type.application"; };
    		T2 = {isa = PBXNativeTarget; buildConfigurationList = L0; fileSystemSynchronizedGroups = (S2); name = ClockWidget; productType = "com.apple.product-type.app-extension"; };
    		L0 = {isa = XCConfigurationList; buildConfigurations = (C1); };
    		C1 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
    	};
    	rootObject = PR;
    }
    """

@Suite("Widget extensions, in a run")
struct WidgetExtensionRunTests {
    @Test("a widget extension's files, and views of the app only they create, are widget content")
    func widgetExtension() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App.xcodeproj/project.pbxproj", appAndWidgetProject)
        try folder.write("ClockWidget/EntryView.swift", captionView("EntryView").replacingOccurrences(of: "Text(\"Hello\")", with: "Face()"))
        try folder.write("App/Face.swift", captionView("Face"))
        try folder.write("App/Title.swift", captionView("Title"))
        try folder.write("App/Screen.swift", "import SwiftUI\nstruct Screen: View { var body: some View { Title() } }\n" + appCreating("Screen"))
        let result = LintEngine(ruleTypes: allRules).lint(paths: [folder.url.path])
        #expect(result.diagnostics.map { "\(($0.path as NSString).lastPathComponent) \($0.rule)" } == ["Title.swift fixed-font-size"])
    }
}

@Suite("View types nothing creates, in a run")
struct UnusedViewRunTests {
    func findings(_ folder: TemporaryFolder, paths: [String]? = nil) throws -> [String] {
        let result = LintEngine(ruleTypes: allRules).lint(paths: paths ?? [folder.url.path])
        return result.diagnostics.map { "\(($0.path as NSString).lastPathComponent) \($0.rule)" }.sorted()
    }

    func appFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App.xcodeproj/project.pbxproj", singleTargetProject(sdk: "iphoneos"))
        try folder.write("App/Screen.swift", "import SwiftUI\nstruct Screen: View { var body: some View { Used() } }\n" + appCreating("Screen"))
        try folder.write("App/Used.swift", captionView("Used"))
        try folder.write("App/Unused.swift", captionView("Unused"))
        try folder.write("App/Helper.swift", "import SwiftUI\nstruct OldPanel: View { var body: some View { Inner() } }\n" + captionView("Inner"))
        return folder
    }

    @Test("a run over the whole project passes over view types nothing creates, and what only they create")
    func wholeProject() throws {
        let folder = try appFolder()
        #expect(try findings(folder) == ["Used.swift fixed-font-size"])
    }

    @Test("a run over part of the project, or a public view, keeps them: the rest of the module may create them")
    func partOfProject() throws {
        let folder = try appFolder()
        #expect(try findings(folder, paths: [folder.url.appendingPathComponent("App/Unused.swift").path,
                                             folder.url.appendingPathComponent("App/Helper.swift").path])
                == ["Helper.swift fixed-font-size", "Unused.swift fixed-font-size"])
        try folder.write("App/Unused.swift", captionView("Unused").replacingOccurrences(of: "struct Unused", with: "public struct Unused"))
        #expect(try findings(folder) == ["Unused.swift fixed-font-size", "Used.swift fixed-font-size"])
    }
}

@Suite("Members nothing calls, in a run")
struct UnusedMemberRunTests {
    func findings(_ folder: TemporaryFolder, paths: [String]? = nil) throws -> [String] {
        let result = LintEngine(ruleTypes: allRules).lint(paths: paths ?? [folder.url.path])
        return result.diagnostics.map { "\(($0.path as NSString).lastPathComponent):\($0.line) \($0.rule)" }.sorted()
    }

    func appFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App.xcodeproj/project.pbxproj", singleTargetProject(sdk: "iphoneos"))
        try folder.write("App/Screen.swift", """
            import SwiftUI
            struct Screen: View {
                var body: some View {
                    VStack {
                        usedRow
                        // oldRow
                    }
                    .banner()
                }
                private var usedRow: some View { Text("Used").font(.system(size: 15)) }
                #if DEBUG
                var debugRow: some View { Text("Debug").font(.system(size: 15)) }
                #endif
                private var oldRow: some View { Text("Old").font(.system(size: 15)) }
                var chain: some View { chained }
                private var chained: some View { Text("Chained").font(.system(size: 15)) }
            }

            """ + appCreating("Screen"))
        try folder.write("App/Modifiers.swift", """
            import SwiftUI
            public extension View {
                func published() -> some View { overlay(Text("Public").font(.system(size: 11))) }
            }
            extension View {
                func banner() -> some View { overlay(Text("Banner").font(.system(size: 12))) }
                func toast() -> some View { overlay(Toast()) }
            }
            struct Toast: View { var body: some View { Text("Toast").font(.system(size: 12)) } }
            struct Plate: ButtonStyle {
                func makeBody(configuration: Configuration) -> some View { configuration.label.font(.system(size: 13)) }
            }

            """)
        return folder
    }

    @Test("code in a member nothing names, a view only such a member creates, and #if DEBUG code do not ship")
    func wholeProject() throws {
        let folder = try appFolder()
        // `oldRow` is named only in a comment; `chained` only by `chain`, which nothing names; `toast()` is applied
        // nowhere, so `Toast` is never created; `debugRow` is only in debug builds. A style's `makeBody` is called by
        // SwiftUI, and a public extension's members by other modules: they stay.
        let found = try findings(folder)
        #expect(found == [
            "Modifiers.swift:11 fixed-font-size", "Modifiers.swift:3 fixed-font-size", "Modifiers.swift:6 fixed-font-size",
            "Screen.swift:10 fixed-font-size",
        ])
    }

    @Test("over part of the project, internal members may be used elsewhere; private ones are still judged")
    func partOfProject() throws {
        let folder = try appFolder()
        let paths = ["App/Screen.swift", "App/Modifiers.swift"].map { folder.url.appendingPathComponent($0).path }
        let found = try findings(folder, paths: paths)
        #expect(found == [
            "Modifiers.swift:11 fixed-font-size", "Modifiers.swift:3 fixed-font-size", "Modifiers.swift:6 fixed-font-size",
            "Modifiers.swift:9 fixed-font-size", "Screen.swift:10 fixed-font-size", "Screen.swift:16 fixed-font-size",
        ])
    }
}
