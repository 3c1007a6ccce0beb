import Foundation
import Testing

/// RULES.md's *Facts fail open*, *The folder does not change the answer* and *Code being written is judged*,
/// through the command line, on small projects written for each case.
@Suite("App model through the command line", .serialized)
struct AppModelTests {
    /// A phone app as Xcode 16 writes it: one target whose sources are the synchronized folder `App`.
    static func phoneApp(packages: [String] = [], workspaceConfiguration: String? = nil) -> String {
        let references = packages.enumerated().map { index, path in
            "\t\tPK\(index) = {isa = XCLocalSwiftPackageReference; relativePath = \(path); };\n"
        }.joined()
        let base = workspaceConfiguration.map { _ in "baseConfigurationReference = XC; " } ?? ""
        let configurationFile = workspaceConfiguration.map { path in
            "\t\tXC = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = \"\(path)\"; sourceTree = \"<group>\"; };\n"
        } ?? ""
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 77;
            \tobjects = {
            \t\tSY = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
            \t\tG0 = {isa = PBXGroup; children = (SY\(workspaceConfiguration == nil ? "" : ", XC")); sourceTree = "<group>"; };
            \(configurationFile)\t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (); fileSystemSynchronizedGroups = (SY); name = Phone; productType = "com.apple.product-type.application"; };
            \t\tPR = {isa = PBXProject; buildConfigurationList = L1; mainGroup = G0; packageReferences = (\(packages.indices.map { "PK\($0)" }.joined(separator: ", "))); targets = (T1); };
            \(references)\t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); defaultConfigurationName = Release; };
            \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C2); defaultConfigurationName = Release; };
            \t\tC1 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = 17.0; }; name = Release; };
            \t\tC2 = {isa = XCBuildConfiguration; \(base)buildSettings = {PRODUCT_NAME = Phone; }; name = Release; };
            \t};
            \trootObject = PR;
            }
            """
    }

    static let app = """
        import SwiftUI
        @main struct PhoneApp: App {
            var body: some Scene { WindowGroup { Text("Orders").font(.system(size: 17)) } }
        }
        """
    /// A public view nothing in the run creates: a library's users create it.
    static let badge = """
        import SwiftUI
        public struct Badge: View {
            public init() {}
            public var body: some View { Text("New").font(.system(size: 11)) }
        }
        """
    static let kitManifest = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Kit", platforms: [.iOS(.v17)], targets: [.target(name: "Kit")])
        """

    static func findings(_ output: HIGLint.Output) -> [String] {
        output.stdout.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }.map(String.init).sorted()
    }

    @Test("a package beside an app that does not reference it is its own module: the folder gives its findings too")
    func packageBesideApp() throws {
        let root = try temporaryProject(["Phone.xcodeproj/project.pbxproj": Self.phoneApp(), "App/PhoneApp.swift": Self.app,
                                         "Kit/Package.swift": Self.kitManifest, "Kit/Sources/Kit/Badge.swift": Self.badge,
                                         ".git/HEAD": ""])
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try HIGLint.run([".", "--no-cache"], in: root)
        let package = try HIGLint.run(["Kit", "--no-cache"], in: root)
        let app = try HIGLint.run(["App", "--no-cache"], in: root)
        #expect(Self.findings(package).count == 1)
        #expect(Self.findings(folder) == (Self.findings(package) + Self.findings(app)).sorted())
    }

    @Test("a package the app references is the app's: a public view nothing creates does not reach a screen")
    func referencedPackage() throws {
        let root = try temporaryProject(["Phone.xcodeproj/project.pbxproj": Self.phoneApp(packages: ["Kit"]),
                                         "App/PhoneApp.swift": Self.app, "Kit/Package.swift": Self.kitManifest,
                                         "Kit/Sources/Kit/Badge.swift": Self.badge, ".git/HEAD": ""])
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try HIGLint.run([".", "--no-cache"], in: root)
        #expect(!folder.stdout.contains("Badge.swift"))
        #expect(folder.stdout.contains("PhoneApp.swift"))
    }

    @Test("a Tuist app target made by a function, whose files a test target also builds: the app's findings are kept")
    func tuistTargetFromFunction() throws {
        let project = """
            import ProjectDescription
            func appTarget(_ name: String) -> Target {
                .target(name: name, destinations: [.iPhone], product: .app, bundleId: "x", sources: ["App/**"])
            }
            let appName = "Phone"
            let project = Project(name: appName, targets: [
                appTarget(appName),
                .target(name: "PhoneTests", destinations: [.iPhone], product: .unitTests, bundleId: "y", sources: ["App/**", "Tests/**"]),
            ])
            """
        let root = try temporaryProject(["Project.swift": project, "App/PhoneApp.swift": Self.app,
                                         "Tests/PhoneTests.swift": "import XCTest\n" + #"let x = Text("t").font(.system(size: 9))"#,
                                         ".git/HEAD": ""])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try HIGLint.run([".", "--no-cache"], in: root)
        #expect(Self.findings(lint).count == 1)
        #expect(lint.stdout.contains("App/PhoneApp.swift"))
        let reasons = lint.stderr.split(separator: "\n").filter { $0.contains("Project.swift: warning:") }
        #expect(reasons.count == 1)
        #expect(reasons.first?.contains("judged as shipping") == true)
    }

    @Test("a file no target builds yet is judged on standard input, and named alone it is said to be passed over")
    func codeBeingWritten() throws {
        let root = try temporaryProject(["Phone.xcodeproj/project.pbxproj": Self.phoneApp(), "App/PhoneApp.swift": Self.app,
                                         "Drafts/New.swift": "", ".git/HEAD": ""])
        defer { try? FileManager.default.removeItem(at: root) }
        let source = "import SwiftUI\nstruct New: View {\n    var title: String\n    var body: some View { Text(title).font(.system(size: 13)) }\n}\n"
        let stdin = try HIGLint.run(["--stdin", "--assume-filename", "Drafts/New.swift"], stdin: source, in: root)
        #expect(stdin.stdout.contains("[fixed-font-size]"))
        try Data(source.utf8).write(to: root.appendingPathComponent("Drafts/New.swift"))
        let named = try HIGLint.run(["Drafts/New.swift", "--no-cache"], in: root)
        #expect(named.status == 2)
        #expect(named.stderr.contains("built by no target"))
        #expect(!named.stderr.contains("include and exclude"))
        let effective = try HIGLint.run(["config", "--effective", "Drafts/New.swift"], in: root)
        #expect(effective.stdout.contains("\"passedOver\" : \"no target builds it\""))
    }

    @Test("a CocoaPods app before `pod install`: one line with the reason, relative paths, and the app's findings kept")
    func podsBeforeInstall() throws {
        let workspace = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:Phone.xcodeproj"></FileRef>
               <FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>
            </Workspace>
            """
        let root = try temporaryProject([
            "Phone.xcodeproj/project.pbxproj": Self.phoneApp(workspaceConfiguration: "Pods/Target Support Files/Pods-Phone/Pods-Phone.release.xcconfig"),
            "Phone.xcworkspace/contents.xcworkspacedata": workspace, "App/PhoneApp.swift": Self.app, "Podfile": "target 'Phone'\n",
            ".git/HEAD": "",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try HIGLint.run([".", "--no-cache"], in: root)
        #expect(Self.findings(lint).count == 1)
        let warnings = lint.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings == ["Pods: warning: not found (run `pod install`); Pods are not linted, and the build settings CocoaPods adds are left out"])
    }

    @Test("a missing .xcconfig kept as a template: the reason names the template, the app's findings are kept")
    func missingConfigurationWithTemplate() throws {
        let root = try temporaryProject(["Phone.xcodeproj/project.pbxproj": Self.phoneApp(workspaceConfiguration: "Config.xcconfig"),
                                         "Config.xcconfig.dist": "API_KEY = \n", "App/PhoneApp.swift": Self.app, ".git/HEAD": ""])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try HIGLint.run([".", "--no-cache"], in: root)
        #expect(Self.findings(lint).count == 1)
        #expect(lint.stderr.contains("Config.xcconfig: warning: not found; Config.xcconfig.dist beside it is a template to copy as Config.xcconfig"))
    }

    /// Folders that hold several projects side by side, each project in a folder of its own.
    static let multiProjectFolders: [(name: String, projects: [String], files: [String: String])] = [
        ("an app and a package it does not reference", ["Phone", "Kit"], [
            "Phone/Phone.xcodeproj/project.pbxproj": phoneApp(), "Phone/App/PhoneApp.swift": app,
            "Kit/Package.swift": kitManifest, "Kit/Sources/Kit/Badge.swift": badge]),
        ("two apps, one with a local package it references", ["Phone", "Tablet"], [
            "Phone/Phone.xcodeproj/project.pbxproj": phoneApp(packages: ["Kit"]), "Phone/App/PhoneApp.swift": app,
            "Phone/Kit/Package.swift": kitManifest, "Phone/Kit/Sources/Kit/Badge.swift": badge,
            "Tablet/Tablet.xcodeproj/project.pbxproj": phoneApp(), "Tablet/App/PhoneApp.swift": app]),
        ("an XcodeGen app beside a Swift package app", ["Shop", "Tools"], [
            "Shop/project.yml": "name: Shop\ntargets:\n  Shop:\n    type: application\n    platform: iOS\n    sources: [App]\n",
            "Shop/App/ShopApp.swift": app,
            "Tools/Package.swift": kitManifest, "Tools/Sources/Kit/Badge.swift": badge,
            "Tools/Sources/Kit/Unused.swift": badge.replacingOccurrences(of: "Badge", with: "Unused")]),
    ]

    @Test("the folder does not change the answer: lint FOLDER is the union of lint PROJECT over its projects")
    func folderIsUnionOfProjects() throws {
        for fixture in Self.multiProjectFolders {
            let root = try temporaryProject(fixture.files.merging([".git/HEAD": ""]) { $1 })
            defer { try? FileManager.default.removeItem(at: root) }
            let folder = Self.findings(try HIGLint.run([".", "--no-cache"], in: root))
            var union: [String] = []
            for project in fixture.projects {
                union += Self.findings(try HIGLint.run([project, "--no-cache"], in: root))
            }
            #expect(!folder.isEmpty, "\(fixture.name): no findings to compare")
            #expect(folder == union.sorted(), "\(fixture.name)")
        }
    }
}
