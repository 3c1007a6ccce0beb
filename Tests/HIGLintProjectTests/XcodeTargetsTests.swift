import Foundation
import HIGLintSwiftUI
import Testing
@testable import HIGLintProject

/// An iOS app with a widget, unit tests, UI tests and a screenshot-making app, written with the fixture helpers.
private func iOSAppWithWidget() -> String {
    let buildFile = { (id: String, file: String) in (id, "{isa = PBXBuildFile; fileRef = \(file); }") }
    let file = { (id: String, path: String) in (id, "{isa = PBXFileReference; path = \(path); sourceTree = \"<group>\"; }") }
    let target = { (id: String, name: String, type: String, phase: String, list: String) in
        (id, "{isa = PBXNativeTarget; buildConfigurationList = \(list); buildPhases = (\(phase)); name = \(name); productType = \"com.apple.product-type.\(type)\"; }")
    }
    let phase = { (id: String, files: String) in (id, "{isa = PBXSourcesBuildPhase; files = (\(files)); }") }
    var objects: [(String, String)] = [
        ("PR", "{isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, T2, T3, T4, T5); }"),
        ("G0", "{isa = PBXGroup; children = (G1, G2, G3, G4, G5, FS); sourceTree = \"<group>\"; }"),
        ("G1", "{isa = PBXGroup; children = (F1); path = Shop; sourceTree = \"<group>\"; }"),
        ("G2", "{isa = PBXGroup; children = (F2); path = ShopWidget; sourceTree = \"<group>\"; }"),
        ("G3", "{isa = PBXGroup; children = (F3); path = ShopTests; sourceTree = \"<group>\"; }"),
        ("G4", "{isa = PBXGroup; children = (F4); path = ShopUITests; sourceTree = \"<group>\"; }"),
        ("G5", "{isa = PBXGroup; children = (F5); path = Screens; sourceTree = \"<group>\"; }"),
        file("F1", "ShopView.swift"), file("F2", "PriceWidget.swift"), file("F3", "CartTests.swift"),
        file("F4", "CheckoutUITests.swift"), file("F5", "ScreenshotScenes.swift"),
        // Shared with the widget, found from the project's folder rather than a group.
        ("FS", "{isa = PBXFileReference; path = Shared/Price.swift; sourceTree = SOURCE_ROOT; }"),
        buildFile("B1", "F1"), buildFile("B2", "F2"), buildFile("B3", "F3"), buildFile("B4", "F4"), buildFile("B5", "F5"),
        buildFile("BS1", "FS"), buildFile("BS2", "FS"),
        phase("S1", "B1, BS1"), phase("S2", "B2, BS2"), phase("S3", "B3"), phase("S4", "B4"), phase("S5", "B5"),
        target("T1", "Shop", "application", "S1", "L1"),
        target("T2", "ShopWidgetExtension", "app-extension", "S2", "L2"),
        target("T3", "ShopTests", "bundle.unit-test", "S3", "L1"),
        target("T4", "ShopUITests", "bundle.ui-testing", "S4", "L1"),
        target("T5", "ShopScreenshots", "application", "S5", "L1"),
    ]
    objects += configurations("L0", "SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = 17.0; MACOSX_DEPLOYMENT_TARGET = 14.0;")
    objects += configurations("L1", "PRODUCT_NAME = \"$(TARGET_NAME)\";")
    objects += configurations("L2", "IPHONEOS_DEPLOYMENT_TARGET = 18.0;")
    return pbxproj(root: "PR", objects: objects)
}

/// A multi-platform app (iOS, macOS, visionOS) with an Xcode 16 synchronized folder, exception sets and `.xcconfig` files.
private func multiplatformApp() -> String {
    var objects: [(String, String)] = [
        ("PR", "{isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, T2, T3); }"),
        ("G0", "{isa = PBXGroup; children = (SY1, SY3, SY4, GC); sourceTree = \"<group>\"; }"),
        // A folder no target lists, whose exception set gives one file to the widget.
        ("SY4", "{isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX4); path = Intents; sourceTree = \"<group>\"; }"),
        ("EX4", "{isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (OpenPlace.swift); target = T2; }"),
        ("GC", "{isa = PBXGroup; children = (XC); path = Config; sourceTree = \"<group>\"; }"),
        ("XC", "{isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Base.xcconfig; sourceTree = \"<group>\"; }"),
        ("SY1", "{isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX1, EX2); path = Atlas; sourceTree = \"<group>\"; }"),
        ("EX1", "{isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist, Legacy, ); target = T1; }"),
        ("EX2", "{isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Model/Place.swift, ); target = T2; }"),
        ("SY3", "{isa = PBXFileSystemSynchronizedRootGroup; path = AtlasTests; sourceTree = \"<group>\"; }"),
        ("T1", "{isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); fileSystemSynchronizedGroups = (SY1, ); name = Atlas; productType = \"com.apple.product-type.application\"; }"),
        ("T2", "{isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (); name = AtlasWidget; productType = \"com.apple.product-type.app-extension\"; }"),
        ("T3", "{isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); fileSystemSynchronizedGroups = (SY3); name = AtlasTests; productType = \"com.apple.product-type.bundle.unit-test\"; }"),
    ]
    objects += configurations("L0", "SDKROOT = auto;", base: "XC")
    objects += configurations("L1", "SUPPORTED_PLATFORMS = \"$(inherited) xros xrsimulator\"; XROS_DEPLOYMENT_TARGET = 26.0;")
    objects += configurations("L2", "SUPPORTED_PLATFORMS = \"iphoneos iphonesimulator\";")
    return pbxproj(root: "PR", objects: objects)
}

/// An iPhone-only app, an app for iPhone and iPad and an iPhone app with Mac Catalyst, sharing one file.
private func deviceFamilies() -> String {
    let target = { (id: String, name: String, list: String, phase: String) in
        (id, "{isa = PBXNativeTarget; buildConfigurationList = \(list); buildPhases = (\(phase)); name = \(name); productType = \"com.apple.product-type.application\"; }")
    }
    var objects: [(String, String)] = [
        ("PR", "{isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, T2, T3); }"),
        ("G0", "{isa = PBXGroup; children = (F1, F2, F3, FS); sourceTree = \"<group>\"; }"),
        ("F1", "{isa = PBXFileReference; path = Phone.swift; sourceTree = \"<group>\"; }"),
        ("F2", "{isa = PBXFileReference; path = Universal.swift; sourceTree = \"<group>\"; }"),
        ("F3", "{isa = PBXFileReference; path = Catalyst.swift; sourceTree = \"<group>\"; }"),
        ("FS", "{isa = PBXFileReference; path = Shared.swift; sourceTree = \"<group>\"; }"),
        ("B1", "{isa = PBXBuildFile; fileRef = F1; }"), ("B2", "{isa = PBXBuildFile; fileRef = F2; }"),
        ("B3", "{isa = PBXBuildFile; fileRef = F3; }"), ("BS1", "{isa = PBXBuildFile; fileRef = FS; }"),
        ("BS2", "{isa = PBXBuildFile; fileRef = FS; }"),
        ("S1", "{isa = PBXSourcesBuildPhase; files = (B1, BS1); }"), ("S2", "{isa = PBXSourcesBuildPhase; files = (B2, BS2); }"),
        ("S3", "{isa = PBXSourcesBuildPhase; files = (B3); }"),
        target("T1", "Phone", "L1", "S1"), target("T2", "Universal", "L2", "S2"), target("T3", "Catalyst", "L3", "S3"),
    ]
    objects += configurations("L0", "SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = 17.0;")
    objects += configurations("L1", "TARGETED_DEVICE_FAMILY = 1;")
    objects += configurations("L2", "TARGETED_DEVICE_FAMILY = \"1,2\";")
    objects += configurations("L3", "TARGETED_DEVICE_FAMILY = 1; SUPPORTS_MACCATALYST = YES;")
    return pbxproj(root: "PR", objects: objects)
}

@Suite("Xcode targets")
struct XcodeTargetsTests {
    @Test("an iOS app's widget, unit tests, UI tests and screenshot app each get their facts")
    func iOSApp() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("Shop.xcodeproj/project.pbxproj", iOSAppWithWidget())
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.isEmpty)
        #expect(facts.facts(forFile: fixture.write("Shop/ShopView.swift"))
            == FileFacts(platforms: .iOS, deploymentTargets: ["iOS": "17.0"], targets: ["Shop/Shop"]))
        var widgetFacts = FileFacts(platforms: .iOS, deploymentTargets: ["iOS": "18.0"], targets: ["Shop/ShopWidgetExtension"])
        widgetFacts.isWidgetExtension = true
        #expect(facts.facts(forFile: fixture.write("ShopWidget/PriceWidget.swift")) == widgetFacts)
        #expect(facts.facts(forFile: fixture.write("Shared/Price.swift"))
            == FileFacts(platforms: .iOS, deploymentTargets: ["iOS": "17.0"], targets: ["Shop/Shop", "Shop/ShopWidgetExtension"]))
        #expect(facts.facts(forFile: fixture.write("ShopTests/CartTests.swift")).passOverReason == .tests)
        #expect(facts.facts(forFile: fixture.write("ShopUITests/CheckoutUITests.swift")).passOverReason == .tests)
        #expect(facts.facts(forFile: fixture.write("Screens/ScreenshotScenes.swift")).passOverReason == .screenshots)
        #expect(facts.projects.first?.targets.map(\.product) == [.app, .appExtension, .unitTests, .uiTests, .app])
    }

    @Test("an iPhone-only target makes its files iPhone-only; an iPad family, Mac Catalyst or a shared universal target does not")
    func deviceFamily() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("Devices.xcodeproj/project.pbxproj", deviceFamilies())
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.isEmpty)
        #expect(facts.projects.first?.targets.map(\.isPhoneOnly) == [true, false, false])
        #expect(facts.facts(forFile: fixture.write("Phone.swift")).isPhoneOnly)
        #expect(!facts.facts(forFile: fixture.write("Universal.swift")).isPhoneOnly)
        #expect(!facts.facts(forFile: fixture.write("Catalyst.swift")).isPhoneOnly)
        #expect(!facts.facts(forFile: fixture.write("Shared.swift")).isPhoneOnly)
        #expect(facts.summaries().first?.targets.map(\.phoneOnly) == [true, nil, nil])
    }

    @Test("a synchronized folder's files belong to its target, less its exceptions; another target's exceptions add files to it")
    func synchronizedFolder() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("Atlas.xcodeproj/project.pbxproj", multiplatformApp())
        fixture.write("Config/Base.xcconfig", "// Shared by every target\n#include \"Deployment.xcconfig\"\nSUPPORTED_PLATFORMS = iphoneos iphonesimulator macosx\n")
        fixture.write("Config/Deployment.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 26.0\nMACOSX_DEPLOYMENT_TARGET = 26.0 // Tahoe\nXROS_DEPLOYMENT_TARGET[sdk=xros*] = 2.0\n")
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.isEmpty)
        let map = facts.facts(forFile: fixture.write("Atlas/Views/MapView.swift"))
        #expect(map == FileFacts(platforms: [.iOS, .macOS, .visionOS], deploymentTargets: ["iOS": "26.0", "macOS": "26.0", "visionOS": "26.0"], targets: ["Atlas/Atlas"]))
        #expect(facts.facts(forFile: fixture.write("Atlas/Legacy/OldMap.swift")).passOverReason == .notBuilt)
        let shared = facts.facts(forFile: fixture.write("Atlas/Model/Place.swift"))
        #expect(shared.targets == ["Atlas/Atlas", "Atlas/AtlasWidget"])
        #expect(shared.platforms == [.iOS, .macOS, .visionOS])
        // The widget names no iOS deployment target of its own but inherits the project's.
        #expect(shared.deploymentTargets == ["iOS": "26.0", "macOS": "26.0", "visionOS": "26.0"])
        #expect(facts.facts(forFile: fixture.write("AtlasTests/MapTests.swift")).passOverReason == .tests)
        #expect(facts.facts(forFile: fixture.write("Intents/OpenPlace.swift")).targets == ["Atlas/AtlasWidget"])
        #expect(facts.facts(forFile: fixture.write("Intents/Unused.swift")).passOverReason == .notBuilt)
        #expect(facts.facts(forFile: fixture.write("Atlas/Assets.xcassets/Pin.imageset/Contents.json", "{}")).platforms == [.iOS, .macOS, .visionOS])
    }

    @Test("a missing .xcconfig is a warning naming it; the project's own settings still count")
    func missingConfiguration() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("Atlas.xcodeproj/project.pbxproj", multiplatformApp())
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.map(\.path) == [fixture.path("Config/Base.xcconfig")])
        // With no SUPPORTED_PLATFORMS below it, `$(inherited) xros` is visionOS alone.
        #expect(facts.facts(forFile: fixture.write("Atlas/App.swift")).platforms == .visionOS)
    }

    @Test("an .xcconfig that includes itself, directly or through another, is cut once per cycle with a warning naming it")
    func includeCycles() {
        let fixture = Fixture()
        defer { fixture.remove() }
        let base = fixture.write("Config/Base.xcconfig", String(repeating: "#include \"Base.xcconfig\"\n", count: 4)
            + "#include \"Shared/Platform.xcconfig\"\nIPHONEOS_DEPLOYMENT_TARGET = 16.0\n")
        let platform = fixture.write("Config/Shared/Platform.xcconfig", "#include \"../Base.xcconfig\"\nSDKROOT = iphoneos\n")
        fixture.write("App.xcodeproj/project.pbxproj", project(configuration: "Config/Base.xcconfig"))
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.map(\.description) == [
            base + ": warning: 'Base.xcconfig' includes itself (Base.xcconfig → Base.xcconfig); the cycle is cut there",
            platform + ": warning: 'Base.xcconfig' includes itself (Base.xcconfig → Shared/Platform.xcconfig → Base.xcconfig); the cycle is cut there",
        ])
        #expect(facts.facts(forFile: fixture.write("App/View.swift")) == FileFacts(platforms: .iOS, deploymentTargets: ["iOS": "16.0"], targets: ["App/App"]))
    }

    @Test("includes that repeat each other are read once each and stop at a bound, with a warning")
    func includeExplosion() {
        let fixture = Fixture()
        defer { fixture.remove() }
        // 4^15 includes without a cycle; every file read once, and the settings stop at 100,000.
        for level in 0..<20 {
            fixture.write("Config/L\(level).xcconfig", "SDKROOT = macosx\n" + String(repeating: "#include \"L\(level + 1).xcconfig\"\n", count: 4))
        }
        fixture.write("Config/L20.xcconfig", "MACOSX_DEPLOYMENT_TARGET = 14.0\n")
        fixture.write("App.xcodeproj/project.pbxproj", project(configuration: "Config/L0.xcconfig"))
        let facts = ProjectFacts.read(for: [fixture.root])
        #expect(facts.warnings.map(\.description) == [
            fixture.path("Config/L0.xcconfig") + ": warning: this configuration file and those it includes hold more than 100000 settings; the rest are left out",
        ])
        #expect(facts.facts(forFile: fixture.write("App/View.swift")).platforms == .macOS)
    }

    /// An app whose synchronized folder `App` holds its files and whose project-level configurations are based on
    /// the `.xcconfig` at `configuration`.
    private func project(configuration: String) -> String {
        pbxproj(root: "PR", objects: [
            ("PR", "{isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1); }"),
            ("G0", "{isa = PBXGroup; children = (SY1, XC); sourceTree = \"<group>\"; }"),
            ("XC", "{isa = PBXFileReference; path = \"\(configuration)\"; sourceTree = \"<group>\"; }"),
            ("SY1", "{isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = \"<group>\"; }"),
            ("T1", "{isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); fileSystemSynchronizedGroups = (SY1); name = App; productType = \"com.apple.product-type.application\"; }"),
        ] + configurations("L0", "", base: "XC") + configurations("L1", ""))
    }

    @Test("a workspace's projects are read even when the linted folder holds only one of them")
    func workspace() {
        let fixture = Fixture()
        defer { fixture.remove() }
        fixture.write("Apps.xcworkspace/contents.xcworkspacedata", """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace
               version = "1.0">
               <FileRef
                  location = "group:Shop/Shop.xcodeproj">
               </FileRef>
               <Group
                  location = "group:Mac"
                  name = "Mac">
                  <FileRef
                     location = "group:MacApp.xcodeproj">
                  </FileRef>
               </Group>
            </Workspace>
            """)
        fixture.write("Shop/Shop.xcodeproj/project.pbxproj", iOSAppWithWidget())
        fixture.write("Mac/MacApp.xcodeproj/project.pbxproj", pbxproj(root: "PR", objects: [
            ("PR", "{isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1); }"),
            ("G0", "{isa = PBXGroup; children = (SY); sourceTree = \"<group>\"; }"),
            ("SY", "{isa = PBXFileSystemSynchronizedRootGroup; path = MacApp; sourceTree = \"<group>\"; }"),
            ("T1", "{isa = PBXNativeTarget; buildConfigurationList = L0; fileSystemSynchronizedGroups = (SY); name = MacApp; productType = \"com.apple.product-type.application\"; }"),
        ] + configurations("L0", "SDKROOT = macosx;")))
        let shopView = fixture.write("Shop/Shop/ShopView.swift")
        let facts = ProjectFacts.read(for: [fixture.path("Shop/Shop")])
        #expect(facts.projects.map(\.path).sorted() == [fixture.path("Mac/MacApp.xcodeproj"), fixture.path("Shop/Shop.xcodeproj")])
        #expect(facts.facts(forFile: shopView).platforms == .iOS)
        #expect(facts.facts(forFile: fixture.write("Mac/MacApp/Window.swift")) == FileFacts(platforms: .macOS, targets: ["MacApp/MacApp"]))
    }
}
