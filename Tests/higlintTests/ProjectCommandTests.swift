import Foundation
import Testing

@Suite("higlint project")
struct ProjectCommandTests {
    static let manifest = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "Kit",
            platforms: [.iOS(.v17), .macOS(.v14)],
            targets: [.target(name: "Kit"), .testTarget(name: "KitTests")]
        )
        """

    @Test("prints each target's platforms, deployment targets, shipping and Swift file count")
    func text() throws {
        let root = try temporaryProject(["Package.swift": Self.manifest, "Sources/Kit/A.swift": "", "Sources/Kit/B.swift": "",
                                         "Tests/KitTests/ATests.swift": ""])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["project"], in: root)
        #expect(output.status == 0)
        #expect(output.stdout == """
            \(root.standardizedFileURL.path)/Package.swift (Swift package)
              Kit       framework   iOS 17.0, macOS 14.0, tvOS, watchOS, visionOS  ships                   2 Swift files
              KitTests  unit tests  iOS 17.0, macOS 14.0, tvOS, watchOS, visionOS  passed over: test code  1 Swift file

            """)
    }

    @Test("--format json prints the same facts, and an unreadable project file is a warning, not a stop")
    func json() throws {
        let root = try temporaryProject(["Package.swift": Self.manifest, "Sources/Kit/A.swift": "",
                                         "Broken.xcodeproj/project.pbxproj": "{ objects = "])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["project", ".", "--format", "json"], in: root)
        #expect(output.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let projects = try #require(report["projects"] as? [[String: Any]])
        let kit = try #require((projects.first?["targets"] as? [[String: Any]])?.first)
        #expect(kit["name"] as? String == "Kit")
        #expect(kit["platforms"] as? [String] == ["iOS", "macOS", "tvOS", "watchOS", "visionOS"])
        #expect(kit["deploymentTargets"] as? [String: String] == ["iOS": "17.0", "macOS": "14.0"])
        #expect(kit["ships"] as? Bool == true)
        #expect(kit["swiftFiles"] as? Int == 1)
        #expect(output.stderr.contains("Broken.xcodeproj/project.pbxproj: warning:"))
    }

    @Test("lint, fix and --stdin agree on a Mac executable's file: no Dynamic Type finding; a test file is passed over and counted")
    func lintAgrees() throws {
        let mac = """
            import PackageDescription
            let package = Package(name: "Mac", platforms: [.macOS(.v14)], targets: [.executableTarget(name: "Mac"), .testTarget(name: "MacTests")])
            """
        let font = #"Text("Hello").font(.system(size: 13))"# + "\n"
        let root = try temporaryProject(["Package.swift": mac, "Sources/Mac/Title.swift": font, "Tests/MacTests/TitleTests.swift": font,
                                         ".git/HEAD": ""])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try HIGLint.run(["--no-cache"], in: root)
        #expect(lint.status == 0 && lint.stdout.isEmpty)
        #expect(lint.stderr.contains("2 files passed over (1 test code, 1 project manifests)"))
        let stdin = try HIGLint.run(["--stdin", "--assume-filename", "Sources/Mac/Title.swift", "--no-cache"], stdin: font, in: root)
        #expect(stdin.status == 0 && stdin.stdout.isEmpty)
        let fix = try HIGLint.run(["fix", "--dry-run"], in: root)
        #expect(fix.status == 0 && fix.stdout.isEmpty)
    }
}
