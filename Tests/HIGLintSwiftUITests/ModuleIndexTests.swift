import HIGLintSwiftUI
import SwiftParser
import SwiftSyntax
import Testing

@Suite("Module index")
struct ModuleIndexTests {
    static func index(_ source: String) -> ModuleIndex { ModuleIndex(contributionOf: model(source).0) }

    @Test("a view type whose body is only an unlabelled image renders only an image; a labelled or titled one does not")
    func imageOnlyViews() {
        let index = Self.index("""
            struct CompoundIcon: View {
                let symbol: String
                var body: some View { Image(systemName: symbol).resizable().frame(width: 20, height: 20) }
            }
            struct Badge: View {
                var body: some View { ZStack { Circle().fill(.red); Image(systemName: "star") } }
            }
            struct LabelledIcon: View {
                var body: some View { Image(systemName: "trash").accessibilityLabel("Delete") }
            }
            struct Row: View {
                var body: some View { HStack { Image(systemName: "star"); Text("Star") } }
            }
            """)
        #expect(index.imageOnlyViews == ["CompoundIcon", "Badge"])
    }

    @Test("charts, context menus, title-drawing styles, context-menu helpers and Image members are indexed")
    func declarations() {
        let index = Self.index("""
            struct StepsChart: View { var body: some View { Chart(steps) { BarMark(x: .value("Day", $0.day)) } } }
            struct Cell: View { var body: some View { Text("x").contextMenu { Button("Copy") {} } } }
            struct TitledStyle: ButtonStyle {
                func makeBody(configuration: Configuration) -> some View { VStack { configuration.label; Text("Send") } }
            }
            struct PlainStyle: ButtonStyle {
                func makeBody(configuration: Configuration) -> some View { configuration.label.opacity(0.5) }
            }
            extension View {
                func actionsMenu(delete: @escaping () -> Void) -> some View { contextMenu { Button("Delete", action: delete) } }
            }
            enum Icons { static var trash: Image { Image(systemName: "trash") }; static func symbol(_ n: String) -> Image { Image(n) } }
            """)
        #expect(index.chartViews == ["StepsChart"])
        #expect(index.contextMenuViews == ["Cell"])
        #expect(index.titleDrawingStyles == ["TitledStyle"])
        #expect(index.contextMenuHelpers == ["actionsMenu"])
        #expect(index.imageMembers == ["trash", "symbol"])
    }

    @Test("a helper whose buttons only run the closures it is given builds menu items; one with a button of its own does not")
    func menuItemHelpers() {
        let index = Self.index("""
            enum VoteMenu {
                @ViewBuilder static func items(for post: Post, onVote: @escaping () -> Void, onUnvote: @escaping () -> Void) -> some View {
                    if post.canVote { Button(action: onVote) { Label("Upvote", systemImage: "arrow.up") } }
                    Button { onUnvote() } label: { Label("Unvote", systemImage: "arrow.uturn.down") }
                }
                @ViewBuilder static func mixed(onVote: @escaping () -> Void) -> some View {
                    Button("Upvote", action: onVote)
                    Button("Share") { share() }
                }
                static func plain(post: Post) -> some View { Button("Open") { open(post) } }
            }
            """)
        #expect(index.menuItemHelpers == ["items"])
    }

    @Test("uses of view types as list rows, lazy-stack rows, grid cells, titled and untitled views are indexed")
    func uses() {
        let index = Self.index("""
            struct Screen: View {
                var body: some View {
                    VStack {
                        List { ForEach(items) { OrderRow(order: $0) } }
                        LazyVGrid(columns: columns) { ForEach(photos) { PhotoCell(photo: $0) } }
                        ScrollView { LazyVStack { ForEach(posts) { PostRow(post: $0) } } }
                        GroupBox("Steps") { StepsChart() }
                        Footer()
                    }
                }
            }
            """)
        #expect(index.rowViews == ["OrderRow", "PostRow"])
        #expect(index.cellViews == ["PhotoCell"])
        #expect(index.titledViews.contains("StepsChart"))
        #expect(!index.titledViews.contains("Footer") && !index.rowViews.contains("Footer"))
        #expect(index.untitledUseViews.contains("Footer") && !index.untitledUseViews.contains("StepsChart"))
    }

    @Test("views labelled where used, views in a control's label with text, and control-named types are indexed")
    func labels() {
        let index = Self.index("""
            struct Screen: View {
                var body: some View {
                    VStack {
                        Logo().accessibilityLabel("Acme")
                        NavigationLink(value: chat) { ChatRow(chat: chat) }
                        Button(action: open) { HStack { Text(server.name); FavoriteToggle() } }
                        NavigationLink("Details") { DetailView() }
                        Button("Retry") { RetryIcon() }
                    }
                }
            }
            struct ModePicker: View { var body: some View { Text("x") } }
            """)
        #expect(index.labelledViews == ["Logo"])
        #expect(index.controlLabelViews == ["ChatRow", "FavoriteToggle"])
        #expect(index.controlViews == ["ModePicker"])
        var encoded = ModuleIndex()
        encoded.controlLabelViews = ["ChatRow"]
        encoded.controlViews = ["ModePicker"]
        #expect(ModuleIndex(encoded: encoded.encoded) == encoded)
    }

    @Test("a view type with one use that nothing labels is not labelled where used, whatever its other uses")
    func unlabelledUses() {
        let index = Self.index("""
            struct Screen: View {
                var body: some View {
                    VStack {
                        NavigationLink(value: movie) { HStack { Poster(movie: movie); Text(movie.title) } }
                        Poster(movie: featured)
                        Logo().accessibilityLabel("Acme")
                    }
                }
            }
            """)
        #expect(index.controlLabelViews == ["Poster"] && index.labelledViews == ["Logo"])
        #expect(index.unlabelledUseViews.contains("Poster") && !index.unlabelledUseViews.contains("Logo"))
        for (type, labelled) in [("Poster", false), ("Logo", true)] {
            let tree = Parser.parse(source: "struct \(type): View { var body: some View { Image(\"p\") } }")
            let file = SwiftUIFile(tree: tree, module: index)
            #expect(file.isLabelledWhereUsed(firstCall(named: "Image", in: tree)!) == labelled)
        }
    }

    @Test("the encoded index reads back equal, and an empty one encodes as nothing")
    func encoding() {
        var index = ModuleIndex()
        #expect(index.encoded.isEmpty && ModuleIndex(encoded: "") == index)
        index.imageOnlyViews = ["A", "B"]
        index.titledViews = ["C"]
        #expect(ModuleIndex(encoded: index.encoded) == index)
        #expect(ModuleIndex(encoded: "nonsense=1") == nil)
    }

    @Test("merged parts hold every file's facts")
    func merging() {
        var index = Self.index("struct A: View { var body: some View { Image(\"a\") } }")
        index.formUnion(Self.index("struct B: View { var body: some View { List { ForEach(x) { A() } } } }"))
        #expect(index.imageOnlyViews == ["A"] && index.rowViews == ["A"])
    }

    @Test("a file given the module's index sees its image-only view types as images")
    func moduleComponents() {
        var module = ModuleIndex()
        module.imageOnlyViews = ["CompoundIcon"]
        let tree = Parser.parse(source: "Button(action: close) { CompoundIcon(.close) }")
        let file = SwiftUIFile(tree: tree, module: module)
        let button = file.view(at: firstCall(named: "Button", in: tree)!)!
        #expect(file.imagery(of: button.controlLabelViews) == .onlyImages)
        let configured = SwiftUIFile(tree: tree, components: ["CompoundIcon": "Text"], module: module)
        #expect(configured.imagery(of: configured.view(at: firstCall(named: "Button", in: tree)!)!.controlLabelViews) == .readable)
    }
}

@Suite("Imagery")
struct ImageryTests {
    static func labelImagery(_ source: String) -> Imagery {
        let (file, button) = firstView(named: "Button", in: source)
        return file.imagery(of: button.controlLabelViews)
    }

    @Test("generated accessors, Image(systemSymbol:) and configured accessors are images")
    func generated() {
        #expect(Self.labelImagery("Button(action: f) { Asset.Images.cancel.swiftUIImage }") == .onlyImages)
        #expect(Self.labelImagery("Button(action: f) { R.image.cancel }") == .onlyImages)
        #expect(Self.labelImagery("Button(action: f) { Image(systemSymbol: .trash) }") == .onlyImages)
        #expect(Self.labelImagery("Button(action: f) { Asset.Images.cancel.iconImage }") == .unknown)
        let tree = Parser.parse(source: "Button(action: f) { Asset.Images.cancel.iconImage }")
        let file = SwiftUIFile(tree: tree, components: [".iconImage": "Image"])
        #expect(file.imagery(of: file.view(at: firstCall(named: "Button", in: tree)!)!.controlLabelViews) == .onlyImages)
    }

    @Test("shapes, colours and progress views beside an image leave it an icon; text, titles and unknown views do not")
    func decorations() {
        #expect(Self.labelImagery("Button(action: f) { ZStack { Circle(); Color.red; ProgressView(); Image(systemName: \"x\") } }") == .onlyImages)
        #expect(Self.labelImagery("Button(action: f) { if busy { ProgressView() } else { Image(systemName: \"x\") } }") == .onlyImages)
        #expect(Self.labelImagery("Button(action: f) { HStack { Image(systemName: \"x\"); Text(\"Close\") } }") == .readable)
        #expect(Self.labelImagery("Button(action: f) { HStack { Image(systemName: \"x\"); Tag() } }") == .unknown)
        #expect(Self.labelImagery("Button(action: f) { Circle() }") == .unknown)
    }

    @Test("an image held in a let, a property or a helper of the same type is an image")
    func values() {
        #expect(Self.labelImagery("""
            struct V: View {
                var icon: some View { Image(systemName: "x") }
                var body: some View { Button(action: f) { icon } }
            }
            """) == .onlyImages)
        #expect(Self.labelImagery("""
            struct V: View {
                let image: Image
                var body: some View { Button(action: f) { image.resizable() } }
            }
            """) == .onlyImages)
        #expect(Self.labelImagery("""
            struct V: View {
                var body: some View {
                    let closeIcon = Image(systemName: "xmark")
                    Button(action: f) { closeIcon }
                }
            }
            """) == .onlyImages)
    }
}

@Suite("Value following")
struct ValueFollowingTests {
    @Test("a name is followed through two steps to the expression that makes it, and never round a cycle")
    func twoSteps() {
        let (file, tree) = model("""
            struct V: View {
                static let base = Font.system(size: 13)
                var font: Font { Self.base }
                var a: Font { b }
                var b: Font { a }
                var body: some View { Text("x").font(font).font(a) }
            }
            """)
        let uses = tree.tokens(viewMode: .sourceAccurate).filter { ($0.text == "font" || $0.text == "a") && $0.parent?.is(DeclReferenceExprSyntax.self) == true
            && $0.parent?.parent?.is(LabeledExprSyntax.self) == true }
        let font = ExprSyntax(uses[0].parent!.as(DeclReferenceExprSyntax.self)!)
        #expect(file.madeValue(of: font)?.trimmedDescription == "Font.system(size: 13)")
        #expect(file.madeValue(of: font, steps: 1)?.trimmedDescription == "Self.base")
        let cyclic = ExprSyntax(uses[1].parent!.as(DeclReferenceExprSyntax.self)!)
        #expect(file.madeValue(of: cyclic)?.trimmedDescription == "a")
    }
}

@Suite("Text values")
struct TextValueTests {
    @Test("a Text shows the literal a constant or computed property of the file is made of; interpolation says nothing")
    func shownString() {
        let source = """
            struct Badge: View {
                static let mark = "★"
                var initials: String { "AB" }
                var body: some View { VStack { Text(initials); Text(Self.mark); Text("\\(count)"); Text(name) } }
            }
            """
        let (file, tree) = model(source)
        let texts = tree.tokens(viewMode: .sourceAccurate).filter { $0.text == "Text" }
            .compactMap { $0.parent?.parent?.as(FunctionCallExprSyntax.self) }.compactMap(file.view(at:))
        #expect(texts.map(file.shownString(of:)) == ["AB", "★", nil, nil])
    }

    @Test("a size made from preferredFont, UIFontMetrics or a @ScaledMetric property through names scales; a literal does not")
    func scaling() {
        let (file, tree) = model("""
            struct V: View {
                @ScaledMetric var base = 17
                static let bodySize = UIFont.preferredFont(forTextStyle: .body).pointSize
                var large: CGFloat { Self.bodySize * 1.5 }
                var scaled: CGFloat { base * 2 }
                let fixed: CGFloat = 14
                var body: some View { Text("x").font(.system(size: large)).font(.system(size: scaled)).font(.system(size: fixed)) }
            }
            """)
        let sizes = tree.tokens(viewMode: .sourceAccurate).filter { $0.text == "size" }
            .compactMap { $0.parent?.as(LabeledExprSyntax.self)?.expression }
        #expect(sizes.map(file.valueScales) == [true, true, false])
    }
}

@Suite("Numbers through values")
struct NumberValueTests {
    @Test("a frame size named through two constants is read; through three it is not")
    func twoSteps() {
        let (file, chart) = firstView(named: "Chart", in: """
            enum Metrics { static let sparkline = CGFloat(40); static let far = Metrics.sparkline }
            struct V: View {
                let height = Metrics.sparkline
                let width = Metrics.far
                var body: some View { Chart { }.frame(width: width, height: height) }
            }
            """)
        #expect(file.frameSize(of: chart) == FrameSize(width: nil, height: 40))
    }
}
