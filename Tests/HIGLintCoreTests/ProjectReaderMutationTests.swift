import Foundation
import HIGLintCore
import HIGLintProject
import Testing

/// Project files mutated the way a fuzzer would mutate them (truncated, nested, bytes flipped, lines repeated,
/// groups and includes made cyclic), from fixed seeds so that every run tries the same inputs, read as `higlint`
/// reads them (`ProjectReading.bounded`, without a time limit: every input must end on its own). Each must give
/// facts and one-line warnings about files of the fixture, never a crash or a hang (issue 31).
@Suite("Mutated project files")
struct ProjectReaderMutationTests {
    @Test("mutated project.pbxproj, .xcconfig, workspace, package, Tuist and XcodeGen files are read or named in a warning", arguments: 0..<4)
    func mutatedProjects(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let root = folder.url.path
        try folder.write(".git/HEAD", "")
        for (path, text) in seeds { try folder.write(path, text) }
        for file in ["App/View.swift", "Pkg/Sources/Lib/A.swift", "Gen/Sources/Gen/B.swift", "Yml/Notes/C.swift"] {
            try folder.write(file, "import SwiftUI\n")
        }
        var random = SplitMix64(seed: seed)
        for _ in 0..<100 {
            var changed: [String: [UInt8]] = [:]
            for _ in 0..<random.next(upTo: 3) + 1 {
                let (path, _) = seeds[random.next(upTo: seeds.count)]
                var bytes = changed[path] ?? Array(seeds.first { $0.0 == path }!.1.utf8)
                mutate(&bytes, path: path, random: &random)
                changed[path] = bytes
            }
            for (path, bytes) in changed { try Data(bytes).write(to: URL(fileURLWithPath: root + "/" + path)) }
            let facts = ProjectFacts.read(for: [root], reading: .bounded(by: nil))
            _ = facts.summaries()
            _ = facts.facts(forFile: root + "/Pkg/Sources/Lib/A.swift")
            for warning in facts.warnings {
                #expect(warning.path.hasPrefix(root + "/"), "\(warning)")
                #expect(!warning.message.isEmpty && !warning.message.contains("\n"), "\(warning)")
            }
            for (path, text) in seeds where changed[path] != nil { try folder.write(path, text) }
        }
    }

    @Test("a cycle made in any group of a project, or in any include, is cut with one warning naming it")
    func mutatedCycles() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "")
        for (path, text) in seeds { try folder.write(path, text) }
        let project = seeds.first { $0.0.hasSuffix("project.pbxproj") }!.1
        // Each list: groups made to hold another, together.
        for holdings in [[("G0", "G0")], [("GA", "G0")], [("GC", "GC")], [("GA", "GC"), ("GC", "GA")]] {
            var cyclic = project
            for (group, child) in holdings {
                cyclic = cyclic.replacingOccurrences(of: "\(group) = {isa = PBXGroup; children = (", with: "\(group) = {isa = PBXGroup; children = (\(child), ")
            }
            try folder.write("App.xcodeproj/project.pbxproj", cyclic)
            let facts = ProjectFacts.read(for: [folder.url.path], reading: .bounded(by: nil))
            #expect(facts.warnings.filter { $0.message.contains("contains itself") }.count == 1, "\(holdings): \(facts.warnings)")
        }
        try folder.write("App.xcodeproj/project.pbxproj", project)
        try folder.write("Config/Shared.xcconfig", "#include \"Base.xcconfig\"\n#include \"Shared.xcconfig\"\n#include \"Base.xcconfig\"\n")
        let facts = ProjectFacts.read(for: [folder.url.path], reading: .bounded(by: nil))
        #expect(facts.warnings.filter { $0.message.contains("includes itself") }.count == 2, "\(facts.warnings)")
    }

    private func mutate(_ bytes: inout [UInt8], path: String, random: inout SplitMix64) {
        let position = random.next(upTo: bytes.count + 1)
        switch random.next(upTo: 6) {
        case 0:
            bytes.removeSubrange(position...)
        case 1:
            // Shallow (what real files hold), or past the nesting bound: between the two, SwiftParser's
            // exponential case is the time limit's to bound, which this test leaves off.
            let opener = Array("([{".utf8)[random.next(upTo: 3)]
            let depth = [2, 5, 30, 400, 3_000][random.next(upTo: 5)]
            let closer: UInt8 = opener == UInt8(ascii: "(") ? UInt8(ascii: ")") : opener == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
            bytes.insert(contentsOf: Array(repeating: opener, count: depth) + Array(repeating: closer, count: random.next(upTo: 2) * depth), at: position)
        case 2:
            for _ in 0..<random.next(upTo: 8) + 1 where !bytes.isEmpty {
                bytes[random.next(upTo: bytes.count)] = UInt8(truncatingIfNeeded: random.next(upTo: 256))
            }
        case 3:
            // A line repeated: includes, children, targets written many times.
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let line = lines[random.next(upTo: lines.count)]
            let copies = Array(repeating: Array(line) + [UInt8(ascii: "\n")], count: random.next(upTo: 40) + 1).flatMap { $0 }
            bytes.insert(contentsOf: copies, at: bytes[..<position].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0)
        case 4:
            let tokens = ["(", ")", "[", "]", "{", "}", "\"", "\"\"\"", "#\"", "\\(", "/*", "*/", "//", ";", "=", ",", "**", "*a*a*a*a*a*a*a*b",
                          "$(inherited)", "$(SRCROOT)", "#include \"Base.xcconfig\"\n", "#include? \"../Config/Shared.xcconfig\"\n",
                          "children = (G0, GA, GC);", "sourceTree = \"<group>\";", ".target(name: \"X\", path: \"Sources/**/*\")",
                          "\n  - path: \"**/**/**\"\n", "\u{FEFF}", "\u{0}", "é"]
            bytes.insert(contentsOf: Array(tokens[random.next(upTo: tokens.count)].utf8), at: position)
        default:
            // Another file's text spliced in: a manifest inside a project file, a project file inside YAML.
            let other = Array(seeds[random.next(upTo: seeds.count)].1.utf8)
            bytes.insert(contentsOf: other.prefix(random.next(upTo: other.count + 1)), at: position)
        }
    }
}

/// The project files every mutation starts from: an Xcode project with groups, build phases and `.xcconfig`
/// files, a workspace, a package, a Tuist project and an XcodeGen spec.
private let seeds: [(String, String)] = [
    ("App.xcodeproj/project.pbxproj", """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {
        \t\tPR = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, T2); };
        \t\tG0 = {isa = PBXGroup; children = (GA, GC, SY); sourceTree = "<group>"; };
        \t\tGA = {isa = PBXGroup; children = (F1); path = App; sourceTree = "<group>"; };
        \t\tGC = {isa = PBXGroup; children = (XC); path = Config; sourceTree = "<group>"; };
        \t\tF1 = {isa = PBXFileReference; path = View.swift; sourceTree = "<group>"; };
        \t\tXC = {isa = PBXFileReference; path = Base.xcconfig; sourceTree = "<group>"; };
        \t\tSY = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX); path = Widget; sourceTree = "<group>"; };
        \t\tEX = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist); target = T2; };
        \t\tB1 = {isa = PBXBuildFile; fileRef = F1; };
        \t\tS1 = {isa = PBXSourcesBuildPhase; files = (B1); };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S1); name = App; productType = "com.apple.product-type.application"; };
        \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); fileSystemSynchronizedGroups = (SY); name = AppWidget; productType = "com.apple.product-type.app-extension"; };
        \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0); };
        \t\tC0 = {isa = XCBuildConfiguration; baseConfigurationReference = XC; buildSettings = {SDKROOT = "$(inherited) iphoneos"; }; name = Debug; };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
        \t\tC1 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0; TARGETED_DEVICE_FAMILY = "1,2"; }; name = Debug; };
        \t};
        \trootObject = PR;
        }
        """),
    ("Config/Base.xcconfig", "#include \"Shared.xcconfig\"\nSDKROOT = iphoneos // the SDK\nIPHONEOS_DEPLOYMENT_TARGET = 16.0\n"),
    ("Config/Shared.xcconfig", "SWIFT_VERSION = 5\n#include? \"Missing.xcconfig\"\nSUPPORTED_PLATFORMS = $(SDKROOT) macosx\n"),
    ("Apps.xcworkspace/contents.xcworkspacedata", """
        <?xml version="1.0" encoding="UTF-8"?>
        <Workspace version = "1.0">
           <FileRef location = "group:App.xcodeproj"></FileRef>
           <Group location = "group:Yml" name = "Yml"><FileRef location = "container:App.xcodeproj"></FileRef></Group>
        </Workspace>
        """),
    ("Pkg/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription

        func module(_ name: String, path: String? = nil) -> Target { .target(name: name, path: path, exclude: ["**/*.md"]) }

        let package = Package(
            name: "Pkg",
            platforms: [.iOS(.v16), .macOS("13.0")],
            targets: [
                .target(name: "Lib", exclude: ["Generated", "*a*a*b"], sources: ["**/*.swift"]),
                .executableTarget(name: "Tool", path: "Tools/\\(name)"),
                .testTarget(name: "LibTests", dependencies: ["Lib"]),
                module("Extra", path: "Sources/Extra"),
            ]
        )
        """),
    ("Gen/Project.swift", """
        import ProjectDescription

        let project = Project(
            name: "Gen",
            targets: [
                .target(name: "Gen", destinations: [.iPhone, .iPad], product: .app, deploymentTargets: .iOS("17.0"),
                        sources: ["Sources/**", .glob("Shared/**/*.swift")]),
                Target(name: "GenTests", platform: .iOS, product: .unitTests, sources: "Tests/**"),
            ]
        )
        """),
    ("Yml/project.yml", """
        name: Notes
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
                  - "**/*.md"
          NotesTests:
            type: bundle.unit-test
            platform: [iOS, macOS]
            sources: [NotesTests]
        """),
]

/// A small, fast random number generator with a fixed sequence for each seed.
private struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is 0).
    mutating func next(upTo bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }
}
