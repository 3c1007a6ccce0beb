import HIGLintSwiftUI
import Testing

@Suite("Where a file creates types, read without a parse")
struct CreationScanTests {
    func sites(_ source: String) -> [String] {
        CreationScan(source: source).sites.map { site in
            var text = "\(site.created)<\(site.creator ?? "-")"
            if site.platforms != .all { text += " [\(site.platforms)]" }
            if site.inPreview { text += " preview" }
            return text
        }.sorted()
    }

    @Test("calls, trailing closures and .init are creations; types in declarations are not")
    func callsAndTypes() {
        let source = """
            struct Screen: View {
                @State var model = Model()
                var header: Header { Header() }
                var body: some View {
                    List { Row(title: "a") }
                        .sheet { Editor.init(draft: "\\(Quote())") }
                }
            }
            """
        #expect(sites(source) == ["Editor<Screen", "Header<Screen", "List<Screen", "Model<Screen", "Row<Screen"])
        #expect(CreationScan(source: source).declared.map(\.name) == ["Screen"])
    }

    @Test("generic arguments or an argument label before a creation still make it one; a comparison does not")
    func genericCreations() {
        let source = """
            struct Root: View {
                var body: some View {
                    Carousel<AnyView>(urls: urls)
                    Pager<[Page], Int?> { PageView() }
                    Stack<Card>.init(cards)
                    if count < Limit(max) { Text("") }
                }
                var hosting: Hosting { Hosting(rootView: Screen { dismiss() }) }
            }
            """
        #expect(sites(source) == ["Carousel<Root", "Hosting<Root", "Limit<Root", "PageView<Root", "Pager<Root", "Screen<Root",
                                  "Stack<Root", "Text<Root"])
    }

    @Test("a file that imports AppKit compiles only for macOS, and so do its sites; an import under #if says nothing")
    func imports() {
        #expect(sites("import AppKit\nimport SwiftUI\nstruct Pane: View { var body: some View { Inspector() } }")
                == ["Inspector<Pane [macOS]"])
        #expect(sites("#if canImport(UIKit)\nimport UIKit\n#endif\nstruct Pane: View { var body: some View { Inspector() } }")
                == ["Inspector<Pane"])
    }

    @Test("#if clauses, #else and #elseif give each site its platforms")
    func conditions() {
        let source = """
            struct Root: View {
                var body: some View {
                    #if os(macOS)
                    MacSettings()
                    #elseif os(iOS)
                    PhoneSettings()
                    #else
                    OtherSettings()
                    #endif
                    #if DEBUG
                    Debug()
                    #endif
                    #if false
                    Never()
                    #endif
                }
            }
            """
        #expect(sites(source) == [
            "Debug<Root preview", "MacSettings<Root [macOS]", "Never<Root [none]", "OtherSettings<Root [tvOS, watchOS, visionOS]",
            "PhoneSettings<Root [iOS]",
        ])
    }

    @Test("previews, preview providers, widgets and public types are told apart")
    func roles() {
        let source = """
            public struct Card: View { var body: some View { Text("") } }
            struct Card_Previews: PreviewProvider { static var previews: some View { Card() } }
            struct Clock: Widget { var body: some WidgetConfiguration { StaticConfiguration(kind: "") { _ in ClockView() } } }
            #Preview("dark") { Card() }
            class func make() {}
            """
        let scan = CreationScan(source: source)
        #expect(scan.declared.map { "\($0.name) \($0.isPublic) \($0.role)" } == [
            "Card true plain", "Card_Previews false preview", "Clock false widget",
        ])
        #expect(sites(source) == [
            "Card<- preview", "Card<Card_Previews preview", "ClockView<Clock", "StaticConfiguration<Clock", "Text<Card",
        ])
    }

    @Test("comments, strings, raw strings and attributes hide nothing and add nothing")
    func skipped() {
        let source = ##"""
            // Hidden()
            /* Block() /* Nested() */ Still() */
            struct A: View {
                let text = "Quoted() \(value) {"
                let raw = #"Raw() \#(Interpolated()) "#
                let multi = """
                    Multi() {
                    """
                @Environment(\.dismiss) var dismiss
                var body: some View { Shown2() }
            }
            """##
        #expect(sites(source) == ["Shown2<A"])
    }

    @Test("the text form reads back")
    func encoding() {
        let scan = CreationScan(source: "#if os(iOS)\nstruct A: PreviewProvider { var b: some View { B() } }\n#endif\n#Preview { C() }")
        #expect(CreationScan(encoded: scan.encoded) == scan)
        #expect(CreationScan(encoded: "x:1") == nil)
    }
}

@Suite("Where the module creates its view types")
struct ModuleReachTests {
    func reach(_ files: [String], platforms: [Platforms]? = nil, whole: Bool = false) -> ModuleReach {
        ModuleReach(files: files.enumerated().map { index, source in
            ModuleReach.FileCreations(scan: CreationScan(source: source), context: Reach(platforms: platforms?[index] ?? .all),
                                      moduleIsWhole: whole, deadCodeIsKnown: whole)
        })
    }

    @Test("a view created only under #if os(macOS) is macOS code, and so is what it creates")
    func macOnly() {
        let module = reach([
            "struct Root: View { var body: some View {\n#if os(macOS)\nSettings()\n#endif\nHome() } }",
            "struct Settings: View { var body: some View { Pane() } }\nstruct Pane: View { var body: some View { Text(\"\") } }",
            "struct Home: View { var body: some View { Text(\"\") } }",
        ])
        #expect(module.reach(ofType: "Settings")?.platforms == .macOS)
        #expect(module.reach(ofType: "Pane")?.platforms == .macOS)
        #expect(module.reach(ofType: "Home") == nil)
        #expect(module.reach(ofType: "Root") == nil)
        #expect(ModuleReach(encoded: module.encoded) == module)
    }

    @Test("a view only previews create does not ship; one that ships somewhere does")
    func previews() {
        let module = reach([
            "struct Sample: View { var body: some View { Text(\"\") } }\n#Preview { Sample() }",
            "struct Used: View { var body: some View { Text(\"\") } }\n#Preview { Used() }",
            "struct Screen: View { var body: some View { Used() } }",
            "@main struct ShopApp: App { var body: some Scene { WindowGroup { Screen() } } }",
        ], whole: true)
        #expect(module.reach(ofType: "Sample")?.ships == false)
        #expect(module.reach(ofType: "Used") == nil)
        // Without every file of the module, something unseen may create it.
        #expect(reach(["struct Sample: View { var body: some View { Text(\"\") } }\n#Preview { Sample() }", "struct B {}"]).narrowed.isEmpty)
    }

    @Test("public types, types created nowhere, in cycles or only in #if false keep their files' reach")
    func keepsWhatItCannotKnow() {
        let module = reach([
            "public struct Shared: View { var body: some View { Text(\"\") } }\n#Preview { Shared() }",
            "struct Node: View { var body: some View { Node() } }",
            "struct Dead: View { var body: some View { Text(\"\") } }\nstruct H: View { var body: some View {\n#if false\nDead()\n#endif\n} }",
        ])
        #expect(module.narrowed.isEmpty)
    }

    @Test("a view only widgets create is widget code; the file's platforms bound every site")
    func widgetsAndFiles() {
        let module = reach([
            "struct Clock: Widget { var body: some WidgetConfiguration { StaticConfiguration(kind: \"\") { _ in Face() } } }",
            "struct Face: View { var body: some View { Hands() } }\nstruct Hands: View { var body: some View { Text(\"\") } }",
            "struct Watch: View { var body: some View { Dial() } }",
            "struct Dial: View { var body: some View { Text(\"\") } }",
        ], platforms: [.all, .all, .watchOS, .all])
        #expect(module.reach(ofType: "Hands")?.outsideWidgets == false)
        #expect(module.reach(ofType: "Dial")?.platforms == .watchOS)
    }
}

@Suite("Where the module creates its view types: what does not ship")
struct ModuleReachPreviewTests {
    @Test("a static member names the type it creates: its own type, Self or .init; Row.init and Row.self name no member")
    func staticMembers() {
        let scan = CreationScan(source: """
            struct Badge: View {
                var body: some View { Text("") }
                static let formatter = DateFormatter()
                static func icon() -> some View { Image("a") }
                static func make() -> some View { Self() }
                class var shared: Badge { .init() }
                static var sample: some View { Badge() }
                static func wrapped() -> some View { make().padding() }
            }
            struct Home: View { var body: some View { Badge.icon() ; Badge.init() ; List(Badge.self) ; Badge.make() } }
            """)
        #expect(scan.statics.map { "\($0.name):\($0.createsType)" }
            == ["formatter:false", "icon:false", "make:true", "shared:true", "sample:true", "wrapped:true"])
        #expect(scan.sites.filter { $0.created == "Badge" && $0.creator == "Home" }.map { $0.via ?? "-" }.sorted() == ["-", "icon", "make"])
        #expect(scan.sites.contains { $0.created == "Image" && $0.member == "icon" })
        #expect(CreationScan(encoded: scan.encoded) == scan)
    }

    @Test("a static member that does not create its type reaches its own code, not the type; one that may create it reaches the type")
    func staticHelpers() {
        let module = ModuleReach(files: [
            "@main struct ShopApp: App { var body: some Scene { WindowGroup { Home() } } }",
            "struct Home: View { var body: some View { Badge.icon() ; Text(Badge.formatter.string(from: .now)) ; Maker.make() ; Other.unseen() } }",
            "struct Badge: View { var body: some View { Text(\"\") }\nstatic let formatter = DateFormatter()\nstatic func icon() -> some View { Image(\"a\") } }\n#Preview { Badge() }",
            "struct Maker: View { var body: some View { Text(\"\") }\nstatic func make() -> some View { Self() } }\n#Preview { Maker() }",
            "struct Other: View { var body: some View { Text(\"\") } }\n#Preview { Other() }",
        ].map { ModuleReach.FileCreations(scan: CreationScan(source: $0), context: Reach(platforms: .all), moduleIsWhole: true,
                                          deadCodeIsKnown: true) })
        #expect(module.reach(ofType: "Badge")?.ships == false)
        // The helper's own code runs where its callers do.
        #expect(module.reach(ofStaticMember: "icon", ofType: "Badge")?.ships == true)
        #expect(module.reach(ofType: "Maker") == nil)
        // A member the files do not declare may create the type.
        #expect(module.reach(ofType: "Other") == nil)
        #expect(ModuleReach(encoded: module.encoded) == module)
    }

    @Test("a preview of a widget view or a macOS view widens neither")
    func previewsWidenNothing() {
        let module = ModuleReach(files: [
            "struct Clock: Widget { var body: some WidgetConfiguration { StaticConfiguration(kind: \"\") { _ in Face() } } }",
            "struct Face: View { var body: some View { Text(\"\") } }\n#Preview { Face() }",
            "struct Root: View { var body: some View {\n#if os(macOS)\nPane()\n#endif\n} }",
            "struct Pane: View { var body: some View { Text(\"\") } }\n#Preview { Pane() }",
        ].map { ModuleReach.FileCreations(scan: CreationScan(source: $0), context: Reach(platforms: .all)) })
        #expect(module.reach(ofType: "Face") == Reach(platforms: .all, ships: true, outsideWidgets: false))
        #expect(module.reach(ofType: "Pane") == Reach(platforms: .macOS))
    }
}

@Suite("Members nothing calls")
struct MemberUseTests {
    func unused(_ files: [String], whole: Bool = true, appLocalPackage: Bool = false) -> [String] {
        MemberUse.unused(in: files.map {
            ModuleReach.FileCreations(scan: CreationScan(source: $0), context: Reach(platforms: .all), moduleIsWhole: whole,
                                      deadCodeIsKnown: whole, publicIsInternal: appLocalPackage)
        }).sorted()
    }

    @Test("public members are judged only in an app's local package, where the run holds every caller")
    func publicMembers() {
        let files = [
            "public extension View { func titleText() -> some View { self } ; func bodyText() -> some View { self } }",
            "public struct Badge: View { public var body: some View { Text(\"\") } ; public func tinted() -> Badge { self } }",
            "struct Screen: View { var body: some View { Text(\"\").titleText() } }",
        ]
        #expect(unused(files).isEmpty)
        #expect(unused(files, appLocalPackage: true) == ["Badge.tinted", "View.bodyText"])
    }

    @Test("a member named nowhere, or only by unused members, is unused; recursion does not keep one alive")
    func unusedMembers() {
        let files = [
            """
            struct Screen: View {
                var body: some View { VStack { header ; caption } }
                private var header: some View { Text("") }
                private var old: some View { older }
                private var older: some View { Text("") }
                private func loop(_ n: Int) -> Int { loop(n - 1) }
                private var summary: String { "" }
                var caption: some View { Text("\\(summary) items") }
                // private var commented: some View { footer }
            }
            """,
            "extension Image { static var archive: Image { Image(\"archive\") } }\nextension View { func toast() -> some View { self } }",
            "struct Row: View { var body: some View { Image.archive } }",
        ]
        #expect(unused(files) == ["Screen.loop", "Screen.old", "Screen.older", "View.toast"])
        // A builder attribute does not keep an unused helper alive.
        #expect(unused(["struct Card: View { var body: some View { Text(\"\") } ; @ViewBuilder private var extra: some View { Text(\"\") } }"])
                == ["Card.extra"])
        // Without the whole project, only private members are judged.
        #expect(unused(files, whole: false) == ["Screen.loop", "Screen.old", "Screen.older"])
    }

    @Test("a name in an interpolation's code is a use, however the code is written: across the lines of a multi-line literal, beside a comment")
    func interpolatedUses() {
        let file = ##"""
            struct Report: View {
                var body: some View { Text(text) }
                private var text: String {
                    """
                    \(rows.map { row in
                        label(row) // a row
                    }.joined(separator: "\n"))
                    """
                }
                private var rows: [Int] { [] }
                private func label(_ row: Int) -> String { "" }
                private var unusedNote: String { #"\(rows) and "\#(label(0))""# }
            }
            """##
        #expect(unused([file]) == ["Report.unusedNote"])
    }

    @Test("requirements, overrides, @objc members, conforming types' members and protocol names are never listed")
    func frameworkCalls() {
        let files = [
            "struct Plate: ButtonStyle { func makeBody(configuration: Configuration) -> some View { label } }",
            "extension Plate { func makeBody(configuration: Configuration) -> some View { label } }",
            "class Cell: UICollectionViewCell { override func layoutSubviews() {} ; func configure() {} }",
            "final class Box { @objc func tapped() {} ; @IBAction func pressed() {} ; public func open() {} }",
            "protocol Loader { func load() }\nstruct Disk: View { var body: some View { Text(\"\") } ; func load() {} }",
            "struct Model: Codable { var name: String }",
            "extension Notification.Name { static let DeviceDidShake = Notification.Name(\"shake\") }\nlet n = NotificationCenter.default.publisher(for: .DeviceDidShake)",
            "struct Errors: View { var body: some View { Text(\"\") } ; func callAsFunction(_ error: Error) {} }",
            "struct Shop: View { @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate ; var body: some View { Text(\"\") } }",
        ]
        #expect(unused(files).isEmpty)
    }

    @Test("the encoded scan keeps members, mentions and the member of each site")
    func encoding() {
        let scan = CreationScan(source: "struct A: View { var body: some View { B() } ; private var c: some View { D(e: f) } }")
        #expect(scan.members.map(\.name) == ["c"])
        #expect(scan.sites.contains { $0.created == "D" && $0.member == "c" })
        #expect(CreationScan(encoded: scan.encoded) == scan)
    }
}
