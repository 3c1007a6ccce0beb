import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A fixed point size for text: `.system(size:)`, `UIFont.systemFont(ofSize:)`, and `.custom(_:size:)` without
/// `relativeTo:` where its size stands for a title style (it scales as body text does, which is right for
/// the smaller styles and far too much for titles).
///
/// What is a font, and what its size is, comes from the shared `FontExpression` model: only SwiftUI's `Font`
/// and UIKit/AppKit fonts count, so an app's own enum with a `system(size:)` case is left alone (and never
/// fixed). Follows the font to the view it is applied to through `.font(…)`, ternaries and chained font
/// modifiers (`.system(size: 14).weight(.bold)`). Where a constant holds the font, or a stored property that a
/// memberwise initialiser of the file's own type is given it for (`Metrics(percentSignFont: …)`), it is reported
/// there, unless every use of it in the same file sizes an image or a short `Text`. Deliberately silent on: text
/// in system bars (`SwiftUIFile.isBarContent`; a UIKit title view only when one function builds it), images, icon
/// fonts and fonts named for symbols (symbol sizing), one- or two-character and emoji `Text` or attributed
/// string (badges, initials), a text drawn into a small frame of fixed width and height (a badge), display
/// sizes of 40 points and more (unless `includeDisplaySizes`), sizes from `@ScaledMetric`, `UIFontMetrics` or
/// an `@AppStorage` setting or a size people set at run time (`@State`, `@Binding`: a slider, a pinch), a ternary
/// with a display-size branch, text drawn into an image or a PDF (`UIGraphicsImageRenderer`,
/// `UIGraphicsPDFRenderer` in the same function), widgets, and code built only for macOS, tvOS or Mac Catalyst
/// (no Dynamic Type), which includes every `NSFont`. A font passed through a function or stored in another file is not followed.
struct FixedFontSize: Rule {
    static let description = RuleDescription(
        id: "fixed-font-size",
        name: "Fixed font size",
        section: .text,
        summary: "Text should use a text style, not a fixed point size, so Dynamic Type works.",
        rationale: """
            Text styles (`.body`, `.headline`, `.caption`) scale with the reader's Dynamic Type setting; a \
            fixed point size ignores it, so people who need larger text cannot read the screen. Use a text \
            style, or give a custom font `relativeTo:` a style so it scales with it. `Font.custom(_:size:)` \
            without `relativeTo:` scales as body text does; that is close for the smaller styles and is only \
            reported where its size stands for `.title2`, `.title` or `.largeTitle`, which grow far less than \
            body at accessibility sizes, so the title would crowd out the text it heads. Text in a system bar is \
            left alone: a toolbar item or content written in `.toolbar { }`, and a UIKit view made in the same \
            function for a `titleView` or `UIBarButtonItem(customView:)`. Bars do not grow with Dynamic Type \
            (people read them in the large content viewer), so a fixed size there matches the system; what bar \
            content presents (a sheet, a menu's items) is not in the bar.
            """,
        platforms: .dynamicType,
        triggeringExamples: [
            #"Text(order.title).font(↓.system(size: 17))"#,
            """
            Text("Delivered")
                .foregroundStyle(.secondary)
                .font(↓.system(size: 13, weight: .medium))
            """,
            #"Text(headline).font(↓.custom("Avenir Next", size: 28))"#,
            """
            extension Font {
                static let cardTitle = ↓Font.system(size: 22, weight: .bold)
            }
            """,
            #"label.font = ↓UIFont.systemFont(ofSize: 14)"#,
            #"Label("Reorder", systemImage: "arrow.clockwise").font(↓.system(size: 15))"#,
            #"Text("\(count)").font(↓.system(size: 11))"#,
            #"let captionFont: Font = ↓.system(size: 12)"#,
            #"StatView(value: reading.value, valueFont: ↓.system(size: 22, weight: .bold))"#,
            #"titleLabel.font = ↓.boldSystemFont(ofSize: 17)"#,
            """
            List(orders) { Text($0.title).font(↓.system(size: 15)) }
                .toolbar {
                    Menu("Sort") { Text("Sorted by date").font(↓.system(size: 13)) }
                    Button("Info") { showInfo = true }
                        .popover(isPresented: $showInfo) { Text(info).font(↓.system(size: 13)) }
                }
            """,
            """
            struct Metrics { let valueFont: Font }
            struct Gauge: View {
                let metrics = Metrics(valueFont: ↓.system(size: 9))
                var body: some View { Text(value, format: .percent).font(metrics.valueFont) }
            }
            """,
            #"let text = NSAttributedString(string: city.name, attributes: [.font: ↓UIFont.systemFont(ofSize: 15)])"#,
            """
            func showTitle(_ title: String) {
                let label = UILabel()
                label.font = ↓UIFont.systemFont(ofSize: 13)
                view.addSubview(label)
            }
            """,
            RuleExample(#"Text(reading.value).font(↓.system(size: 96, weight: .bold))"#,
                        configuration: Configuration().with(option: "includeDisplaySizes", .bool(true), for: "fixed-font-size")),
        ],
        nonTriggeringExamples: [
            #"Text(order.title).font(.headline)"#,
            #"Image(systemName: "cart").font(.system(size: 24))"#,
            #"Button { add() } label: { Image(systemName: "plus") }.font(.system(size: 20))"#,
            #"Text("JD").font(.system(size: 18, weight: .semibold))"#,
            """
            struct Badge: View {
                let mark = "★"
                var body: some View { Text(mark).font(.system(size: 18)) }
            }
            """,
            #"Text("🍕").font(.system(size: 40))"#,
            // A count drawn into a fixed circle: a badge.
            #"Text("\(filter.activeCount)").font(.system(size: 12, weight: .bold)).frame(width: 18, height: 18).background(Color.red).clipShape(Circle())"#,
            #"Text(location.emoji).font(.system(size: 22))"#,
            #"enum Theme { enum Iconography { static let small = Font.system(size: 12) } }"#,
            RuleExample("struct Reader: View {\n  var body: some View {\n#if os(iOS)\nList(items) { Text($0.title) }\n#else\nmacOSBody\n#endif\n  }\n  var macOSBody: some View { Text(title).font(.system(size: 13)) }\n}",
                        configuration: Configuration().with(platforms: [.iOS, .macOS]), allowsWrapping: false),
            #"Text(String(author.name.prefix(1))).font(.system(size: 18, weight: .semibold))"#,
            #"UIImage(systemName: "person")?.applyingSymbolConfiguration(.init(font: .systemFont(ofSize: 17), scale: .large))"#,
            """
            struct Slider: View {
                var body: some View { icon(for: kind).font(.system(size: 14)) }
                private func icon(for kind: Kind) -> some View {
                    switch kind {
                    case .volume: Image(systemName: "speaker.wave.3.fill")
                    case .none: EmptyView()
                    }
                }
            }
            """,
            #"Text(summary).font(.custom("Avenir Next", size: 15, relativeTo: .body))"#,
            #"Text(summary).font(.custom("Avenir Next", size: 15))"#,
            #"Text(summary).font(.custom("Avenir Next", size: 20))"#,
            #"Text(headline).font(.custom(brandFont, size: headlineSize))"#,
            #"Text(summary).font(.custom("Avenir Next", fixedSize: 15))"#,
            """
            struct Badge: View {
                @ScaledMetric private var size: CGFloat = 15
                var body: some View { Text(label).font(.system(size: size)) }
            }
            """,
            RuleExample("""
                #if os(macOS)
                Text(order.title).font(.system(size: 13))
                #endif
                """, allowsWrapping: false),
            """
            struct OrdersWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "orders", provider: Provider()) { entry in
                        Text(entry.title).font(.system(size: 12))
                    }
                }
            }
            """,
            """
            struct Icons {
                static let symbol = Font.system(size: 28)
            }
            struct Row: View {
                var body: some View { Image(systemName: "star").font(Icons.symbol) }
            }
            """,
            RuleExample(#"Text(order.title).font(.system(size: 17))"#, configuration: Configuration().with(platforms: .macOS)),
            RuleExample(#"struct MenuBarLabel: View { var body: some View { Text(title).font(.system(size: 13)) } }"#,
                        moduleFiles: ["struct Root: View { var body: some View {\n#if os(macOS)\nMenuBarLabel()\n#endif\n} }"]),
            RuleExample(#"struct IconSketch: View { var body: some View { Text(title).font(.system(size: 13)) } }"#,
                        moduleFiles: ["#Preview { IconSketch() }"]),
            #"Text(reading.value).font(.system(size: 96, weight: .bold))"#,
            #"Text(reading.value).font(.system(size: reading.value.count > 5 ? 34 : 50, weight: .bold))"#,
            // A size worked out from the reader's text size scales with it.
            """
            struct Caption: View {
                @Environment(\\.sizeCategory) private var sizeCategory
                private var fontSize: CGFloat { sizeCategory.isAccessibilityCategory ? 22 : 15 }
                var body: some View { Text(title).font(.system(size: fontSize)) }
            }
            """,
            // A file that imports AppKit compiles only for macOS.
            RuleExample("""
                import AppKit
                import SwiftUI
                struct CodeField: View { var body: some View { Text(code).font(.system(size: 13)) } }
                """, allowsWrapping: false),
            RuleExample("""
                #if targetEnvironment(macCatalyst)
                Text(answer).font(.system(size: 13))
                #else
                Text(answer).font(.caption)
                #endif
                """, allowsWrapping: false),
            """
            func pdfData(for report: Report) -> Data {
                UIGraphicsPDFRenderer(bounds: page).pdfData { context in
                    context.beginPage()
                    report.title.draw(at: origin, withAttributes: [.font: UIFont.systemFont(ofSize: 18)])
                }
            }
            """,
            """
            struct Reader: View {
                @State private var zoom = 1.0
                var body: some View { Text(page.text).font(.system(size: 17 * zoom)).gesture(MagnifyGesture().onChanged { zoom = $0.magnification }) }
            }
            """,
            #"textView.font = NSFont.systemFont(ofSize: 13)"#,
            #"Text(icon.glyph).font(.custom("materialdesignicons-webfont", size: 20))"#,
            #"init(title: String, symbolFont: Font = .system(size: 35)) { self.symbolFont = symbolFont }"#,
            """
            enum AppFont {
                case system(size: CGFloat)
                case custom(size: CGFloat)
            }
            extension View {
                func font(_ font: AppFont) -> some View { modifier(AppFontModifier(font: font)) }
            }
            struct Caption: View {
                var body: some View { Text(caption).font(.system(size: 12)).badge(.custom(size: 4)) }
            }
            """,
            """
            NavigationStack { content }
                .toolbar {
                    ToolbarItem(placement: .principal) {
                        VStack {
                            Text(title).font(.system(size: 17, weight: .semibold))
                            Text(subtitle).font(.system(size: 11))
                        }
                    }
                }
            """,
            """
            struct Profile: View {
                var body: some View { List { rows }.toolbar { toolbarItems } }
                var toolbarItems: some ToolbarContent {
                    ToolbarItem(placement: .topBarLeading) { Text(profile.name).font(.system(size: 24, weight: .semibold)) }
                }
            }
            """,
            #"List(orders) { OrderRow(order: $0) }.toolbar { Text(syncStatus).font(.system(size: 12)) }"#,
            """
            func setTitle(_ title: String, subtitle: String) {
                let titleLabel = UILabel()
                titleLabel.font = UIFont.systemFont(ofSize: 13, weight: .medium)
                let subtitleLabel = UILabel()
                subtitleLabel.font = UIFont.systemFont(ofSize: 11)
                let stack = UIStackView(arrangedSubviews: [titleLabel, subtitleLabel])
                navigationItem.titleView = stack
            }
            """,
            """
            struct Metrics { let percentSignFont: Font }
            struct Gauge: View {
                let metrics = Metrics(percentSignFont: .system(size: 9, weight: .thin))
                var body: some View { Text("%").font(metrics.percentSignFont) }
            }
            """,
            """
            enum GaugeFonts { static let percentSign = Font.system(size: 9) }
            struct Gauge: View {
                var body: some View { Text("%").font(GaugeFonts.percentSign) }
            }
            """,
            #"let text = NSAttributedString(string: city.emoji, attributes: [.font: UIFont.systemFont(ofSize: 15)])"#,
            """
            struct Article: View {
                @AppStorage("readerTextSize") private var textSize = 17.0
                var body: some View { Text(article.body).font(.system(size: textSize)) }
            }
            """,
        ],
        corrections: [
            (#"Text(order.title).font(↓.system(size: 17))"#, #"Text(order.title).font(.body)"#),
            (#"Text(order.title).font(↓.system(size: 17, weight: .semibold))"#, #"Text(order.title).font(.headline)"#),
            (#"Text(order.title).font(↓.system(size: 14, weight: .medium))"#, #"Text(order.title).font(.subheadline.weight(.medium))"#),
            (#"Text(total).font(↓.system(size: 30, design: .rounded))"#, #"Text(total).font(.system(.title, design: .rounded))"#),
            (#"let title = ↓Font.system(size: 21)"#, #"let title = Font.title2"#),
            (#"Text(headline).font(↓.custom("Avenir Next", size: 28))"#,
             #"Text(headline).font(.custom("Avenir Next", size: 28, relativeTo: .title))"#),
            (#"Text(headline).font(↓.custom("Avenir Next", /* brand */ size: 22))"#,
             #"Text(headline).font(.custom("Avenir Next", /* brand */ size: 22, relativeTo: .title2))"#),
            (#"Text(total).font(↓.system(size: 30, /* digits line up */ design: .rounded))"#,
             #"Text(total).font(.system(.title, /* digits line up */ design: .rounded))"#),
        ],
        options: ["includeDisplaySizes": "Also report sizes of 40 points and more (display text: wordmarks, hero numbers)."],
        optionKinds: ["includeDisplaySizes": .flag],
        fixNeeds: [.fontRelativeTo, .laterTextStyles, .largeTitle])

    static let message = "This font has a fixed size that ignores Dynamic Type; use a text style such as `.body`, or give a custom font `relativeTo:` a style."

    static func customFontMessage(_ style: TextStyle) -> String {
        "This custom font scales as body text does, so at the largest text sizes it grows far past the `.\(style.name)` style its size stands for; give it `relativeTo: .\(style.name)`."
    }

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = FontExpression.factoryNames

    func visit(_ node: Syntax, in context: RuleContext) {
        let file = context.file
        guard let call = node.as(FunctionCallExprSyntax.self), let font = FontExpression(call, in: file),
              context.applies(at: call), !font.isAppKit, !font.isIconFont, !font.isNamedForSymbols,
              !font.sizeScales(in: file),
              !font.sizeIsParameter, !font.isPlaceholderSize, !context.isWidgetContent(call), !call.isInTVOnlyBranch,
              !call.isInMacCatalystOnlyCode,
              !(file.mentions(anyOf: Self.drawingContexts) && Self.isDrawnIntoImageOrDocument(call))
        else { return }
        let points = font.points(in: file)
        if !context.option("includeDisplaySizes", default: false),
           (points ?? 0) >= TextStyle.displaySize || Self.hasDisplaySizeBranch(font.size, in: file) { return }
        // `custom(_:size:)` already scales, as body text does; that only misleads where the size stands for a
        // title style, which grows far less than body at accessibility sizes. An unknown size stays silent.
        var message = Self.message
        if font.family == .custom {
            guard let points else { return }
            let style = TextStyle.nearest(to: points, weight: font.weight?.trimmedSource)
            guard style.outgrowsWhenScaledAsBody else { return }
            message = Self.customFontMessage(style)
        }
        if font.family == .uiKit, call.isInsideScaledFont || call.isInsideSymbolConfiguration { return }
        if file.isBarContent(call) { return }
        switch font.use {
        case .modifier(let member):
            if let target = file.view(modifiedBy: member) {
                guard !target.isImageOnly, !file.isShortText(target), !isImageExtensionSelf(target, file: file),
                      !file.helperViews(for: target).areAllImages
                else { return }
            }
        case .declaration(let constant, _):
            let uses = file.references(to: constant).filter { !$0.isInPreview }
            if uses.contains(where: \.isInsideScaledFont) || stylesOnlyImagesOrShortText(uses, file: file) { return }
        case .fontSlot:
            if let property = font.storedProperty(in: file),
               stylesOnlyImagesOrShortText(file.references(to: property).filter { !$0.isInPreview }, file: file) { return }
            if let string = font.attributedString, file.isShortString(string) { return }
            if let label = font.assignedViewName, file.becomesBarView(label, around: call) { return }
        case .unknown:
            break
        }
        let fix = font.textStyleFix()
        context.report(at: call, message: message, fix: fix?.fix, writing: fix?.writing)
    }

    /// Functions that draw text into a bitmap or a printed page, where Dynamic Type has no say.
    static let drawingContexts: Set<String> = [
        "UIGraphicsPDFRenderer", "UIGraphicsImageRenderer", "UIGraphicsBeginImageContext",
        "UIGraphicsBeginImageContextWithOptions", "UIGraphicsBeginPDFContextToData", "UIGraphicsBeginPDFContextToFile",
    ]

    /// A font in a function that draws into an image or a PDF (a map pin baked into a bitmap, a printed report).
    static func isDrawnIntoImageOrDocument(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let current = node {
            if current.is(FunctionDeclSyntax.self) || current.is(InitializerDeclSyntax.self) || current.is(AccessorBlockSyntax.self) {
                return current.tokens(viewMode: .sourceAccurate).contains { drawingContexts.contains($0.text) }
            }
            if current.is(MemberBlockItemSyntax.self) { return false }
            node = current.parent
        }
        return false
    }

    /// `isLong ? 34 : 50`: the same text is display text in one branch, and sized with it in the other.
    static func hasDisplaySizeBranch(_ size: ExprSyntax, in file: SwiftUIFile) -> Bool {
        let branches: [ExprSyntax]
        if let ternary = size.as(TernaryExprSyntax.self) {
            branches = [ternary.thenExpression, ternary.elseExpression]
        } else if let sequence = size.as(SequenceExprSyntax.self),
                  let ternary = sequence.elements.first(where: { $0.is(UnresolvedTernaryExprSyntax.self) })?.as(UnresolvedTernaryExprSyntax.self),
                  let last = sequence.elements.last {
            branches = [ternary.thenExpression, last]
        } else {
            return false
        }
        return branches.contains { (file.numericValue(of: $0) ?? 0) >= TextStyle.displaySize }
    }

    /// `self` in an `extension Image` helper is an image.
    private func isImageExtensionSelf(_ view: SwiftUIView, file: SwiftUIFile) -> Bool {
        view.root.firstToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.self)
            && file.enclosingType(of: view.root)?.name == "Image"
    }

    /// Every use of a name holding the font styles an image or a `Text` of one or two characters or emoji.
    private func stylesOnlyImagesOrShortText(_ uses: [ExprSyntax], file: SwiftUIFile) -> Bool {
        guard let views = file.viewsStyled(byFontAt: uses) else { return false }
        return views.allSatisfy { $0.isImageOnly || file.isShortText($0) }
    }
}
