import Foundation
import HIGLintCore
import HIGLintProject
import HIGLintRules
import HIGLintSwiftUI
import Testing

/// A one-target Xcode project whose synchronized folder `App` builds for the SDK given.
func singleTargetProject(sdk: String, deployment: String = "") -> String {
    """
    // !$*UTF8*$!
    {
    	archiveVersion = 1;
    	objects = {
    		PR = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1); };
    		G0 = {isa = PBXGroup; children = (SY); sourceTree = "<group>"; };
    		SY = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
    		T1 = {isa = PBXNativeTarget; buildConfigurationList = L0; fileSystemSynchronizedGroups = (SY); name = App; productType = "com.apple.product-type.application"; };
    		L0 = {isa = XCConfigurationList; buildConfigurations = (C1); };
    		C1 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = \(sdk); \(deployment)}; name = Release; };
    	};
    	rootObject = PR;
    }
    """
}

let webViewWrapper = """
    import SwiftUI
    import WebKit
    struct ArticleWebView: UIViewRepresentable {
        func makeUIView(context: Context) -> WKWebView { WKWebView() }
        func updateUIView(_ webView: WKWebView, context: Context) {}
    }

    """

@Suite("Project facts in a run")
struct ProjectFactsPhaseTests {
    func lint(_ folder: TemporaryFolder, configure: @escaping @Sendable (inout Configuration) -> Void = { _ in }) throws -> LintResult {
        let resolver = try ConfigurationResolver(rules: allRules.map { $0.description }, overrides: configure)
        return LintEngine(ruleTypes: allRules, source: resolver).lint(paths: [folder.url.path])
    }

    func ruleIDs(_ result: LintResult) -> [String] { result.diagnostics.map(\.rule) }

    @Test("a Mac-only app gets no Dynamic Type findings; the same file in an iOS app does")
    func macOnlyApp() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App.xcodeproj/project.pbxproj", singleTargetProject(sdk: "macosx"))
        try folder.write("App/Title.swift", fixedFont)
        #expect(ruleIDs(try lint(folder)).isEmpty)
        try folder.write("App.xcodeproj/project.pbxproj", singleTargetProject(sdk: "iphoneos"))
        #expect(ruleIDs(try lint(folder)) == ["fixed-font-size"])
    }

    @Test("configuration wins over the project, per folder")
    func configurationWins() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App.xcodeproj/project.pbxproj", singleTargetProject(sdk: "macosx"))
        try folder.write("App/Title.swift", fixedFont)
        try folder.write("App/Phone/.higlint.json", #"{ platforms: ["iOS"] }"#)
        try folder.write("App/Phone/Title.swift", fixedFont)
        #expect(try lint(folder).diagnostics.map { $0.path.hasSuffix("App/Phone/Title.swift") } == [true])
    }

    @Test("a file's facts: configured platforms win whole and deployment targets per platform; the project says the rest")
    func buildFacts() {
        var project = FileFacts(platforms: [.iOS, .watchOS], deploymentTargets: ["iOS": "16.0", "watchOS": "9.0"], targets: ["App/Phone"])
        project.isPhoneOnly = true
        let unconfigured = BuildFacts(configuration: Configuration(), project: project)
        #expect(unconfigured.platforms == [.iOS, .watchOS])
        #expect(unconfigured.deploymentTargets == ["iOS": "16.0", "watchOS": "9.0"])
        #expect(unconfigured.isPhoneOnlyOnIOS)
        let configuration = Configuration().with(platforms: .iOS).with(deploymentTarget: ["iOS": "17.0"])
        let configured = BuildFacts(configuration: configuration, project: project)
        #expect(configured.platforms == .iOS)
        #expect(configured.deploymentTargets == ["iOS": "17.0", "watchOS": "9.0"])
        #expect(configured.deploymentMajorVersion(on: .iOS) == 17)
        #expect(unconfigured.configured(by: configuration) == configured)
        // No project: what configuration says, else every platform.
        #expect(BuildFacts(configuration: Configuration()).platforms == .all)
        #expect(!BuildFacts(configuration: Configuration()).isPhoneOnlyOnIOS)
        // An app's local package runs only where the run's apps do, unless configuration says otherwise.
        let package = BuildFacts(configuration: Configuration(), project: FileFacts(platforms: .all, targets: ["Kit/Kit"]),
                                 runCoversProject: true, runCoversClaimingProject: true, isInAppLocalPackage: true, appPlatforms: .macOS)
        #expect(package.platforms == .macOS)
        #expect(package.configured(by: Configuration().with(platforms: .iOS)).platforms == .iOS)
    }

    @Test("platforms set over a run's configuration (MCP's lint_code) win over the project's, for its files and new buffers alike")
    func settingsOverProjectFacts() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App.xcodeproj/project.pbxproj", singleTargetProject(sdk: "macosx"))
        try folder.write("App/Title.swift", fixedFont)
        let engine = LintEngine(ruleTypes: allRules, source: try ConfigurationResolver(rules: allRules.map { $0.description }))
        let run = engine.prepare(paths: [folder.url.path])
        for name in ["Title.swift", "New.swift"] {
            let path = folder.url.appendingPathComponent("App/" + name).path
            #expect(try run.lint(source: fixedFont, path: path).isEmpty, "\(name) on macOS")
            let onIOS = try run.applying { $0.platforms = .iOS }.lint(source: fixedFont, path: path)
            #expect(onIOS.map(\.rule) == ["fixed-font-size"], "\(name) on iOS")
        }
    }

    @Test("an app whose project declares iOS 26 gets wkwebview-wrapper; one declaring iOS 18 does not")
    func deploymentTarget() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App.xcodeproj/project.pbxproj", singleTargetProject(sdk: "iphoneos", deployment: "IPHONEOS_DEPLOYMENT_TARGET = 26.0;"))
        try folder.write("App/ArticleWebView.swift", webViewWrapper)
        #expect(ruleIDs(try lint(folder)) == ["wkwebview-wrapper"])
        try folder.write("App.xcodeproj/project.pbxproj", singleTargetProject(sdk: "iphoneos", deployment: "IPHONEOS_DEPLOYMENT_TARGET = 18.0;"))
        #expect(ruleIDs(try lint(folder)).isEmpty)
    }

    @Test("a package's platforms give the deployment target too")
    func packageDeploymentTarget() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("Package.swift", """
            import PackageDescription
            let package = Package(name: "Web", platforms: [.iOS("26.0")], targets: [.target(name: "Web")])
            """)
        try folder.write("Sources/Web/ArticleWebView.swift", webViewWrapper)
        #expect(ruleIDs(try lint(folder)) == ["wkwebview-wrapper"])
    }

    @Test("a package that supports iOS 13 gets no copyable-text-not-selectable (no .textSelection there); one from iOS 15 gets it, fixed")
    func packagePlatforms() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("Sources/Orders/OrderView.swift", "import SwiftUI\npublic struct OrderView: View {\n    public var body: some View { Text(order.trackingNumber) }\n}\n")
        func fixes() throws -> [Bool] {
            let resolver = try ConfigurationResolver(rules: allRules.map { $0.description }) { $0.onlyRules = ["copyable-text-not-selectable"] }
            return LintEngine(ruleTypes: allRules, source: resolver).lint(paths: [folder.url.path]).diagnostics.map { $0.fix != nil }
        }
        for (version, offered) in [(".v13", [Bool]()), (".v15", [true])] {
            try folder.write("Package.swift", """
                import PackageDescription
                let package = Package(name: "Orders", platforms: [.iOS(\(version))], targets: [.target(name: "Orders")])
                """)
            #expect(try fixes() == offered)
        }
    }

    @Test("test, preview and unbuilt code is passed over and counted; checkNonShippingCode checks it")
    func nonShipping() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App.xcodeproj/project.pbxproj", singleTargetProject(sdk: "iphoneos"))
        try folder.write("App/Title.swift", fixedFont)
        try folder.write("App/Preview Content/Sample.swift", fixedFont)
        try folder.write("Old/Unused.swift", fixedFont)
        try folder.write("AppTests/TitleTests.swift", fixedFont)
        let result = try lint(folder)
        #expect(result.diagnostics.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["Title.swift"])
        #expect(result.passedOver == PassedOver(counts: [.previewContent: 1, .notBuilt: 2]))
        #expect(result.passedOver.summary == "3 files passed over (1 preview content, 2 built by no target)")
        let all = try lint(folder) { $0.checksNonShippingCode = true }
        #expect(all.diagnostics.count == 4)
        #expect(all.passedOver.total == 0)
    }

    @Test("test folders of a folder no project claims are passed over by convention")
    func conventions() throws {
        let folder = try TemporaryFolder()
        try folder.write("Sources/Title.swift", fixedFont)
        try folder.write("Tests/TitleTests.swift", fixedFont)
        try folder.write("Sources/SnapshotTests.swift", fixedFont)
        let result = try lint(folder)
        #expect(result.diagnostics.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["Title.swift"])
        #expect(result.passedOver == PassedOver(counts: [.tests: 2]))
    }

    @Test("a warm cache does not keep findings the project no longer allows")
    func cacheKeys() throws {
        let folder = try TemporaryFolder()
        let cacheFolder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App.xcodeproj/project.pbxproj", singleTargetProject(sdk: "iphoneos"))
        try folder.write("App/Title.swift", fixedFont)
        var engine = LintEngine(ruleTypes: allRules, source: try ConfigurationResolver(rules: allRules.map { $0.description }))
        engine.cache = ResultCache(directory: cacheFolder.url.path, toolVersion: "1")
        #expect(ruleIDs(engine.lint(paths: [folder.url.path])) == ["fixed-font-size"])
        try folder.write("App.xcodeproj/project.pbxproj", singleTargetProject(sdk: "macosx"))
        #expect(ruleIDs(engine.lint(paths: [folder.url.path])).isEmpty)
    }

    @Test("a warm cache does not keep findings checkNonShippingCode no longer allows, nor miss those it now allows")
    func cacheKeysNonShippingCode() throws {
        let folder = try TemporaryFolder()
        let cacheFolder = try TemporaryFolder()
        try folder.write("Title.swift", "#Preview { Text(\"Hello\").font(.system(size: 13)) }\n" + fixedFont)
        var engine = LintEngine(ruleTypes: allRules, source: try ConfigurationResolver(rules: allRules.map { $0.description }))
        engine.cache = ResultCache(directory: cacheFolder.url.path, toolVersion: "1")
        #expect(engine.lint(paths: [folder.url.path]).diagnostics.map(\.line) == [2])
        try folder.write(".higlint.json", "{ checkNonShippingCode: true }")
        engine = LintEngine(ruleTypes: allRules, source: try ConfigurationResolver(rules: allRules.map { $0.description }))
        engine.cache = ResultCache(directory: cacheFolder.url.path, toolVersion: "1")
        #expect(engine.lint(paths: [folder.url.path]).diagnostics.map(\.line) == [1, 2])
    }

    @Test("#Preview bodies and PreviewProvider types are passed over unless configuration checks non-shipping code")
    func previews() {
        let source = """
            #Preview { Text("Hello").font(.system(size: 13)) }
            struct Title_Previews: PreviewProvider {
                static var previews: some View { Text("Hello").font(.system(size: 13)) }
            }
            struct Title: View {
                var body: some View { Text("Hello").font(.system(size: 13)) }
            }
            """
        #expect(LintEngine(ruleTypes: allRules).lint(source: source).map(\.line) == [6])
        var configuration = Configuration()
        configuration.checksNonShippingCode = true
        #expect(LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: source).map(\.line) == [1, 3, 6])
    }

    @Test("a project file still being read at the time limit is given up with a warning; the others are read")
    func projectReadingGivenUp() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App.xcodeproj/project.pbxproj", singleTargetProject(sdk: "macosx"))
        try folder.write("Package.swift", "import PackageDescription\nlet package = Package(name: \"A\", targets: [.target(name: \"A\")])\n")
        // A reading that gives up the package, as `bounded(by:)` gives up a manifest SwiftParser cannot finish.
        let reading = ProjectReading(timeLimit: 2) { count, body in
            for index in 0..<count { body(index) }
            return [1]
        }
        let facts = ProjectFacts.read(for: [folder.url.path], reading: reading)
        #expect(facts.projects.map(\.kind) == [.xcode])
        #expect(facts.warnings.map(\.description) == [
            folder.url.path + "/Package.swift: warning: reading it took longer than 2 s, the time limit of a file; its folder is linted by folder conventions",
        ])
    }

    @Test("bounded project reading gives up what is still running at the time limit and reads the rest on large stacks")
    func boundedReading() {
        let release = DispatchSemaphore(value: 0)
        let stacks = ConcurrentStackSizes()
        let givenUp = ProjectReading.bounded(by: 0.5).forEach(3) { index in
            stacks.record(Thread.current.stackSize)
            if index == 1 { release.wait() }
        }
        release.signal()
        #expect(givenUp == [1])
        #expect(stacks.smallest >= 64 << 20)
    }

    @Test("an unreadable project is a warning and the run goes on")
    func unreadableProject() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        try folder.write("App.xcodeproj/project.pbxproj", "{ objects = ")
        try folder.write("App/Title.swift", fixedFont)
        let result = try lint(folder)
        #expect(ruleIDs(result) == ["fixed-font-size"])
        #expect(result.projectWarnings.count == 1 && result.projectWarnings[0].contains("App.xcodeproj/project.pbxproj: warning:"))
    }
}

/// The stack sizes of the threads a test's work ran on.
private final class ConcurrentStackSizes: @unchecked Sendable {
    private let lock = NSLock()
    private var sizes: [Int] = []

    func record(_ size: Int) { lock.withLock { sizes.append(size) } }
    var smallest: Int { lock.withLock { sizes.min() ?? 0 } }
}
