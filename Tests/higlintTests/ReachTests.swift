import Foundation
import Testing

/// RULES.md's *Reaches a screen*, through the command line: what each kind of entry point reaches is judged, and
/// code that reaches no screen is not.
@Suite("Reach from entry points through the command line", .serialized)
struct ReachTests {
    /// A view whose only finding is a fixed font size, at line 3 of its file.
    static func screen(_ name: String, access: String = "") -> String {
        "import SwiftUI\n\(access)struct \(name): View {\n    \(access)var body: some View { Text(title).font(.system(size: 17)) }\n    let title: String\n}\n"
    }

    /// The names of the files with findings, one per finding, after linting `files` as one folder (a repository root).
    func reported(_ files: [String: String], lint paths: [String] = ["."]) throws -> [String] {
        let root = try temporaryProject(files.merging([".git/HEAD": ""]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(paths + ["--no-cache", "--format", "json"], in: root)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]],
                                    "\(output.stdout)\n\(output.stderr)")
        return findings.compactMap { ($0["path"] as? String).map { ($0 as NSString).lastPathComponent } }.sorted()
    }

    @Test("each kind of entry point reaches what it creates: App scenes, widgets, hosting controllers, representables")
    func entryPoints() throws {
        let files = [
            "App/ShopApp.swift": "import SwiftUI\n@main struct ShopApp: App { var body: some Scene { WindowGroup { Home(title: \"\") } } }\n",
            "App/Home.swift": Self.screen("Home"),
            "Widgets/Bundle.swift": "import WidgetKit\nimport SwiftUI\nstruct Clock: Widget {\n    var body: some WidgetConfiguration { StaticConfiguration(kind: \"c\", provider: P()) { _ in ClockFace(title: \"\") } }\n}\n",
            "Widgets/ClockFace.swift": "import SwiftUI\nstruct ClockFace: View {\n    var body: some View { Text(title).onTapGesture { } }\n    let title: String\n}\n",
            "UIKit/SceneDelegate.swift": "import UIKit\nimport SwiftUI\nfinal class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    func scene() { _ = UIHostingController(rootView: Settings(title: \"\")) }\n}\n",
            "UIKit/Settings.swift": Self.screen("Settings"),
            "UIKit/Hosted.swift": "import UIKit\nimport SwiftUI\nstruct Hosted: UIViewControllerRepresentable {\n    func makeUIViewController(context: Context) -> UIHostingController<Badge> { UIHostingController(rootView: Badge(title: \"\")) }\n    func updateUIViewController(_ controller: UIHostingController<Badge>, context: Context) {}\n}\n",
            "UIKit/Badge.swift": Self.screen("Badge"),
        ]
        let found = try reported(files)
        #expect(found.contains("Home.swift"))
        #expect(found.contains("Settings.swift"))
        #expect(found.contains("Badge.swift"))
    }

    @Test("a library's public API is an entry point: its public views are judged though nothing in it creates them")
    func libraryPublicAPI() throws {
        let manifest = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\n"
        let found = try reported(["Package.swift": manifest, "Sources/Kit/Card.swift": Self.screen("Card", access: "public "),
                                  "Sources/Kit/Unused.swift": Self.screen("Unused")])
        #expect(found == ["Card.swift"])
    }

    @Test("not reached: a helper nothing calls, a view only ImageRenderer draws, a constant-false branch, #if DEBUG, a view nothing creates")
    func notReached() throws {
        let home = """
            import SwiftUI
            struct Home: View {
                let title: String
                static let showDebug = false
                var body: some View {
                    VStack {
                        Text(title)
                        if Self.showDebug { Text(title).font(.system(size: 9)) }
                        Button("Share") { share() }
                    }
                }
                private var leftoverSection: some View { Text(title).font(.system(size: 15)) }
                @MainActor func share() { _ = ImageRenderer(content: ShareCard(title: title)).uiImage }
            }
            """
        let files = [
            "App/ShopApp.swift": "import SwiftUI\n@main struct ShopApp: App { var body: some Scene { WindowGroup { Home(title: \"\") } } }\n",
            "App/Home.swift": home,
            "App/ShareCard.swift": Self.screen("ShareCard"),
            "App/Debug.swift": "#if DEBUG\n" + Self.screen("DebugPanel") + "struct DebugHost: View { var body: some View { DebugPanel(title: \"\") } }\n#endif\n",
            "App/Tour.swift": Self.screen("Tour"),
        ]
        #expect(try reported(files) == [])
    }

    @Test("a partial run calls nothing dead: a view linted alone, or a folder without an entry point, is judged")
    func partialRun() throws {
        let files = ["App/ShopApp.swift": "import SwiftUI\n@main struct ShopApp: App { var body: some Scene { WindowGroup { Text(\"\") } } }\n",
                     "App/Tour.swift": Self.screen("Tour"), "Views/Card.swift": Self.screen("Card")]
        #expect(try reported(files, lint: ["App/Tour.swift"]) == ["Tour.swift"])
        #expect(try reported(files, lint: ["Views"]) == ["Card.swift"])
    }

    @Test("a static helper that does not create its view reaches the helper's code, not the view; a factory reaches the view")
    func staticHelpers() throws {
        let badge = """
            import SwiftUI
            struct Badge: View {
                var body: some View { Text(title).font(.system(size: 17)) }
                let title: String
                static let formatter = DateFormatter()
                static func icon(_ name: String) -> some View { Text(name).font(.system(size: 13)) }
            }
            #Preview { Badge(title: "") }
            """
        let maker = """
            import SwiftUI
            struct Maker: View {
                var body: some View { Text(title).font(.system(size: 17)) }
                let title: String
                static func make(_ title: String) -> some View { Self(title: title) }
            }
            #Preview { Maker(title: "") }
            """
        let files = [
            "App/ShopApp.swift": "import SwiftUI\n@main struct ShopApp: App { var body: some Scene { WindowGroup { Home() } } }\n",
            "App/Home.swift": "import SwiftUI\nstruct Home: View {\n    var body: some View { VStack { Text(Badge.formatter.string(from: Date())) ; Badge.icon(\"\") ; Maker.make(\"\") } }\n}\n",
            "App/Badge.swift": badge,
            "App/Maker.swift": maker,
        ]
        // Badge's body (line 3) only a preview creates; its helper (line 6) and Maker's body (line 3) ship.
        #expect(try reported(files) == ["Badge.swift", "Maker.swift"])
    }

    @Test("a view drawn into an image and also shown on a screen is judged")
    func imageAndScreen() throws {
        let files = [
            "App/ShopApp.swift": "import SwiftUI\n@main struct ShopApp: App { var body: some Scene { WindowGroup { Home() } } }\n",
            "App/Home.swift": "import SwiftUI\nstruct Home: View {\n    var body: some View { ShareCard(title: \"\").onTapGesture { _ = ImageRenderer(content: ShareCard(title: \"\")) } }\n}\n",
            "App/ShareCard.swift": Self.screen("ShareCard"),
        ]
        #expect(try reported(files).contains("ShareCard.swift"))
    }
}
