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
              Kit       framework   iOS 17.0, macOS 14.0  ships                   2 Swift files
              KitTests  unit tests  iOS 17.0, macOS 14.0  passed over: test code  1 Swift file

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
        #expect(kit["platforms"] as? [String] == ["iOS", "macOS"])
        #expect(kit["deploymentTargets"] as? [String: String] == ["iOS": "17.0", "macOS": "14.0"])
        #expect(kit["ships"] as? Bool == true)
        #expect(kit["swiftFiles"] as? Int == 1)
        #expect(output.stderr.contains("Broken.xcodeproj/project.pbxproj: warning:"))
    }
}
