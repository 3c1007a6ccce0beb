import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A fixed point size for text: `.system(size:)`, `.custom(_:size:)` without `relativeTo:`, `UIFont.systemFont(ofSize:)`.
///
/// Follows the font to the view it is applied to through `.font(…)`, ternaries and
/// chained font modifiers (`.system(size: 14).weight(.bold)`). Where a constant holds
/// the font, the constant is reported, unless every use of it in the same file sizes
/// an image. Deliberately silent on: images (symbol sizing), one- or two-character
/// and emoji `Text` (badges, initials), sizes from `@ScaledMetric` or
/// `UIFontMetrics`, widgets, and code built only for macOS or tvOS (no Dynamic Type).
/// A font passed through a function or stored in another file is not followed.
struct FixedFontSize: Rule {
    static let description = RuleDescription(
        id: "fixed-font-size",
        name: "Fixed font size",
        section: .text,
        summary: "Text should use a text style, not a fixed point size, so Dynamic Type works.",
        rationale: """
            Text styles (`.body`, `.headline`, `.caption`) scale with the reader's Dynamic Type setting; a \
            fixed point size ignores it, so people who need larger text cannot read the screen. Use a text \
            style, or give a custom font `relativeTo:` a style so it scales with it.
            """,
        platforms: .dynamicType,
        triggeringExamples: [
            #"Text(order.title).font(↓.system(size: 17))"#,
            """
            Text("Delivered")
                .foregroundStyle(.secondary)
                .font(↓.system(size: 13, weight: .medium))
            """,
            #"Text(summary).font(↓.custom("Avenir Next", size: 15))"#,
            """
            extension Font {
                static let cardTitle = ↓Font.system(size: 22, weight: .bold)
            }
            """,
            #"label.font = ↓UIFont.systemFont(ofSize: 14)"#,
            #"Label("Reorder", systemImage: "arrow.clockwise").font(↓.system(size: 15))"#,
            #"Text("\(count)").font(↓.system(size: 11))"#,
        ],
        nonTriggeringExamples: [
            #"Text(order.title).font(.headline)"#,
            #"Image(systemName: "cart").font(.system(size: 24))"#,
            #"Button { add() } label: { Image(systemName: "plus") }.font(.system(size: 20))"#,
            #"Text("JD").font(.system(size: 18, weight: .semibold))"#,
            #"Text("🍕").font(.system(size: 40))"#,
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
        ],
        corrections: [
            (#"Text(order.title).font(↓.system(size: 17))"#, #"Text(order.title).font(.body)"#),
            (#"Text(order.title).font(↓.system(size: 17, weight: .semibold))"#, #"Text(order.title).font(.headline)"#),
            (#"Text(order.title).font(↓.system(size: 14, weight: .medium))"#, #"Text(order.title).font(.subheadline.weight(.medium))"#),
            (#"Text(total).font(↓.system(size: 30, design: .rounded))"#, #"Text(total).font(.system(.title, design: .rounded))"#),
            (#"let title = ↓Font.system(size: 21)"#, #"let title = Font.title2"#),
            (#"Text(summary).font(↓.custom("Avenir Next", size: 15))"#,
             #"Text(summary).font(.custom("Avenir Next", size: 15, relativeTo: .subheadline))"#),
        ])

    static let message = "This font has a fixed size that ignores Dynamic Type; use a text style such as `.body`, or give a custom font `relativeTo:` a style."

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = FixedFont.names

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let kind = FixedFont(call) else { return }
        let file = context.file
        guard context.applies(at: call), !kind.sizeIsScaled(in: file),
              !kind.sizeIsParameter, !kind.isPlaceholderSize, !file.isWidgetContent(call), !call.isInTVOnlyBranch
        else { return }
        if case .uiKit = kind, call.isInsideScaledFont || call.isInsideSymbolConfiguration { return }
        if let target = fontTarget(of: call, file: file) {
            guard !target.isImageOnly, !target.isShortText, !isImageExtensionSelf(target, file: file),
                  !file.helperViews(for: target).areAllImages
            else { return }
        } else if let constant = constantName(holding: call) {
            let uses = file.references(to: constant).filter { !$0.isInPreview }
            if uses.contains(where: \.isInsideScaledFont) || sizesOnlyImages(uses, file: file) { return }
        }
        context.report(at: call, message: Self.message, fix: kind.fix(call))
    }

    /// The view a font expression is applied to through `.font(…)`, looking through ternaries and font modifiers.
    private func fontTarget(of call: FunctionCallExprSyntax, file: SwiftUIFile) -> SwiftUIView? {
        var node = Syntax(call)
        while let parent = node.parent {
            if let argument = parent.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self),
               let modifierCall = list.parent?.as(FunctionCallExprSyntax.self),
               let member = modifierCall.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "font" {
                return file.view(modifiedBy: member)
            }
            guard parent.is(MemberAccessExprSyntax.self) || parent.is(FunctionCallExprSyntax.self) || parent.is(TernaryExprSyntax.self)
                    || parent.is(TupleExprSyntax.self) || parent.is(LabeledExprListSyntax.self) && parent.parent?.is(TupleExprSyntax.self) == true
                    || parent.is(LabeledExprSyntax.self) && parent.parent?.parent?.is(TupleExprSyntax.self) == true
                    || parent.is(SequenceExprSyntax.self) || parent.is(ExprListSyntax.self)
            else { return nil }
            node = parent
        }
        return nil
    }

    /// `cardTitle` for `static let cardTitle = Font.system(size: 22)` or a computed `var cardTitle: Font { .system(size: 22) }`.
    private func constantName(holding call: FunctionCallExprSyntax) -> String? {
        var node = call.parent
        while let current = node {
            if let binding = current.as(PatternBindingSyntax.self) {
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            if let function = current.as(FunctionDeclSyntax.self) { return function.name.text }
            if current.is(CodeBlockItemSyntax.self) && current.parent?.parent?.is(ClosureExprSyntax.self) == true { return nil }
            node = current.parent
        }
        return nil
    }

    /// `self` in an `extension Image` helper is an image.
    private func isImageExtensionSelf(_ view: SwiftUIView, file: SwiftUIFile) -> Bool {
        view.root.firstToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.self)
            && file.enclosingType(of: view.root)?.name == "Image"
    }

    private func sizesOnlyImages(_ uses: [ExprSyntax], file: SwiftUIFile) -> Bool {
        guard !uses.isEmpty else { return false }
        return uses.allSatisfy { use in
            var expression = ExprSyntax(use)
            if let member = use.parent?.as(MemberAccessExprSyntax.self), member.declName.id == use.id { expression = ExprSyntax(member) }
            guard let argument = expression.parent?.as(LabeledExprSyntax.self),
                  let modifierCall = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                  let member = modifierCall.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "font",
                  let target = file.view(modifiedBy: member)
            else { return false }
            return target.isImageOnly
        }
    }
}

/// The three spellings of a fixed font.
private enum FixedFont {
    case system(size: ExprSyntax)
    case custom(size: ExprSyntax)
    case uiKit(size: ExprSyntax)

    /// The member names `init?` accepts.
    static let names: Set<String> = ["system", "custom", "systemFont", "boldSystemFont", "italicSystemFont"]

    init?(_ call: FunctionCallExprSyntax) {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), Self.names.contains(member.declName.baseName.text)
        else { return nil }
        let base = member.base?.trimmedSource
        switch member.declName.baseName.text {
        case "system" where base == nil || base == "Font" || base == "SwiftUI.Font":
            guard let size = call.argument("size")?.expression else { return nil }
            self = .system(size: size)
        case "custom" where base == nil || base == "Font" || base == "SwiftUI.Font":
            guard let size = call.argument("size")?.expression, !call.hasArgument("relativeTo") else { return nil }
            self = .custom(size: size)
        case "systemFont" where base == nil || base == "UIFont", "boldSystemFont" where base == nil || base == "UIFont",
             "italicSystemFont" where base == nil || base == "UIFont":
            guard let size = call.argument("ofSize")?.expression else { return nil }
            self = .uiKit(size: size)
        default:
            return nil
        }
    }

    var size: ExprSyntax {
        switch self {
        case .system(let size), .custom(let size), .uiKit(let size): size
        }
    }

    /// A size from `@ScaledMetric` or `UIFontMetrics` already follows Dynamic Type.
    func sizeIsScaled(in file: SwiftUIFile) -> Bool {
        if size.containsMemberAccess(named: "scaledValue") { return true }
        let type = file.enclosingType(of: size)
        for token in size.tokens(viewMode: .sourceAccurate) {
            guard case .identifier = token.tokenKind else { continue }
            if file.property(token.text, in: type)?.hasAttribute("ScaledMetric") == true { return true }
        }
        return false
    }

    /// A size passed in by the caller (`func font(size: CGFloat) -> Font`): the choice is the caller's,
    /// who often scales it with `UIFontMetrics` first.
    var sizeIsParameter: Bool {
        var names: Set<String> = []
        var node = size.parent
        while let current = node {
            if let function = current.as(FunctionDeclSyntax.self) {
                for parameter in function.signature.parameterClause.parameters {
                    names.insert((parameter.secondName ?? parameter.firstName).text)
                }
                break
            }
            if current.is(MemberBlockItemSyntax.self) { break }
            node = current.parent
        }
        guard !names.isEmpty else { return false }
        return size.tokens(viewMode: .sourceAccurate).contains { names.contains($0.text) }
    }

    /// `UIFont.systemFont(ofSize: 1)` only asks for the system font's family; it is never shown at that size.
    var isPlaceholderSize: Bool { (size.numberLiteral ?? 2) < 2 }

    func fix(_ call: FunctionCallExprSyntax) -> Fix? {
        // Display sizes far above `.largeTitle` (a 96-point reading) have no text style near them;
        // turning them into 34-point text would change the design, so they keep the finding without a fix.
        guard let points = size.numberLiteral, points <= TextStyle.largestFixable else { return nil }
        let weight = call.argument("weight")?.expression.trimmedSource
        let style = TextStyle.nearest(to: points, weight: weight)
        switch self {
        case .system:
            let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base.map { $0.trimmedSource } ?? ""
            var replacement: String
            if let design = call.argument("design")?.expression.trimmedSource {
                replacement = "\(base).system(.\(style.name), design: \(design))"
            } else {
                replacement = "\(base).\(style.name)"
            }
            if let weight, weight != style.weight { replacement += ".weight(\(weight))" }
            return Fix(title: "Use the `.\(style.name)` text style", edits: [FixBuilder.replace(call, with: replacement)])
        case .custom:
            guard let edit = FixBuilder.addArgument("relativeTo: .\(style.name)", to: call, after: "size") else { return nil }
            return Fix(title: "Scale the font relative to `.\(style.name)`", edits: [edit])
        case .uiKit:
            return nil
        }
    }
}

/// iOS's default text style sizes, for the nearest-style fix.
private struct TextStyle {
    let name: String
    let size: Double
    /// The weight the style already has, written as in source.
    let weight: String

    static let all = [
        TextStyle(name: "largeTitle", size: 34, weight: ".regular"), TextStyle(name: "title", size: 28, weight: ".regular"),
        TextStyle(name: "title2", size: 22, weight: ".regular"), TextStyle(name: "title3", size: 20, weight: ".regular"),
        TextStyle(name: "body", size: 17, weight: ".regular"), TextStyle(name: "callout", size: 16, weight: ".regular"),
        TextStyle(name: "subheadline", size: 15, weight: ".regular"), TextStyle(name: "footnote", size: 13, weight: ".regular"),
        TextStyle(name: "caption", size: 12, weight: ".regular"), TextStyle(name: "caption2", size: 11, weight: ".regular"),
    ]
    static let headline = TextStyle(name: "headline", size: 17, weight: ".semibold")
    /// The largest size the fix maps to a style: a little above `.largeTitle`.
    static let largestFixable = 40.0

    /// The nearest style; a tie goes to the larger one, which reads more easily.
    static func nearest(to points: Double, weight: String?) -> TextStyle {
        let style = all.min { abs($0.size - points) < abs($1.size - points) } ?? all[4]
        if style.name == "body", weight == ".semibold" || weight == ".bold" { return headline }
        return style
    }
}

private extension SwiftUIView {
    /// A `Text` of one or two characters or only emoji: a badge or initials, sized on purpose.
    var isShortText: Bool {
        guard name == "Text", let argument = firstUnlabeledArgument ?? argument("verbatim")?.expression else { return false }
        if argument.isInitials { return true }
        guard let text = argument.plainStringLiteral else { return false }
        return text.count <= 2 || text.allSatisfy { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } }
    }
}

private extension ExprSyntax {
    /// `String(name.prefix(1))`, `name.first.map(String.init)`: an avatar's initial.
    var isInitials: Bool {
        tokens(viewMode: .sourceAccurate).contains { token in
            if token.text == "first" || token.text == "initials" { return true }
            guard token.text == "prefix", let argument = token.nextToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate)
            else { return false }
            return argument.text == "1" || argument.text == "2"
        }
    }
}

private extension SyntaxProtocol {
    /// In the true branch of a ternary that tests for tvOS (`UIDevice.isTV ? .system(size: 22) : .footnote`).
    var isInTVOnlyBranch: Bool {
        var child = Syntax(self)
        var node = parent
        while let current = node, !current.is(CodeBlockItemSyntax.self) {
            if let ternary = current.as(UnresolvedTernaryExprSyntax.self), ternary.thenExpression.id == child.id,
               let sequence = ternary.parent?.parent?.as(SequenceExprSyntax.self) {
                let condition = sequence.elements.prefix { $0.id != ternary.id }
                if condition.contains(where: { $0.tokens(viewMode: .sourceAccurate).contains { ["isTV", "isTVOS", "isTvOS"].contains($0.text) } }) {
                    return true
                }
            }
            child = current
            node = current.parent
        }
        return false
    }

    /// Inside `UIImage.SymbolConfiguration(font:)` or `applyingSymbolConfiguration(…)`: it sizes a symbol, not text.
    var isInsideSymbolConfiguration: Bool {
        isInsideCall { name in name.contains("SymbolConfiguration") }
    }

    /// Inside `UIFontMetrics(…).scaledFont(for:)` or an app's own `scaled(font:)`, which make a fixed font scale.
    var isInsideScaledFont: Bool {
        isInsideCall { name in name.hasPrefix("scaled") }
    }

    /// Whether a call around this node, up to the enclosing function or member, has a name (the callee's last
    /// component: `scaledFont`, `SymbolConfiguration`) that `matches`.
    private func isInsideCall(where matches: (String) -> Bool) -> Bool {
        var node = parent
        while let current = node, !current.is(MemberBlockItemSyntax.self), !current.is(FunctionDeclSyntax.self) {
            if let call = current.as(FunctionCallExprSyntax.self),
               let name = call.calledExpression.lastToken(viewMode: .sourceAccurate)?.text, matches(name) {
                return true
            }
            node = current.parent
        }
        return false
    }
}
