import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A meaningful image (asset, `uiImage:`, `nsImage:`, CGImage, `AsyncImage`) with no accessibility label.
///
/// An image in a helper property or function of the same type is judged at each
/// use of that helper in the file; with no visible use, the rule says nothing. An image
/// in a view type's `body` is judged where the module labels the type (`.accessibilityLabel`,
/// `.accessibilityHidden`, the label of a control with text, in any file), or at its uses in
/// the file. Uses are followed a few levels up (`SwiftUIFile.labellingWhereUsed`): a card used
/// in a helper of a backdrop hidden from VoiceOver is hidden too.
/// A cell of another package's control (a type named like `…Picker`, `…Control`, `…Toggle`,
/// `…Button` that the module does not declare) is a button label the linter cannot see: an
/// image there beside text is labelled. So is an image beside text in the closure given to a view type of the module
/// that shows that closure in a control's label (`ModuleIndex.placesInControlLabel(givenContentUse:)`): a card that is
/// a `Button` when given an action, under the arguments that use passes. An `AsyncImage` whose type hands the loaded image to
/// its callers' closure is labelled by them. Still reported, for want of a boundary the
/// source shows: a custom symbol asset beside text, and a decoration seen only during a drag.
/// Images passed as values (`SharePreview(image:)`, `.background(Image(…))`) and
/// images in masks, clip shapes, borders and previews are not shown as content, and are
/// left alone; images in `.overlay { }` and `.background { }` are checked like any other.
/// An image that is a control's whole label is left to `icon-only-control-without-label`; one in a button whose
/// module button style draws a title of its own (`ModuleIndex.titleDrawingStyles`) is labelled by that title.
/// In a container made one element by `.accessibilityElement(children: .ignore)` with no
/// label, a label on the image would never be read: the container is reported instead.
/// `Image(systemName:)` is checked only when the `includeSystemImages` option is on:
/// most symbols sit beside text.
struct ImageMissingAccessibilityLabel: Rule {
    /// A module button style that draws a title beside the button's label, for the examples.
    private static let appearanceButtonStyle = """
        struct AppearanceButtonStyle: ButtonStyle {
            let title: LocalizedStringKey
            let isSelected: Bool
            func makeBody(configuration: Configuration) -> some View {
                VStack { configuration.label; Text(title).font(.caption) }
            }
        }
        """

    /// A card of the module that is a button only when it is given an action, for the examples.
    private static let actionCard = """
        struct Card<Contents: View>: View {
            let action: (() -> Void)?
            let contents: Contents
            init(action: (() -> Void)? = nil, @ViewBuilder contents: () -> Contents) {
                self.action = action
                self.contents = contents()
            }
            var body: some View {
                if let action {
                    Button(action: action) { contents }
                } else {
                    contents.padding()
                }
            }
        }
        """

    static let description = RuleDescription(
        id: "image-missing-accessibility-label",
        name: "Image missing accessibility label",
        section: .images,
        summary: "A meaningful image needs an accessibility label; a decorative one should be hidden from VoiceOver.",
        rationale: """
            VoiceOver reads an unlabelled image by its file name, or skips it, so people who cannot see \
            the screen miss what it shows. Give every meaningful image `.accessibilityLabel`, and mark \
            decorative ones with `Image(decorative:)` or `.accessibilityHidden(true)`.
            """,
        triggeringExamples: [
            // The same fallback runs on iOS 17 when the app still supports it.
            RuleExample("""
                if #available(iOS 18, *) {
                    Image("cover").accessibilityLabel(album.title)
                } else {
                    ↓Image("cover")
                }
                """, configuration: Configuration().with(platforms: .iOS).with(deploymentTarget: ["iOS": "17.0"])),
            // The view type is also used alone in a fallback that still runs: the app supports iOS 16.
            RuleExample("""
                struct CoverTile: View {
                    let book: Book
                    var body: some View { VStack { ↓Image(uiImage: book.cover); Text(book.title) } }
                }
                struct Shelf: View {
                    let book: Book
                    var body: some View {
                        if #available(iOS 17, *) {
                            Button(intent: PlayIntent(book: book)) { CoverTile(book: book) }
                        } else {
                            CoverTile(book: book)
                        }
                    }
                }
                """, configuration: Configuration().with(platforms: .iOS).with(deploymentTarget: ["iOS": "16.0"])),
            #"↓Image("product-hero").resizable().scaledToFit()"#,
            """
            HStack {
                ↓Image(uiImage: order.thumbnail)
                    .resizable()
                    .frame(width: 44, height: 44)
                Text(order.title)
            }
            """,
            #"↓AsyncImage(url: product.imageURL) { $0.resizable() } placeholder: { ProgressView() }"#,
            """
            struct ProductCard: View {
                var body: some View {
                    VStack { hero; Text(product.name) }
                }
                private var hero: some View {
                    ↓Image(product.imageName).resizable()
                }
            }
            """,
            #"ProductCard(product: product).overlay(alignment: .topTrailing) { ↓Image("sale-badge") }"#,
            // Outside a control, text over an image is an element of its own: the image is still read alone.
            """
            VStack {
                ↓Image("home-timelines").resizable()
                    .overlay(alignment: .bottom) { Text("Timelines") }
            }
            """,
            """
            HStack {
                Image("rating-stars")
                Text(review.title)
            }
            .↓accessibilityElement(children: .ignore)
            """,
            RuleExample(#"↓Image(systemName: "exclamationmark.triangle")"#,
                        configuration: Configuration().with(option: "includeSystemImages", .bool(true), for: "image-missing-accessibility-label")),
            """
            struct Hero: View {
                let banner = ↓Image("summer-banner")
                var body: some View { banner.resizable().scaledToFit() }
            }
            """,
            """
            struct Hero: View {
                var body: some View {
                    let photo = ↓Image(uiImage: model.photo)
                    VStack { photo.resizable(); Text(model.caption) }
                }
            }
            """,
            RuleExample(#"struct BrandLogo: View { var body: some View { ↓Image("acme-logo").resizable() } }"#,
                        moduleFiles: [#"struct Header: View { var body: some View { HStack { BrandLogo(); Spacer() } } }"#]),
            // A plain container of the module is no control: the image is read on its own.
            RuleExample(#"struct CardView: View { var body: some View { VStack { ↓Image("thumb").resizable(); Text(title) } } }"#,
                        moduleFiles: ["""
                        struct Card<Content: View>: View {
                            @ViewBuilder let content: () -> Content
                            var body: some View { VStack { content() }.padding() }
                        }
                        """, "struct Feed: View { var body: some View { Card { CardView() } } }"]),
            // A card that is a button only when given an action: without one, its contents are no control's label.
            RuleExample(#"Card { HStack { ↓Image("shield-status"); Text("Shields") } }"#, moduleFiles: [actionCard]),
        ] + useTriggeringExamples,
        nonTriggeringExamples: [
            // A value a task computes is shown where it is stored, which this file does not show.
            """
            struct PinView: View {
                @State private var icon: Image?
                var body: some View {
                    Text(pin.name).task {
                        let load = Task.detached { () -> Image? in
                            guard let image = pin.file.bestIcon() else { return nil }
                            return Image(nsImage: image)
                        }
                        icon = await load.value
                    }
                }
            }
            """,
            // Text drawn over the image is part of the button's label: VoiceOver reads "Timelines".
            """
            Button { select(.timelines) } label: {
                VStack {
                    Image("home-timelines").resizable()
                        .overlay(alignment: .bottom) { ZStack { LinearGradient(colors: [.clear, .black], startPoint: .top, endPoint: .bottom); Text("Timelines") } }
                    Image(systemName: "checkmark.circle")
                }
            }
            """,
            // A button of the module's design system shows what it is given as its label: the image beside a title.
            RuleExample("""
                SurfaceButton(action: openGitHub, content: {
                    HStack { Image("GithubIcon").resizable().frame(width: 20, height: 20); Text("Star on GitHub") }
                })
                """, moduleFiles: ["""
                struct SurfaceButton<Content: View>: View {
                    let action: () -> Void
                    @ViewBuilder let content: () -> Content
                    var body: some View { Button(action: action) { content().padding() } }
                }
                """]),
            // A link wrapper of the module shows the view it is given as its button's label, beside the title.
            RuleExample(#"struct CardView: View { var body: some View { VStack { Image("thumb").resizable(); Text(title) } } }"#,
                        moduleFiles: ["""
                        struct ArticleLink<Label: View>: View {
                            let article: Article
                            @ViewBuilder let label: () -> Label
                            var body: some View { Button { open(article) } label: { label() } }
                        }
                        """, "struct Feed: View { var body: some View { ArticleLink(article: article) { CardView() } } }"]),
            // Given an action, the module's card shows its contents as its button's label, beside their text.
            RuleExample(#"Card(action: openShields) { HStack { Image("shield-status"); Text("Shields") } }"#,
                        moduleFiles: [actionCard]),
            RuleExample(#"Card { openShields() } contents: { HStack { Image("shield-status"); Text("Shields") } }"#,
                        moduleFiles: [actionCard]),
            // A view type whose image is the label of buttons styled, in another file, by a style that draws a title.
            RuleExample("""
                struct ModePreview: View {
                    let mode: Mode
                    var body: some View { Image(mode.artworkName).resizable().scaledToFit() }
                }
                """, moduleFiles: ["""
                struct ModePicker: View {
                    var body: some View {
                        Button { mode = .dock } label: { ModePreview(mode: .dock) }
                            .buttonStyle(AppearanceButtonStyle(title: "Dock", isSelected: mode == .dock))
                    }
                }
                """, appearanceButtonStyle]),
            // The module's button style draws the title beside the image the button shows.
            RuleExample("""
                Button { mode = .menuBar } label: { Image("ModeMenuBar").resizable().scaledToFit() }
                    .buttonStyle(AppearanceButtonStyle(title: "Menu Bar", isSelected: mode == .menuBar))
                """, moduleFiles: [appearanceButtonStyle]),
            // A fallback for systems the app's deployment target no longer supports never runs.
            RuleExample("""
                if #available(iOS 18, *) {
                    Image("cover").accessibilityLabel(album.title)
                } else {
                    Image("cover")
                }
                """, configuration: Configuration().with(platforms: .iOS).with(deploymentTarget: ["iOS": "18.0"])),
            // The view type's only use that runs is the label of an App Intent's button, beside the title; the
            // fallback where it stands alone is for systems the deployment target no longer supports.
            RuleExample("""
                struct CoverTile: View {
                    let book: Book
                    var body: some View { VStack { Image(uiImage: book.cover); Text(book.title) } }
                }
                struct Shelf: View {
                    let book: Book
                    var body: some View {
                        if #available(iOS 17, *) {
                            Button(intent: PlayIntent(book: book)) { CoverTile(book: book) }
                        } else {
                            CoverTile(book: book)
                        }
                    }
                }
                """, configuration: Configuration().with(platforms: .iOS).with(deploymentTarget: ["iOS": "17.0"])),
            #"PointMark(x: .value("Hour", hour.date), y: .value("Rain", hour.rain)).symbol { Image("drop") }"#,
            #"Image("product-hero").resizable().accessibilityLabel("Blue ceramic mug")"#,
            #"Image(decorative: "divider-flourish")"#,
            #"Image("confetti").accessibilityHidden(true)"#,
            #"Image(systemName: "exclamationmark.triangle")"#,
            #"Label { Text("Favorites") } icon: { Image("heart-custom") }"#,
            #"Button(action: play) { HStack { Image("play-glyph"); Text("Play") } }"#,
            #"Text("Total").background { Image(decorative: "paper-texture") }"#,
            #"Image("logo", bundle: .module, label: Text("Acme"))"#,
            """
            struct BetaBadge: View {
                var body: some View { Image("testflight-icon").resizable().frame(width: 24, height: 24) }
            }
            struct AboutRow: View {
                var body: some View { HStack { BetaBadge().accessibilityHidden(true); Text("Join the beta") } }
            }
            """,
            // The icon rule reports a control whose whole label is the image, once.
            #"Button(action: showProfile) { Image("avatar-placeholder") }"#,
            """
            HStack {
                Image("avatar-placeholder")
                Text(author.name)
            }
            .accessibilityElement(children: .combine)
            .accessibilityLabel(author.name)
            """,
            #"ShareLink(item: photo, preview: SharePreview("Photo", image: Image(uiImage: photo.image)))"#,
            """
            struct ProductCard: View {
                var body: some View {
                    VStack { hero.accessibilityHidden(true); Text(product.name) }
                }
                private var hero: some View { Image(product.imageName).resizable() }
            }
            """,
            """
            struct Thumbnail {
                func image() -> some View { Image(uiImage: photo) }
            }
            """,
            #"Image(cgImage, scale: 2, label: Text("Chart of sales"))"#,
            """
            struct Hero: View {
                let banner = Image("summer-banner")
                var body: some View { banner.resizable().accessibilityLabel("Summer sale") }
            }
            """,
            RuleExample(#"struct BrandLogo: View { var body: some View { Image("acme-logo").resizable() } }"#,
                        moduleFiles: [#"struct Header: View { var body: some View { BrandLogo().accessibilityLabel("Acme") } }"#]),
            """
            struct Hero: View {
                var body: some View {
                    let banner = Image("summer-banner")
                    VStack { banner.accessibilityHidden(true); Text("Summer sale") }
                }
            }
            """,
        ] + useNonTriggeringExamples,
        options: ["includeSystemImages": "Also check `Image(systemName:)` (off by default)."],
        optionKinds: ["includeSystemImages": .flag])

    static let message = "This image has no accessibility label; add `.accessibilityLabel(\"…\")`, or `.accessibilityHidden(true)` if it is decorative."
    static let containerMessage = "This element ignores its children and has no label, so VoiceOver reads nothing for the image inside; add `.accessibilityLabel(\"…\")` here (a label on the image is never read)."
    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["Image", "AsyncImage"]
    static let usesModuleIndex = true

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let image = context.file.view(at: call),
              image.isMeaningfulImage(includeSymbols: context.option("includeSystemImages", default: false)),
              !image.hasAccessibilityLabel, !image.isAccessibilityHidden, !call.isChartMarkSymbol,
              context.applies(at: call)
        else { return }
        // An image held in a `let`/`var` is judged where it is used in this file; unseen uses say nothing.
        if !image.isShownAsContent {
            guard let uses = context.file.usesOfHeldView(image), uses.contains(where: { isUnlabelledUse($0, in: context.file) })
            else { return }
            context.report(at: image.nameToken, message: Self.message)
            return
        }
        // What an `AsyncImage` shows is its closure's: labelled there, or by the callers of a wrapper that hands
        // them the loaded image.
        if image.name == "AsyncImage",
           image.closures.contains(where: { $0.closure.containsMemberAccess(named: "accessibilityLabel") })
            || context.file.handsImageToCallersContent(call) {
            return
        }
        let file = context.file
        // A view type labelled or hidden where the module uses it; the icon of a `Label` convenience initialiser.
        guard !file.isLabelledWhereUsed(call), !file.isInLabelInitializer(call) else { return }
        let leaves = { Self.isIconRulesControl($0, in: file) }
        var surroundings = file.imageSurroundings(file.enclosingViews(of: call), leavesControl: leaves)
        // An image in a helper or a view type's body is judged where they are used, a few uses up.
        if case .unlabelled = surroundings { surroundings = file.labellingWhereUsed(ofDeclarationHolding: call, leavesControl: leaves) }
        switch surroundings {
        case .labelled: return
        case .unlabelled: context.report(at: image.nameToken, message: Self.message)
        case .ignoringContainer(let modifier): context.report(at: modifier.nameToken, message: Self.containerMessage)
        }
    }

    /// Whether a use of a helper or value shows the image with nothing that labels or hides it.
    private func isUnlabelledUse(_ view: SwiftUIView, in file: SwiftUIFile) -> Bool {
        view.isShownAsContent && !file.labelling(of: view, leavesControl: { Self.isIconRulesControl($0, in: file) }).isLabelled
    }

    /// A control whose whole label is images (and shapes, with no text): `icon-only-control-without-label` reports
    /// the control, so its images are not reported again here (RULES.md: "reported once").
    static func isIconRulesControl(_ control: SwiftUIView, in file: SwiftUIFile) -> Bool {
        IconOnlyControlWithoutLabel.controls.contains(control.name) && file.imagery(of: control.controlLabelViews) == .onlyImages
    }
}
