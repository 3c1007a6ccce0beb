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
/// fonts and fonts named for symbols (symbol sizing), one- or two-character and emoji `Text`, attributed
/// string or UIKit label (badges, initials: every string it can show is such a literal of the file, through
/// ternaries and the properties that return them, `SwiftUIFile.shownLiterals(of:)`), a container whose font reaches
/// only such texts and images (`SwiftUIFile.textsReached(byFontAt:on:)`: a text with its own `.font` is not reached;
/// a view type of another file or a call keeps it reported), a text drawn into a small frame of fixed width and height (a badge), display
/// sizes of 40 points and more (unless `includeDisplaySizes`), sizes from `@ScaledMetric`, `UIFontMetrics` or
/// an `@AppStorage` setting or a size people set at run time (`@State`, `@Binding`: a slider, a pinch), a ternary
/// with a display-size branch, text drawn into an image or a PDF (`UIGraphicsImageRenderer`,
/// `UIGraphicsPDFRenderer` in the same function), widgets, and code built only for macOS, tvOS or Mac Catalyst
/// (no Dynamic Type), which includes every `NSFont`. Nor on a font never drawn as text (`isNeverShownAsText`: it
/// measures text through `size(withAttributes:)`, `boundingRect` or its metrics, or reads `familyName`), a navigation
/// or tab bar's title attributes, the items of a system `Menu` (not its label), a `Text` of a `ForEach` over a literal
/// array of emoji or one- or two-character strings (a picker's emoji), and a size read from a value people choose
/// anywhere in the module (`ModuleIndex.chosenValues`: an `@AppStorage` or `@SceneStorage` property, or one a `Slider`
/// or `Stepper` binds), matched by the property's name alone. A font passed through a function or stored in another file
/// is not followed; a "+N" badge whose size comes from its cell's geometry is still reported (an interpolated text is
/// never short, RULES.md).
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
            content presents (a sheet, a popover) is not in the bar. Also left alone: a font that is never drawn \
            (it measures text or reads a family name), the title attributes of navigation and tab bars, the \
            items of a system `Menu` (the system draws them in its own font), and a size people choose: a \
            setting or a value a theme editor's control sets anywhere in the module.
            """,
        platforms: .dynamicType,
        triggeringExamples: [
            // The same string given to a UIKit label: the fixed size is drawn.
            """
            final class LegendCell: UITableViewCell {
                func configure() { textLabel?.attributedText = NSAttributedString(legend) }
                private var legend: AttributedString {
                    var text = AttributedString("Green text shows export")
                    if let range = text.range(of: "Green text") { text[range].font = ↓UIFont.boldSystemFont(ofSize: 16) }
                    return text
                }
            }
            """,
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
            // A shape with text over it: the font sizes the caption.
            #"RoundedRectangle(cornerRadius: 8).fill(.gray).overlay { Text(item.caption) }.font(↓.system(size: 13))"#,
            // A container's font reaches the reading text beside its symbol.
            """
            HStack(spacing: 4) {
                Image(systemName: "clock")
                Text(order.eta)
            }
            .font(↓.system(size: 13))
            """,
            // The title sets its own font; the subtitle takes the container's.
            """
            VStack {
                Text(title).font(.headline)
                Text(subtitle)
            }
            .font(↓.system(size: 12))
            """,
            // A view type of another file: its texts are unknown, so the font may reach them.
            """
            VStack {
                Image(systemName: "heart")
                LikeCount(post: post)
            }
            .font(↓.system(size: 24))
            """,
            #"let captionFont: Font = ↓.system(size: 12)"#,
            #"StatView(value: reading.value, valueFont: ↓.system(size: 22, weight: .bold))"#,
            #"titleLabel.font = ↓.boldSystemFont(ofSize: 17)"#,
            """
            List(orders) { Text($0.title).font(↓.system(size: 15)) }
                .toolbar {
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
            // A font both measured and shown is shown.
            """
            let bodyFont = ↓UIFont.systemFont(ofSize: 14)
            func configure(_ label: UILabel, text: String) {
                label.font = bodyFont
                label.frame.size.height = (text as NSString).size(withAttributes: [.font: bodyFont]).height
            }
            """,
            // Typing attributes are text people read, not a bar's title.
            #"textView.typingAttributes = [.font: ↓UIFont.systemFont(ofSize: 15)]"#,
            // A menu's own label is shown in place; only its items take the system's font.
            #"Menu { Button("Date") { sort = .date } } label: { Text(sortTitle).font(↓.system(size: 13)) }"#,
            // A theme's size that nothing in the module lets people change is a fixed size.
            RuleExample("""
                struct ArticleView: View {
                    @Environment(Theme.self) private var theme
                    var body: some View { Text(article.body).font(↓.system(size: theme.bodySize)) }
                }
                """, moduleFiles: ["@Observable final class Theme { var bodySize: CGFloat = 15 }"]),
            // Words, not emoji, in a picker's labels.
            """
            ForEach(["Happy", "Calm", "Sad"], id: \\.self) { mood in Text(mood).font(↓.system(size: 28)) }
            """,
            RuleExample(#"Text(reading.value).font(↓.system(size: 96, weight: .bold))"#,
                        configuration: Configuration().with(option: "includeDisplaySizes", .bool(true), for: "fixed-font-size")),
            // One branch is a word.
            #"Text(isMetric ? "g" : "grams").font(↓.system(size: 13))"#,
            // A property that returns a word in one case.
            """
            struct PortionUnit: View {
                let unit: Unit
                private var symbol: String {
                    switch unit {
                    case .grams: "g"
                    case .servings: "servings"
                    }
                }
                var body: some View { Text(symbol).font(↓.system(size: 13)) }
            }
            """,
            // Empty at first, then set to a countdown: not a constant the file writes.
            """
            struct ExpiryLabel: View {
                @State private var label = ""
                var body: some View {
                    HStack { Image(systemName: "clock"); Text(label) }
                        .font(↓.system(size: 11))
                        .onAppear { label = Expiry.countdown(to: date) }
                }
            }
            """,
            // A capped count is still an interpolation: never short (RULES.md).
            #"Text("\(min(unread, 9))").font(↓.system(size: 8))"#,
            // The label also shows a message.
            """
            final class PageCell: UICollectionViewCell {
                private let statusLabel = UILabel()
                func setUp() {
                    statusLabel.font = ↓.systemFont(ofSize: 15)
                    statusLabel.text = "⚠"
                }
                func show(_ error: Error) { statusLabel.text = error.localizedDescription }
            }
            """,
        ],
        nonTriggeringExamples: [
            // A UIKit font in a Swift `AttributedString` shown by SwiftUI's `Text`, which draws only SwiftUI's attributes.
            """
            struct Legend: View {
                var body: some View { Text(legend) }
                private var legend: AttributedString {
                    var text = AttributedString("Green text shows export")
                    if let range = text.range(of: "Green text") { text[range].font = UIFont.boldSystemFont(ofSize: 16) }
                    return text
                }
            }
            """,
            #"Text(order.title).font(.headline)"#,
            #"Image(systemName: "cart").font(.system(size: 24))"#,
            #"Button { add() } label: { Image(systemName: "plus") }.font(.system(size: 20))"#,
            // A placeholder that draws no text: a tinted shape with a symbol over it.
            """
            Rectangle()
                .fill(Color.gray.opacity(0.2))
                .overlay { if let item { Image(systemName: item.symbol).foregroundStyle(.secondary) } }
                .font(.system(size: 24))
            """,
            #"Text("JD").font(.system(size: 18, weight: .semibold))"#,
            // The only text the container's font reaches is two characters; the rest is a symbol.
            """
            HStack(spacing: 4) {
                Image(systemName: "sparkles")
                Text("AI")
            }
            .font(.system(size: 16, weight: .bold))
            """,
            // Each count sets its own font, so the container's size reaches only the symbols and the emoji.
            """
            VStack(spacing: 12) {
                VStack {
                    Image(systemName: "bubble.left")
                    Text(replyCount, format: .number).font(.footnote)
                }
                Button { react() } label: { Text("🔥") }
                LikeCount(post: post).font(.footnote)
            }
            .font(.system(size: 24))
            """,
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
            // Fonts that measure text or read a family are never shown.
            #"let width = (name as NSString).size(withAttributes: [.font: UIFont.systemFont(ofSize: 15)]).width"#,
            #"let lineHeight = UIFont.systemFont(ofSize: 17).lineHeight"#,
            #"let family = UIFont.systemFont(ofSize: 12).familyName"#,
            """
            let measuringFont = UIFont.systemFont(ofSize: 14)
            func height(of text: String, width: CGFloat) -> CGFloat {
                let bounds = CGSize(width: width, height: .greatestFiniteMagnitude)
                return (text as NSString).boundingRect(with: bounds, options: .usesLineFragmentOrigin, attributes: [.font: measuringFont], context: nil).height
            }
            """,
            // Bar titles: bars do not grow with Dynamic Type.
            #"UINavigationBar.appearance().titleTextAttributes = [.font: UIFont.systemFont(ofSize: 17, weight: .semibold)]"#,
            #"appearance.largeTitleTextAttributes = [.foregroundColor: UIColor.label, .font: UIFont.boldSystemFont(ofSize: 34)]"#,
            #"UITabBarItem.appearance().setTitleTextAttributes([.font: UIFont.systemFont(ofSize: 10)], for: .normal)"#,
            // A system menu's items are drawn in the system's font.
            """
            Menu("Sort") {
                Button { sort = .date } label: { Text("Date").font(.system(size: 13)) }
                Text("Sorted by date").font(.system(size: 13))
            }
            """,
            // A size people choose in the module's theme editor, in another file.
            RuleExample("""
                struct ArticleView: View {
                    @Environment(Theme.self) private var theme
                    var body: some View { Text(article.body).font(.system(size: theme.bodySize)) }
                }
                """, moduleFiles: ["""
                struct ThemeEditor: View {
                    @Bindable var theme: Theme
                    var body: some View { Slider(value: $theme.bodySize, in: 12...28) }
                }
                """]),
            // A reader setting stored in another file.
            RuleExample("""
                struct ArticleView: View {
                    @EnvironmentObject private var settings: ReaderSettings
                    var body: some View { Text(article.body).font(.system(size: settings.textSize)) }
                }
                """, moduleFiles: [#"final class ReaderSettings: ObservableObject { @AppStorage("textSize") var textSize = 17.0 }"#]),
            // Every string shown is one or two characters: a ternary of them, a property returning them.
            #"Text(isDone ? "✓" : "–").font(.system(size: 13))"#,
            """
            struct PortionUnit: View {
                let unit: Unit
                private var symbol: String {
                    switch unit {
                    case .grams: "g"
                    case .milliliters: "mL"
                    }
                }
                var body: some View { Text(symbol).font(.system(size: 13)) }
            }
            """,
            // A UIKit label that only ever shows a glyph.
            """
            final class PageCell: UICollectionViewCell {
                private let statusLabel = UILabel()
                func setUp() {
                    statusLabel.font = .systemFont(ofSize: 15)
                    statusLabel.text = "⚠"
                }
            }
            """,
            // A picker's emoji labels.
            """
            Picker("Mood", selection: $mood) {
                ForEach(["😀", "🙂", "😐", "🙁"], id: \\.self) { mood in Text(mood).font(.system(size: 28)).tag(mood) }
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

    static let usesModuleIndex = true

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
        if file.isBarContent(call) || Self.isNeverShownAsText(ExprSyntax(call), in: file) || Self.sizeIsChosen(font.size, in: file) {
            return
        }
        switch font.use {
        case .modifier(let member):
            if let target = file.view(modifiedBy: member) {
                let helpers = file.helperViews(for: target)
                guard !target.drawsNoText, !file.isShortText(target), !isImageExtensionSelf(target, file: file),
                      !helpers.areAllImages, helpers.isEmpty || !helpers.allSatisfy(\.drawsNoText),
                      !Self.isMenuItem(target, in: file), !reachesOnlyShortText(member, on: target, file: file)
                else { return }
            }
        case .declaration(let constant, _):
            let uses = file.references(to: constant).filter { !$0.isInPreview }
            if uses.contains(where: \.isInsideScaledFont) || stylesOnlyImagesOrShortText(uses, file: file) { return }
            if !uses.isEmpty, uses.allSatisfy({ Self.isNeverShownAsText(Self.fullReference($0), in: file) }) { return }
        case .fontSlot:
            if let property = font.storedProperty(in: file),
               stylesOnlyImagesOrShortText(file.references(to: property).filter { !$0.isInPreview }, file: file) { return }
            if let string = font.attributedString, file.isShortString(string) { return }
            if let label = font.assignedViewName, file.labelShowsOnlyShortText(label) { return }
            if let label = font.assignedViewName, file.becomesBarView(label, around: call) { return }
            if font.family == .uiKit, Self.isUIKitAttributeShownOnlyBySwiftUIText(call, in: file) { return }
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

    // MARK: Fonts that are not shown as text

    /// Members that read a font's metrics or names: a font used so measures text or names a family, and is
    /// never drawn.
    static let measuringMembers: Set<String> = [
        "pointSize", "lineHeight", "familyName", "fontName", "ascender", "descender", "capHeight", "xHeight", "leading",
    ]

    /// Attribute dictionaries of bar appearances: bar text, which does not grow with Dynamic Type.
    static let barAttributeNames: Set<String> = ["titleTextAttributes", "largeTitleTextAttributes", "setTitleTextAttributes"]

    /// Whether a font written at `expression` (the font itself, or a use of a name holding it) is never drawn as text
    /// that people read at their size: it measures text (`size(withAttributes:)`, `boundingRect`, `.lineHeight`,
    /// `.pointSize`) or names a family (`.familyName`), or it styles the title of a navigation or tab bar
    /// (`titleTextAttributes`, `largeTitleTextAttributes`, `setTitleTextAttributes(_:for:)`). An attributes dictionary
    /// held in a name counts when every use of that name in the file is one of these.
    static func isNeverShownAsText(_ expression: ExprSyntax, in file: SwiftUIFile, followingNames: Bool = true) -> Bool {
        if let member = expression.parent?.as(MemberAccessExprSyntax.self), member.base?.id == expression.id {
            return measuringMembers.contains(member.declName.baseName.text)
        }
        guard let element = expression.parent?.as(DictionaryElementSyntax.self), element.value.id == expression.id,
              let dictionary = element.parent?.parent?.as(DictionaryExprSyntax.self)
        else { return false }
        return isMeasuringOrBarAttributes(ExprSyntax(dictionary), in: file, followingNames: followingNames)
    }

    /// An attributes dictionary given to a measuring call or to a bar's title attributes, directly or through a name.
    private static func isMeasuringOrBarAttributes(_ dictionary: ExprSyntax, in file: SwiftUIFile, followingNames: Bool) -> Bool {
        // `appearance.titleTextAttributes = [.font: …]`
        if let sequence = dictionary.parent?.as(ExprListSyntax.self), sequence.last?.id == dictionary.id,
           sequence.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
           let target = sequence.first?.lastToken(viewMode: .sourceAccurate)?.text {
            return barAttributeNames.contains(target)
        }
        // `text.size(withAttributes: […])`, `boundingRect(with:options:attributes:context:)`, `setTitleTextAttributes([…], for:)`
        if let argument = dictionary.parent?.as(LabeledExprSyntax.self),
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
           let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
            if name == "size" && argument.label?.text == "withAttributes" { return true }
            if name == "boundingRect" && argument.label?.text == "attributes" { return true }
            return name == "setTitleTextAttributes"
        }
        // `let attributes: [NSAttributedString.Key: Any] = [.font: …]`, used only so.
        guard followingNames, let binding = dictionary.parent?.parent?.as(PatternBindingSyntax.self),
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return false }
        let uses = file.references(to: name).filter { !$0.isInPreview }
        return !uses.isEmpty && uses.allSatisfy { isMeasuringOrBarAttributes(fullReference($0), in: file, followingNames: false) }
    }

    /// `Fonts.title` for the `title` of that member access; the reference itself otherwise.
    static func fullReference(_ use: ExprSyntax) -> ExprSyntax {
        if let member = use.parent?.as(MemberAccessExprSyntax.self), member.declName.id == use.id { return ExprSyntax(member) }
        return use
    }

    /// A UIKit font set on a Swift `AttributedString` (`text[range].font = UIFont.boldSystemFont(ofSize: 16)`) built in
    /// a property or function of type `AttributedString` that the file shows only through SwiftUI's `Text`: SwiftUI
    /// draws only its own attribute scope, so the UIKit font never reaches the screen. Given to a UIKit view, it would.
    static func isUIKitAttributeShownOnlyBySwiftUIText(_ call: FunctionCallExprSyntax, in file: SwiftUIFile) -> Bool {
        guard let sequence = call.parent?.as(ExprListSyntax.self), sequence.last?.id == call.id,
              sequence.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
              let target = sequence.first?.as(MemberAccessExprSyntax.self), target.declName.baseName.text == "font",
              let base = target.base, let stringName = (base.as(SubscriptCallExprSyntax.self)?.calledExpression ?? base)
                .as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return false }
        // The property or function that builds and returns the string.
        var node = Syntax(call).parent
        var builder: (name: String, body: Syntax)?
        while let current = node, builder == nil {
            if let function = current.as(FunctionDeclSyntax.self), let body = function.body,
               function.signature.returnClause?.type.trimmedDescription == "AttributedString" {
                builder = (function.name.text, Syntax(body))
            } else if let binding = current.as(PatternBindingSyntax.self), let accessors = binding.accessorBlock,
                      binding.typeAnnotation?.type.trimmedDescription == "AttributedString",
                      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                builder = (name, Syntax(accessors))
            }
            node = current.parent
        }
        guard let builder else { return false }
        let declaresSwiftString = builder.body.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == stringName, let pattern = token.parent?.as(IdentifierPatternSyntax.self),
                  let binding = pattern.parent?.as(PatternBindingSyntax.self) else { return false }
            let initializer = binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription
            return initializer == "AttributedString" || binding.typeAnnotation?.type.trimmedDescription == "AttributedString"
        }
        guard declaresSwiftString else { return false }
        let uses = file.references(to: builder.name).filter { !$0.isInPreview }
        return !uses.isEmpty && uses.allSatisfy { use in
            guard let argument = fullReference(use).parent?.as(LabeledExprSyntax.self), argument.label == nil,
                  let shown = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
            return shown.calledExpression.trimmedDescription == "Text"
        }
    }

    /// A view in the items of a system `Menu` (its content, not its label): the system draws menu items in its own
    /// font, whatever the view asks for. Content a modifier inside the menu presents (a sheet) is not an item.
    static func isMenuItem(_ view: SwiftUIView, in file: SwiftUIFile) -> Bool {
        for enclosure in file.enclosingViews(of: view.root) {
            if enclosure.modifier != nil { return false }
            if enclosure.view.name == "Menu", !file.declaresType("Menu") { return enclosure.role == .menuItems }
        }
        return false
    }

    /// A size read from a value people choose somewhere in the module (`ModuleIndex.chosenValues`): a setting, or a
    /// property a theme editor's `Slider` or `Stepper` sets (`.system(size: theme.bodySize)`).
    static func sizeIsChosen(_ size: ExprSyntax, in file: SwiftUIFile) -> Bool {
        size.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier = token.tokenKind else { return false }
            return file.module.chosenValues.contains(token.text)
        }
    }

    /// `self` in an `extension Image` helper is an image.
    private func isImageExtensionSelf(_ view: SwiftUIView, file: SwiftUIFile) -> Bool {
        view.root.firstToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.self)
            && file.enclosingType(of: view.root)?.name == "Image"
    }

    /// A font on a container that reaches no text but short ones (`SwiftUIFile.textsReached(byFontAt:on:)`): its
    /// images, and a `Text` of one or two characters or emoji; a text that sets its own font is not reached. Content
    /// the model cannot see into (a view type of another file, a call) keeps the font shown.
    private func reachesOnlyShortText(_ member: MemberAccessExprSyntax, on view: SwiftUIView, file: SwiftUIFile) -> Bool {
        guard let texts = file.textsReached(byFontAt: member, on: view) else { return false }
        return texts.allSatisfy(file.isShortText)
    }

    /// Every use of a name holding the font styles an image or a `Text` of one or two characters or emoji.
    private func stylesOnlyImagesOrShortText(_ uses: [ExprSyntax], file: SwiftUIFile) -> Bool {
        guard let views = file.viewsStyled(byFontAt: uses) else { return false }
        return views.allSatisfy { $0.drawsNoText || file.isShortText($0) }
    }
}
