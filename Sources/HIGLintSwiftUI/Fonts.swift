import SwiftSyntax

/// A font written in source: one of SwiftUI's `Font` factories or a UIKit/AppKit system font.
///
/// Only these are fonts. An app's own enum with a `system(size:)` case, or a `custom(size:)` factory of
/// some other type, is not one: an implicit member (`.system(size: 12)`) counts only where the type it is
/// looked up in is evidently a font (the argument of `.font(…)`, a `font:` argument, a `Font`-typed
/// declaration, an assignment to a `font` property), and never when the file declares a look-alike.
public struct FontExpression {
    public enum Family { case system, custom, uiKit }

    public let call: FunctionCallExprSyntax
    public let family: Family
    /// The argument that fixes the point size: `size:` or `ofSize:`.
    public let sizeArgument: LabeledExprSyntax
    /// Where the font goes.
    public let use: FontUse

    /// The member names a font factory may have.
    public static let factoryNames: Set<String> = ["system", "custom", "systemFont", "boldSystemFont", "italicSystemFont"]
    static let swiftUIFontTypes: Set<String> = ["Font", "SwiftUI.Font", "SwiftUICore.Font"]
    static let platformFontTypes: Set<String> = ["UIFont", "NSFont", "UIKit.UIFont", "AppKit.NSFont"]

    /// A font with a point size (`.system(size:)`, `.custom(_:size:)`, `UIFont.systemFont(ofSize:)`), or `nil`
    /// for anything else, including `.custom(_:size:relativeTo:)` and `.custom(_:fixedSize:)`.
    public init?(_ call: FunctionCallExprSyntax, in file: SwiftUIFile) {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              Self.factoryNames.contains(member.declName.baseName.text)
        else { return nil }
        let base = member.base?.trimmedSource
        let swiftUI = base == nil || base.map(Self.swiftUIFontTypes.contains) == true
        let platform = base == nil || base.map(Self.platformFontTypes.contains) == true
        switch member.declName.baseName.text {
        case "system" where swiftUI:
            guard let size = call.argument("size") else { return nil }
            (family, sizeArgument) = (.system, size)
        case "custom" where swiftUI:
            // `Font.custom(_ name:size:)`: the name comes first, unlabelled.
            guard let size = call.argument("size"), call.arguments.first?.label == nil, !call.hasArgument("relativeTo")
            else { return nil }
            (family, sizeArgument) = (.custom, size)
        case "systemFont" where platform, "boldSystemFont" where platform, "italicSystemFont" where platform:
            guard let size = call.argument("ofSize") else { return nil }
            (family, sizeArgument) = (.uiKit, size)
        default:
            return nil
        }
        guard let use = FontUse(of: call) else { return nil }
        if base == nil, !use.isTypedAsFont || file.declaresFontLookalike(member.declName.baseName.text) { return nil }
        self.call = call
        self.use = use
    }

    public var size: ExprSyntax { sizeArgument.expression }
    public var weight: ExprSyntax? { call.argument("weight")?.expression }
    public var design: ExprSyntax? { call.argument("design")?.expression }
    /// A custom font of icons (`.custom("materialdesignicons-webfont", size: 20)`, Font Awesome): its glyphs are
    /// symbols, sized like images, not text.
    public var isIconFont: Bool {
        guard family == .custom, let name = call.arguments.first?.expression.plainStringLiteral?.lowercased() else { return false }
        return ["icon", "glyph", "symbol", "awesome"].contains { name.contains($0) }
    }

    /// Words of a name that says a font sizes symbols, not text.
    static let symbolWords: Set<String> = [
        "symbol", "symbols", "icon", "icons", "iconography", "glyph", "glyphs", "image", "images",
    ]

    /// Whether the font is held in a name that says it sizes symbols or icons (`symbolFont`, `iconFont`).
    /// The type holding the declaration counts too: `enum Iconography { static let small = Font.system(size: 12) }`.
    public var isNamedForSymbols: Bool {
        guard case .declaration(let name, _) = use else { return false }
        var names = [name]
        var node = call.parent
        while let current = node {
            if let typeName = SwiftUIFile.typeName(of: current) { names.append(typeName) }
            node = current.parent
        }
        return names.flatMap(camelCaseWords).contains { Self.symbolWords.contains($0.lowercased()) }
    }

    /// `NSFont.systemFont(ofSize:)`: AppKit code, which runs only on macOS, where there is no Dynamic Type.
    public var isAppKit: Bool { ["NSFont", "AppKit.NSFont"].contains(writtenType?.trimmedSource ?? "") }

    /// The explicit type written before the factory (`Font` in `Font.system(size: 12)`), if any.
    public var writtenType: ExprSyntax? { call.calledExpression.as(MemberAccessExprSyntax.self)?.base }

    /// The size follows Dynamic Type or the reader's own choice: `@ScaledMetric`, `UIFontMetrics`,
    /// `UIFont.preferredFont(…).pointSize`, or an `@AppStorage` setting (a reader's text size).
    public func sizeScales(in file: SwiftUIFile) -> Bool {
        if file.valueScales(size) { return true }
        if size.containsMemberAccess(named: "scaledValue") || size.containsMemberAccess(named: "preferredFont") { return true }
        let type = file.enclosingType(of: size)
        for token in size.tokens(viewMode: .sourceAccurate) {
            guard case .identifier = token.tokenKind, let property = file.property(token.text, in: type) else { continue }
            // Scaled, or chosen by people at run time: a setting, a slider's or a pinch's state.
            if ["ScaledMetric", "AppStorage", "SceneStorage", "State", "Binding"].contains(where: property.hasAttribute) { return true }
            // Worked out from the reader's text size (`switch sizeCategory { … }`, `dynamicTypeSize`).
            if let body = property.body, body.tokens(viewMode: .sourceAccurate).contains(where: {
                ["sizeCategory", "dynamicTypeSize", "preferredContentSizeCategory"].contains($0.text)
            }) {
                return true
            }
        }
        return false
    }

    /// A size passed in by the caller (`func font(size: CGFloat) -> Font`): the choice is the caller's,
    /// who often scales it with `UIFontMetrics` first.
    public var sizeIsParameter: Bool {
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
    public var isPlaceholderSize: Bool { (size.numberLiteral ?? 2) < 2 }

    /// The point size, when the source says it (a literal or a constant holding one).
    public func points(in file: SwiftUIFile) -> Double? { file.numericValue(of: size) }
}

/// Where a font expression goes.
public enum FontUse {
    /// The argument of a `.font(…)` modifier (through ternaries and font modifiers such as `.weight(…)`).
    case modifier(MemberAccessExprSyntax)
    /// The value of a declaration with this name: `static let cardTitle = Font.system(size: 22)`.
    case declaration(name: String, isTypedAsFont: Bool)
    /// Somewhere a font is expected: a `font:` argument, an assignment to `label.font`.
    case fontSlot
    /// Somewhere else; only an explicitly typed font (`Font.system(…)`) is a font there.
    case unknown

    /// Whether the place says its value is a font, so that an implicit member (`.system(size:)`) is `Font`'s.
    var isTypedAsFont: Bool {
        switch self {
        case .modifier, .fontSlot: true
        case .declaration(_, let typed): typed
        case .unknown: false
        }
    }

    init?(of call: FunctionCallExprSyntax) {
        var node = Syntax(call)
        while let parent = node.parent {
            if let argument = parent.as(LabeledExprSyntax.self), argument.parent?.parent?.is(TupleExprSyntax.self) != true {
                // `font:`, `valueFont:`; but `symbolFont:` sizes a symbol, which is no text.
                if let label = argument.label?.text, camelCaseWords(label).last?.lowercased() == "font" {
                    self = FontExpression.symbolWords.contains(where: camelCaseWords(label).map { $0.lowercased() }.contains) ? .unknown : .fontSlot
                    return
                }
                if let modifierCall = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                   let member = modifierCall.calledExpression.as(MemberAccessExprSyntax.self) {
                    let name = member.declName.baseName.text
                    if name == "font", argument.label == nil { self = .modifier(member); return }
                    if name == "scaledFont" { self = .fontSlot; return }
                }
                self = .unknown
                return
            }
            if let sequence = parent.as(SequenceExprSyntax.self), sequence.elements.contains(where: { $0.is(AssignmentExprSyntax.self) }) {
                self = sequence.elements.first?.lastToken(viewMode: .sourceAccurate)?.text == "font" ? .fontSlot : .unknown
                return
            }
            if let element = parent.as(DictionaryElementSyntax.self) {
                self = element.key.trimmedSource == ".font" ? .fontSlot : .unknown
                return
            }
            if parent.is(InitializerClauseSyntax.self) || parent.is(CodeBlockItemSyntax.self) || parent.is(ReturnStmtSyntax.self) {
                self = Self.declaration(around: parent)
                return
            }
            guard parent.is(MemberAccessExprSyntax.self) || parent.is(FunctionCallExprSyntax.self) || parent.is(TernaryExprSyntax.self)
                    || parent.is(UnresolvedTernaryExprSyntax.self) || parent.is(TupleExprSyntax.self)
                    || parent.is(LabeledExprListSyntax.self) || parent.is(LabeledExprSyntax.self)
                    || parent.is(SequenceExprSyntax.self) || parent.is(ExprListSyntax.self)
            else { self = .unknown; return }
            node = parent
        }
        self = .unknown
    }

    /// The `let`/`var`/`func` whose value is the statement or initialiser at `node`; a closure in between
    /// hides it (the closure's value is not the declaration's).
    private static func declaration(around node: Syntax) -> FontUse {
        var current: Syntax? = node
        while let candidate = current {
            // A parameter's default value: `func title(font: Font = .system(size: 12))`.
            if let parameter = candidate.as(FunctionParameterSyntax.self) {
                return .declaration(name: (parameter.secondName ?? parameter.firstName).text, isTypedAsFont: isFontType(parameter.type))
            }
            if let binding = candidate.as(PatternBindingSyntax.self) {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .unknown }
                return .declaration(name: name, isTypedAsFont: binding.typeAnnotation.map { isFontType($0.type) } ?? false)
            }
            if let function = candidate.as(FunctionDeclSyntax.self) {
                let typed = function.signature.returnClause.map { isFontType($0.type) } ?? false
                return .declaration(name: function.name.text, isTypedAsFont: typed)
            }
            if candidate.is(ClosureExprSyntax.self) || candidate.is(MemberBlockItemSyntax.self) { return .unknown }
            current = candidate.parent
        }
        return .unknown
    }

    private static func isFontType(_ type: TypeSyntax) -> Bool {
        var name = type.trimmedSource
        if name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
        return FontExpression.swiftUIFontTypes.contains(name) || FontExpression.platformFontTypes.contains(name)
    }
}

extension SwiftUIFile {
    /// Whether a type of this file other than a font declares a case or static function named like a font factory
    /// (`enum AppFont { case system(size: CGFloat) }`), so that `.system(size:)` may be that type's.
    public func declaresFontLookalike(_ name: String) -> Bool {
        remember("declaresFontLookalike.\(name)", about: tree) {
            types.values.contains { type in
                guard !FontExpression.swiftUIFontTypes.contains(type.name), !FontExpression.platformFontTypes.contains(type.name)
                else { return false }
                if type.functions[name] != nil { return true }
                guard let members = type.declaration.asProtocol(DeclGroupSyntax.self)?.memberBlock.members else { return false }
                return members.contains { item in
                    item.decl.as(EnumCaseDeclSyntax.self)?.elements.contains { $0.name.text == name } == true
                }
            }
        }
    }
}

/// iOS's default text style sizes, for the nearest-style fix.
public struct TextStyle: Sendable {
    public let name: String
    public let size: Double
    /// The weight the style already has, written as in source.
    public let weight: String

    static let all = [
        TextStyle(name: "largeTitle", size: 34, weight: ".regular"), TextStyle(name: "title", size: 28, weight: ".regular"),
        TextStyle(name: "title2", size: 22, weight: ".regular"), TextStyle(name: "title3", size: 20, weight: ".regular"),
        TextStyle(name: "body", size: 17, weight: ".regular"), TextStyle(name: "callout", size: 16, weight: ".regular"),
        TextStyle(name: "subheadline", size: 15, weight: ".regular"), TextStyle(name: "footnote", size: 13, weight: ".regular"),
        TextStyle(name: "caption", size: 12, weight: ".regular"), TextStyle(name: "caption2", size: 11, weight: ".regular"),
    ]
    static let headline = TextStyle(name: "headline", size: 17, weight: ".semibold")

    /// The APIs beyond SwiftUI's first release that writing this style needs.
    public var apis: [SwiftUIAPI] {
        switch name {
        case "title2", "title3", "caption2": [.laterTextStyles]
        case "largeTitle": [.largeTitle]
        default: []
        }
    }
    /// Whether text scaled as body text is (`Font.custom(_:size:)` without `relativeTo:`) grows far past this
    /// style at accessibility sizes: at the largest, body grows 3.1 times, `.title2` 2.5, `.title` 2.1 and
    /// `.largeTitle` 1.8; smaller styles grow within a tenth of body.
    public var outgrowsWhenScaledAsBody: Bool { ["title2", "title", "largeTitle"].contains(name) }

    /// From this size on, text is display text (wordmarks, hero numbers), far from any text style.
    public static let displaySize = 40.0

    /// The nearest style; a tie goes to the larger one, which reads more easily.
    public static func nearest(to points: Double, weight: String?) -> TextStyle {
        let style = all.min { abs($0.size - points) < abs($1.size - points) } ?? all[4]
        if style.name == "body", weight == ".semibold" || weight == ".bold" { return headline }
        return style
    }
}

extension SwiftUIFile {
    /// A `Text` of one or two characters or only emoji (its literal, or the constant it shows): a badge or
    /// initials, sized on purpose.
    public func isShortText(_ view: SwiftUIView) -> Bool {
        guard view.name == "Text", let argument = view.firstUnlabeledArgument ?? view.argument("verbatim")?.expression
        else { return false }
        if argument.isInitials || argument.namesEmoji || isBadge(view) || showsItemOfShortLiterals(argument) { return true }
        return showsOnlyShortLiterals(argument)
    }

    /// `Text(mood)` in `ForEach(["😀", "🙂"], id: \.self) { mood in … }` (or `$0`, or an array held in a constant of
    /// the file): every string it shows is one of a literal array's, each one or two characters or emoji, such as a
    /// picker's emoji labels.
    private func showsItemOfShortLiterals(_ argument: ExprSyntax) -> Bool {
        guard let name = argument.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        var node = argument.parent
        while let current = node, !current.is(DeclSyntax.self) {
            node = current.parent
            guard let closure = current.as(ClosureExprSyntax.self), Self.firstParameter(of: closure) == name else { continue }
            let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
            guard let call, call.calledExpression.trimmedSource == "ForEach", let data = call.arguments.first?.expression,
                  let array = data.as(ArrayExprSyntax.self) ?? madeValue(of: data)?.as(ArrayExprSyntax.self), !array.elements.isEmpty
            else { return false }
            return array.elements.allSatisfy { $0.expression.plainStringLiteral.map(Self.isShort) ?? false }
        }
        return false
    }

    /// The name a closure's first parameter goes by: `mood` in `{ mood in … }`, `$0` without a signature.
    private static func firstParameter(of closure: ClosureExprSyntax) -> String? {
        switch closure.signature?.parameterClause {
        case nil: return "$0"
        case .simpleInput(let list)?: return list.first?.name.text
        case .parameterClause(let clause)?: return (clause.parameters.first?.secondName ?? clause.parameters.first?.firstName)?.text
        @unknown default: return nil
        }
    }

    /// A text drawn into a small frame of fixed width and height (`Text("\(count)").frame(width: 18, height: 18)`
    /// on a circle): a badge, whose glyphs must fit the shape, not text that reads at the user's size.
    private func isBadge(_ view: SwiftUIView) -> Bool {
        view.modifiers.contains { modifier in
            guard modifier.name == "frame", let width = modifier.argument("width").flatMap({ numericValue(of: $0.expression) }),
                  let height = modifier.argument("height").flatMap({ numericValue(of: $0.expression) })
            else { return false }
            return width <= Self.badgeExtent && height <= Self.badgeExtent
        }
    }

    /// The largest frame, in points, a badge's text is drawn into.
    static let badgeExtent = 32.0

    /// Whether a string expression (an attributed string's `string:`) is one or two characters or only emoji: its
    /// literal, a value named for an emoji or initials, or the literal a name it reads is made of.
    public func isShortString(_ expression: ExprSyntax) -> Bool {
        expression.isInitials || expression.namesEmoji || showsOnlyShortLiterals(expression)
    }

    /// Whether every string `expression` can show is written in this file and is one or two characters or only
    /// emoji (`shownLiterals(of:)`): `"★"`, `isOn ? "✓" : "–"`, a property set to `"%"` or returning `"g"` or `"mL"`.
    func showsOnlyShortLiterals(_ expression: ExprSyntax) -> Bool {
        guard let texts = shownLiterals(of: expression), !texts.isEmpty else { return false }
        return texts.allSatisfy(Self.isShort)
    }

    /// The strings an expression can be, when this file writes every one of them as a literal: the literal itself,
    /// each branch of a ternary (`isOn ? "✓" : "–"`), what a name holds for good (`constantValue(of:)`: not a `@State` the file sets at run time), or every value a
    /// computed property of the type returns (each `return`, each case of a `switch` or branch of an `if` that is
    /// the whole body). `nil` when any of them is something else: a number, a call, another type's property, or an
    /// interpolation, since an interpolated text is never short (RULES.md).
    func shownLiterals(of expression: ExprSyntax, depth: Int = 0) -> [String]? {
        guard depth < 5 else { return nil }
        if let literal = expression.plainStringLiteral { return [literal] }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
           only.label == nil {
            return shownLiterals(of: only.expression, depth: depth + 1)
        }
        if let branches = Self.ternaryBranches(of: expression) {
            return literals(of: branches, depth: depth)
        }
        if expression.is(SwitchExprSyntax.self) || expression.is(IfExprSyntax.self) {
            guard let branches = Self.branchValues(of: expression) else { return nil }
            return literals(of: branches, depth: depth)
        }
        if let value = constantValue(of: expression) { return shownLiterals(of: value, depth: depth + 1) }
        guard let path = expression.referencePath, path.count == 1 || (path.count == 2 && path[0] == "self"),
              expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self),
              let name = path.last, let body = property(name, in: enclosingType(of: expression))?.body,
              let returned = Self.returnedValues(of: body)
        else { return nil }
        return literals(of: returned, depth: depth)
    }

    private func literals(of expressions: [ExprSyntax], depth: Int) -> [String]? {
        var all: [String] = []
        for expression in expressions {
            guard let texts = shownLiterals(of: expression, depth: depth + 1) else { return nil }
            all += texts
        }
        return all
    }

    /// The two values of `condition ? a : b`, folded or as written (`x == y ? a : b`); a chain of ternaries gives
    /// each value (`a ? "S" : b ? "M" : "L"`). `nil` unless the ternaries are the whole expression.
    static func ternaryBranches(of expression: ExprSyntax) -> [ExprSyntax]? {
        if let ternary = expression.as(TernaryExprSyntax.self) { return [ternary.thenExpression, ternary.elseExpression] }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        let ternaries = elements.compactMap { $0.as(UnresolvedTernaryExprSyntax.self) }
        guard !ternaries.isEmpty, elements.count >= 3, elements[elements.count - 2].is(UnresolvedTernaryExprSyntax.self),
              !elements.contains(where: { $0.is(AssignmentExprSyntax.self) })
        else { return nil }
        return ternaries.map(\.thenExpression) + [elements[elements.count - 1]]
    }

    /// What a computed property's body returns: its one expression (each case of a `switch` or branch of an `if`
    /// that is the whole body), or the value of every `return`. `nil` when a `return` has no value or a branch is
    /// not one expression.
    static func returnedValues(of body: CodeBlockItemListSyntax) -> [ExprSyntax]? {
        if body.count == 1, let only = body.first {
            if let expression = only.item.as(ExprSyntax.self) ?? only.item.as(ExpressionStmtSyntax.self)?.expression {
                return branchValues(of: expression)
            }
        }
        let collector = ReturnCollector(viewMode: .sourceAccurate)
        collector.walk(body)
        guard !collector.returns.isEmpty else { return nil }
        var values: [ExprSyntax] = []
        for statement in collector.returns {
            guard let value = statement.expression else { return nil }
            values.append(value)
        }
        return values
    }

    /// The values of a `switch` or `if` expression (each branch one expression), or the expression itself.
    private static func branchValues(of expression: ExprSyntax) -> [ExprSyntax]? {
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            var values: [ExprSyntax] = []
            for element in switchExpression.cases {
                guard let switchCase = element.as(SwitchCaseSyntax.self), let value = singleValue(of: switchCase.statements),
                      let branch = branchValues(of: value)
                else { return nil }
                values += branch
            }
            return values.isEmpty ? nil : values
        }
        if let ifExpression = expression.as(IfExprSyntax.self) {
            guard let then = singleValue(of: ifExpression.body.statements), let thenValues = branchValues(of: then) else { return nil }
            switch ifExpression.elseBody {
            case .codeBlock(let block)?:
                guard let value = singleValue(of: block.statements), let elseValues = branchValues(of: value) else { return nil }
                return thenValues + elseValues
            case .ifExpr(let next)?:
                guard let elseValues = branchValues(of: ExprSyntax(next)) else { return nil }
                return thenValues + elseValues
            case nil:
                return nil
            @unknown default:
                return nil
            }
        }
        return [expression]
    }

    private static func singleValue(of statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard statements.count == 1, let only = statements.first else { return nil }
        if let value = only.item.as(ExprSyntax.self) ?? only.item.as(ExpressionStmtSyntax.self)?.expression { return value }
        return only.item.as(ReturnStmtSyntax.self)?.expression
    }

    /// A UIKit label (`errorLabel` in `errorLabel.font = …`) whose text this file sets, and sets only to strings of one
    /// or two characters or emoji (`errorLabel.text = "⚠"`), never to an attributed string: a glyph or a badge.
    public func labelShowsOnlyShortText(_ name: String) -> Bool {
        var setsText = false
        for use in references(to: name) {
            var reference = use
            if let member = use.parent?.as(MemberAccessExprSyntax.self), member.declName.id == use.id,
               member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                reference = ExprSyntax(member)
            }
            guard let property = reference.parent?.as(MemberAccessExprSyntax.self), property.base?.id == reference.id else { continue }
            switch property.declName.baseName.text {
            case "attributedText":
                return false
            case "text":
                guard let sequence = property.parent?.as(ExprListSyntax.self), sequence.first?.id == property.id,
                      sequence.count == 3, sequence.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
                      let value = sequence.last, showsOnlyShortLiterals(value)
                else { return false }
                setsText = true
            default:
                continue
            }
        }
        return setsText
    }

    private static func isShort(_ text: String) -> Bool {
        text.count <= 2 || text.allSatisfy { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } }
    }
}

private extension ExprSyntax {
    /// `location.emoji`, `value.emojiCharacter`, `emoji` bound by `case .emoji(let emoji)`: a value named for an
    /// emoji is one, whatever the code around says of its length.
    var namesEmoji: Bool {
        guard let last = Array(tokens(viewMode: .sourceAccurate)).last(where: { if case .identifier = $0.tokenKind { return true } else { return false } }) else { return false }
        return last.text.lowercased().contains("emoji")
    }

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

extension SyntaxProtocol {
    /// In the true branch of a ternary that tests for tvOS (`UIDevice.isTV ? .system(size: 22) : .footnote`).
    public var isInTVOnlyBranch: Bool {
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
    public var isInsideSymbolConfiguration: Bool {
        isInsideCall { name in name.contains("SymbolConfiguration") }
    }

    /// Inside `UIFontMetrics(…).scaledFont(for:)` or an app's own `scaled(font:)`, which make a fixed font scale.
    public var isInsideScaledFont: Bool {
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

/// The `return` statements of a body, leaving out those of closures and functions declared inside it.
private final class ReturnCollector: SyntaxVisitor {
    var returns: [ReturnStmtSyntax] = []

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        returns.append(node)
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
