import Foundation
import HIGLintSwiftUI
import Testing
@testable import HIGLintProject

/// A Mac-only app as Xcode 15 writes it: groups, build phases, preview assets.
private let macApp = """
    // !$*UTF8*$!
    {
    	archiveVersion = 1;
    	classes = {
    	};
    	objectVersion = 56;
    	objects = {

    /* Begin PBXBuildFile section */
    		A1 /* ContentView.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* ContentView.swift */; };
    		A2 /* MacApp.swift in Sources */ = {isa = PBXBuildFile; fileRef = F2 /* MacApp.swift */; };
    		A3 /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = F3 /* Assets.xcassets */; };
    		A4 /* Preview Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = F4 /* Preview Assets.xcassets */; };
    /* End PBXBuildFile section */

    /* Begin PBXFileReference section */
    		F1 /* ContentView.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = ContentView.swift; sourceTree = "<group>"; };
    		F2 /* MacApp.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = MacApp.swift; sourceTree = "<group>"; };
    		F3 /* Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>"; };
    		F4 /* Preview Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = "Preview Assets.xcassets"; sourceTree = "<group>"; };
    		F5 /* Stale.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Stale.swift; sourceTree = "<group>"; };
    		P1 /* MacApp.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = MacApp.app; sourceTree = BUILT_PRODUCTS_DIR; };
    /* End PBXFileReference section */

    		G0 = {isa = PBXGroup; children = (G1 /* MacApp */, G9 /* Products */); sourceTree = "<group>"; };
    		G1 /* MacApp */ = {isa = PBXGroup; children = (F1, F2, F3, F5, G2); path = MacApp; sourceTree = "<group>"; };
    		G2 /* Preview Content */ = {isa = PBXGroup; children = (F4); path = "Preview Content"; sourceTree = "<group>"; };
    		G9 /* Products */ = {isa = PBXGroup; children = (P1); name = Products; sourceTree = "<group>"; };
    		S1 /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (A1, A2); runOnlyForDeploymentPostprocessing = 0; };
    		R1 /* Resources */ = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (A3, A4); runOnlyForDeploymentPostprocessing = 0; };
    		T1 /* MacApp */ = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (S1, R1); buildRules = (); dependencies = (); name = MacApp; productName = MacApp; productReference = P1; productType = "com.apple.product-type.application"; };
    		PR /* Project object */ = {isa = PBXProject; buildConfigurationList = L1; compatibilityVersion = "Xcode 14.0"; mainGroup = G0; productRefGroup = G9; projectDirPath = ""; projectRoot = ""; targets = (T1); };
    		L1 = {isa = XCConfigurationList; buildConfigurations = (C1, C2); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
    		L2 = {isa = XCConfigurationList; buildConfigurations = (C3, C4); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
    		C1 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {ALWAYS_SEARCH_USER_PATHS = NO; MACOSX_DEPLOYMENT_TARGET = 13.5; SDKROOT = macosx; "GCC_PREPROCESSOR_DEFINITIONS[arch=*]" = ("DEBUG=1", "$(inherited)", ); }; name = Debug; };
    		C2 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {ALWAYS_SEARCH_USER_PATHS = NO; MACOSX_DEPLOYMENT_TARGET = 14.0; SDKROOT = macosx; }; name = Release; };
    		C3 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {DEVELOPMENT_ASSET_PATHS = "\\"MacApp/Preview Content\\""; PRODUCT_NAME = "$(TARGET_NAME)"; }; name = Debug; };
    		C4 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {DEVELOPMENT_ASSET_PATHS = "\\"MacApp/Preview Content\\""; PRODUCT_NAME = "$(TARGET_NAME)"; }; name = Release; };
    	};
    	rootObject = PR /* Project object */;
    }
    """

@Suite("Xcode projects")
struct XcodeProjectTests {
    @Test("a Mac-only app's files are macOS code at the lowest deployment target of its configurations")
    func macOnlyApp() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("MacApp.xcodeproj/project.pbxproj", macApp)
        let content = fixture.write("MacApp/ContentView.swift")
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.isEmpty)
        #expect(facts.facts(forFile: content) == FileFacts(platforms: .macOS, deploymentTargets: ["macOS": "13.5"], targets: ["MacApp/MacApp"]))
        let catalog = fixture.write("MacApp/Assets.xcassets/Logo.imageset/Contents.json", "{}")
        #expect(facts.facts(forFile: catalog).platforms == .macOS)
    }

    @Test("a file in the project's folders that no target builds is passed over as never built")
    func staleFile() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("MacApp.xcodeproj/project.pbxproj", macApp)
        let stale = fixture.write("MacApp/Stale.swift")
        let loose = fixture.write("Scripts/Generate.swift")
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.facts(forFile: stale).passOverReason == .notBuilt)
        #expect(facts.facts(forFile: loose).passOverReason == .notBuilt)
        #expect(facts.facts(forFile: stale).platforms == nil)
    }

    @Test("DEVELOPMENT_ASSET_PATHS that holds the project itself (`..`) makes no app code preview content, and says so")
    func assetPathAboveProject() {
        let fixture = Fixture()
        defer { fixture.remove() }
        let above = macApp.replacingOccurrences(of: #"DEVELOPMENT_ASSET_PATHS = "\"MacApp/Preview Content\"""#,
                                                with: "DEVELOPMENT_ASSET_PATHS = ..")
        #expect(above != macApp)
        fixture.write("App/MacApp.xcodeproj/project.pbxproj", above)
        let content = fixture.write("App/MacApp/ContentView.swift")
        let package = fixture.write("Sources/Kit/Kit.swift")
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.facts(forFile: content).passOverReason == nil)
        #expect(facts.facts(forFile: package).passOverReason != .previewContent)
        #expect(facts.warnings.map(\.message) == ["DEVELOPMENT_ASSET_PATHS of target 'MacApp' names .., which holds the project itself; it is not taken as preview content"])
    }

    @Test("preview content, by folder name and by DEVELOPMENT_ASSET_PATHS, is passed over even when a target builds it")
    func previewContent() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("MacApp.xcodeproj/project.pbxproj", macApp)
        let previewAsset = fixture.write("MacApp/Preview Content/Preview Assets.xcassets/Sample.imageset/Contents.json", "{}")
        let previewData = fixture.write("MacApp/Preview Content/SampleData.swift")
        let facts = ProjectFacts.read(for: [fixture.path("MacApp")])
        #expect(facts.facts(forFile: previewAsset).passOverReason == .previewContent)
        #expect(facts.facts(forFile: previewAsset).platforms == .macOS)
        #expect(facts.facts(forFile: previewData).passOverReason == .previewContent)
    }

    @Test("linting a folder inside the project finds the project above it")
    func projectAbove() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("MacApp.xcodeproj/project.pbxproj", macApp)
        let content = fixture.write("MacApp/ContentView.swift")
        #expect(ProjectFacts.read(for: [content]).facts(forFile: content).platforms == .macOS)
    }

    @Test("an unreadable project file is a warning naming it, and its folder falls back to conventions")
    func unreadableProject() {
        let fixture = Fixture()
        defer { fixture.remove() }
        let broken = fixture.write("Broken.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { A = {isa = ")
        let view = fixture.write("Broken/View.swift")
        let tests = fixture.write("BrokenTests/ViewTests.swift")
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.map(\.path) == [broken])
        #expect(facts.facts(forFile: view) == FileFacts())
        #expect(facts.facts(forFile: tests).passOverReason == .tests)
    }

    @Test("groups that hold each other are cut once, with one warning naming them; a workspace naming the project too")
    func groupCycle() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("Config/Base.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 16.0\n")
        let project = fixture.write("App.xcodeproj/project.pbxproj", pbxproj(root: "PR", objects: [
            ("PR", "{isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1); }"),
            ("G0", "{isa = PBXGroup; children = (SY1); sourceTree = \"<group>\"; }"),
            // Config holds x, x holds Config; the cut (at the lowest id, GB) leaves Config inside x.
            ("GC", "{isa = PBXGroup; children = (XC, GB); path = Config; sourceTree = \"<group>\"; }"),
            ("GB", "{isa = PBXGroup; children = (GC); path = x; sourceTree = \"<group>\"; }"),
            // A group that holds itself.
            ("GS", "{isa = PBXGroup; children = (GS); name = Loop; sourceTree = \"<group>\"; }"),
            ("XC", "{isa = PBXFileReference; path = Base.xcconfig; sourceTree = \"<group>\"; }"),
            ("SY1", "{isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = \"<group>\"; }"),
            ("T1", "{isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); fileSystemSynchronizedGroups = (SY1); name = App; productType = \"com.apple.product-type.application\"; }"),
        ] + configurations("L0", "SDKROOT = iphoneos;", base: "XC") + configurations("L1", "")))
        fixture.write("App.xcworkspace/contents.xcworkspacedata", """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0"><FileRef location = "group:App.xcodeproj"></FileRef></Workspace>
            """)
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.map(\.description) == [
            project + ": warning: group 'x' contains itself (x › Config › x); the cycle is cut there",
            project + ": warning: group 'Loop' contains itself (Loop › Loop); the cycle is cut there",
            fixture.path("x/Config/Base.xcconfig") + ": warning: not found; its build settings are left out",
        ])
        #expect(facts.facts(forFile: fixture.write("App/View.swift")).platforms == .iOS)
    }

    @Test("groups nested far deeper than a thread's stack allows recursion still give their files' paths")
    func deepGroups() {
        let fixture = Fixture()
        defer { fixture.remove() }
        let depth = 20_000
        var objects: [(String, String)] = [
            ("PR", "{isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1); }"),
            ("F1", "{isa = PBXFileReference; path = View.swift; sourceTree = \"<group>\"; }"),
            ("B1", "{isa = PBXBuildFile; fileRef = F1; }"),
            ("S1", "{isa = PBXSourcesBuildPhase; files = (B1); }"),
            ("T1", "{isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S1); name = App; productType = \"com.apple.product-type.application\"; }"),
        ]
        for level in 0..<depth {
            objects.append(("G\(level)", "{isa = PBXGroup; children = (\(level + 1 < depth ? "G\(level + 1)" : "F1")); sourceTree = \"<group>\"; }"))
        }
        fixture.write("App.xcodeproj/project.pbxproj", pbxproj(root: "PR", objects: objects + configurations("L0", "SDKROOT = macosx;") + configurations("L1", "")))
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.isEmpty)
        #expect(facts.facts(forFile: fixture.write("View.swift")).platforms == .macOS)
    }
}
