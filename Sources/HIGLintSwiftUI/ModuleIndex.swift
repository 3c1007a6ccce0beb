import SwiftSyntax

/// What the files of the linted module say about the view types, styles and helpers they declare and use:
/// the facts a rule reading one file needs from the others (RULES.md, *Module knowledge*).
///
/// Each file contributes its part (`init(contributionOf:)`), worked out from its own tree alone so that it can be
/// cached by the file's bytes; the module's index is the union of the parts. A name is a type's or member's base
/// name: two types of the same name in one module are one to the index, which errs towards silence.
public struct ModuleIndex: Sendable, Equatable {
    /// View types whose `body` shows only images, none of them labelled (`CompoundIcon`, an `IconView`).
    public var imageOnlyViews: Set<String> = []
    /// View types whose declaration holds a `Chart`.
    public var chartViews: Set<String> = []
    /// View types whose declaration attaches a `.contextMenu`.
    public var contextMenuViews: Set<String> = []
    /// `ButtonStyle`, `PrimitiveButtonStyle` and `LabelStyle` types whose `makeBody` draws a text of its own.
    public var titleDrawingStyles: Set<String> = []
    /// Functions that take closures and attach a `.contextMenu`: the actions passed are its items.
    public var contextMenuHelpers: Set<String> = []
    /// Functions that build menu items from the closures they are given: every control they build is a `Button`
    /// whose action only runs a closure parameter (`Button(action: onVote)`, `Button { onUnvote() } label: { … }`).
    /// Written inside a `.contextMenu { … }`, such a call offers exactly the actions passed to it.
    public var menuItemHelpers: Set<String> = []
    /// Properties and functions declared to return an `Image`.
    public var imageMembers: Set<String> = []
    /// Types whose members a `ShareLink` shares (`Links` in `ShareLink(item: Links.appStore)`, `Draft` in
    /// `ShareLink(item: draft.password)` where `draft` is declared a `Draft`: `SwiftUIFile.declaredMember(of:)`).
    public var shareItemTypes: Set<String> = []
    /// Members of those types, as `Type.member`, that hold or return text or a URL (`String`, `AttributedString`,
    /// `URL`, optional or not, or a `let` set to a string literal or `URL(…)`): what a `ShareLink` previews by itself.
    /// Worked out for the types in `shareItemTypes` only.
    public var textOrURLMembers: Set<String> = []
    /// View types a `ForEach` (or `List(items)`) repeats somewhere as rows of a `List`/`Form` or a `LazyVStack`/`LazyHStack`.
    public var rowViews: Set<String> = []
    /// View types used somewhere as a cell of a `LazyVGrid`, `LazyHGrid` or `Grid`.
    public var cellViews: Set<String> = []
    /// View types given a title where they are used: a header, a `GroupBox` label, a `Text` right before them.
    public var titledViews: Set<String> = []
    /// View types with a use that has no title around it, where the file of the use shows all there is to see (no
    /// header, `GroupBox` label, `Text` before it or navigation title): a chart view used so has no title there.
    public var untitledUseViews: Set<String> = []
    /// View types labelled or hidden for VoiceOver where they are used: `.accessibilityLabel`/`.accessibilityHidden`
    /// on the use, or a `Label`, a titled control or a hidden container around it.
    public var labelledViews: Set<String> = []
    /// View types shown in the label of a control whose label has text, beside them or (out of sight there) their
    /// own: `NavigationLink(value: chat) { ChatRow(chat) }`. The control is one element read by that text; what
    /// the type shows is part of it, but a control the type is stays an element of its own.
    public var controlLabelViews: Set<String> = []
    /// View types that show a view they are given (`@ViewBuilder let label: () -> Label`) as the label of a control
    /// of their own (`Button { open() } label: { label() }`): a link wrapper such as `ArticleLink { CardView() }`.
    public var controlWrapperViews: Set<String> = []
    /// Where view types show the views they are given (`GivenContent.swift`): per place their declaration shows a
    /// given view, `Type.property=Control.role` inside a control (`Card.contents=Button.label`), `Type.property=-`
    /// outside any, followed by `?name` (`!name`) when an `if let name` on an optional property shows it only when
    /// that property is (is not) passed; and `Type#n=property` (`+` when it has a default) for the closure
    /// parameters of its initialiser in order, which say what an unlabelled trailing closure fills.
    public var givenContentPlacements: Set<String> = []
    /// Uses inside the closure of a view type of the module, as `Type.` and the use
    /// (`ModuleIndex.givenContentUse(of:)`: `CardView.ArticleLink/_/article`), and otherwise unlabelled: in a
    /// control's label when the wrapper puts that closure there (`placesInControlLabel(givenContentUse:)`), which only
    /// the whole module knows.
    public var wrappedLabelViews: Set<String> = []
    /// View types with a use that neither labels nor hides them, nor shows them in a labelled control's label: a
    /// label given at one use says nothing of another (`PosterImage` in a titled row, and alone in a grid cell).
    public var unlabelledUseViews: Set<String> = []
    /// Uses as the label of a button styled with a style of the module, as `Type.Style`, and otherwise unlabelled:
    /// labelled when that style draws a title of its own (`titleDrawingStyles`), which only the whole module knows.
    public var styledLabelViews: Set<String> = []
    /// View types the module declares with a control's name (`ModeToggle`, `SegmentPicker`,
    /// `SwiftUIFile.controlNameSuffixes`): their cells are code the linter can read, unlike another package's.
    public var controlViews: Set<String> = []
    /// View types a row with `.swipeActions` opens through its `NavigationLink` (`navigationDestinationType(of:)`).
    public var swipeDestinations: Set<String> = []
    /// What those screens let people do, as `Type.key` (`ActionButton.actionKeys`): a detail screen that offers a
    /// swiped action is the HIG's other path to it. Worked out for the types in `swipeDestinations` only.
    public var screenActions: Set<String> = []
    /// The screens the module's `.navigationDestination(for:)` show, as `ValueType>Screen`
    /// (`SwiftUIFile.valueDestinations()`).
    public var valueDestinations: Set<String> = []
    /// The types of the values swiped `NavigationLink(value:)` rows link to (`SwiftUIFile.linkedValueType(of:)`): the
    /// screens `valueDestinations` gives them are parsed for what they offer, like `swipeDestinations`.
    public var swipeValueTypes: Set<String> = []
    /// Properties, by name, whose value people choose: stored in a setting (`@AppStorage`, `@SceneStorage`) or bound
    /// to a control that sets it (`Slider(value: $theme.bodySize)`, `Stepper(value:)`), in any
    /// file: a theme editor's or a reader's text size.
    public var chosenValues: Set<String> = []
    /// Where the module creates each view type (`ModuleReach`): a fact of the whole module, worked out after the
    /// files' parts are joined, never part of one file's.
    public var reach = ModuleReach()

    public init() {}

    public var isEmpty: Bool { self == ModuleIndex() }

    private static let fieldNames = ["image", "chart", "menu", "style", "menuHelper", "imageMember", "row", "cell", "titled", "labelled", "controlLabel", "control", "unlabelledUse", "swipeDestination", "screenAction", "styledLabel", "shareItemType", "textOrURL", "controlWrapper", "wrappedLabel", "untitledUse", "chosenValue", "menuItemHelper", "givenContent", "valueDestination", "swipeValueType"]
    private static var fields: [WritableKeyPath<ModuleIndex, Set<String>>] {
        [\.imageOnlyViews, \.chartViews, \.contextMenuViews, \.titleDrawingStyles, \.contextMenuHelpers, \.imageMembers,
         \.rowViews, \.cellViews, \.titledViews, \.labelledViews, \.controlLabelViews, \.controlViews, \.unlabelledUseViews,
         \.swipeDestinations, \.screenActions, \.styledLabelViews, \.shareItemTypes, \.textOrURLMembers, \.controlWrapperViews, \.wrappedLabelViews, \.untitledUseViews, \.chosenValues, \.menuItemHelpers, \.givenContentPlacements, \.valueDestinations, \.swipeValueTypes]
    }

    public mutating func formUnion(_ other: ModuleIndex) {
        for field in Self.fields { self[keyPath: field].formUnion(other[keyPath: field]) }
    }

    /// Every fact in a fixed order, one field per line: equal indexes give equal text, and the text reads back
    /// (`init(encoded:)`), so that a file's part can be cached and the module's can enter cache keys.
    public var encoded: String {
        let sets = zip(Self.fieldNames, Self.fields).compactMap { name, field in
            let names = self[keyPath: field]
            return names.isEmpty ? nil : name + "=" + names.sorted().joined(separator: ",")
        }
        return (sets + (reach.isEmpty ? [] : ["reach=" + reach.encoded])).joined(separator: ";")
    }

    public init?(encoded: some StringProtocol) {
        for part in encoded.split(separator: ";") {
            guard let equals = part.firstIndex(of: "=") else { return nil }
            let name = String(part[..<equals]), value = part[part.index(after: equals)...]
            if name == "reach" {
                guard let reach = ModuleReach(encoded: value) else { return nil }
                self.reach = reach
                continue
            }
            guard let index = Self.fieldNames.firstIndex(of: name) else { return nil }
            self[keyPath: Self.fields[index]] = Set(value.split(separator: Character(",")).map { String($0) })
        }
    }

    // MARK: One file's part

    /// The facts one file gives: what the types it declares render, and how it uses view types.
    public init(contributionOf file: SwiftUIFile) {
        for (name, type) in file.types {
            if type.isView {
                if let body = type.properties["body"]?.body, file.showsOnlyUnlabelledImages(ViewBuilderContent.views(in: body)) {
                    imageOnlyViews.insert(name)
                }
                if type.parts.contains(where: Self.holdsChart) { chartViews.insert(name) }
                if type.parts.contains(where: { $0.containsMemberAccess(named: "contextMenu") }) { contextMenuViews.insert(name) }
                if SwiftUIFile.isNamedLikeControl(name) { controlViews.insert(name) }
                recordGivenContentPlacements(of: type, named: name)
                if givenContentPlacements.contains(where: { $0.hasPrefix(name + ".") && $0.split(separator: "=").last?.first != "-" }) {
                    controlWrapperViews.insert(name)
                }
            }
            if Self.styleProtocols.contains(where: type.conforms(to:)),
               type.functions["makeBody"]?.contains(where: { $0.body.map(Self.drawsText) ?? false }) == true {
                titleDrawingStyles.insert(name)
            }
            for (functionName, functions) in type.functions {
                for function in functions {
                    if Self.isImageType(function.signature.returnClause?.type) { imageMembers.insert(functionName) }
                    if function.signature.parameterClause.parameters.contains(where: { $0.type.is(FunctionTypeSyntax.self) || $0.type.trimmedSource.contains("->") }),
                       function.body?.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "contextMenu" && $0.parent?.is(DeclReferenceExprSyntax.self) == true }) == true {
                        contextMenuHelpers.insert(functionName)
                    }
                    if Self.buildsItemsFromClosures(function) { menuItemHelpers.insert(functionName) }
                }
            }
            for (propertyName, property) in type.properties where Self.isImageType(property.typeAnnotation) {
                imageMembers.insert(propertyName)
            }
            for (propertyName, property) in type.properties where ["AppStorage", "SceneStorage"].contains(where: property.hasAttribute) {
                chosenValues.insert(propertyName)
            }
        }
        recordChosenValues(in: file)
        recordUses(in: file)
        recordSwipeDestinations(in: file)
        valueDestinations.formUnion(file.valueDestinations())
        recordShareItems(in: file)
    }

    /// Whether every control `function` builds is a `Button` that only runs one of its closure parameters, and it
    /// builds one at least (`ModuleIndex.menuItemHelpers`).
    private static func buildsItemsFromClosures(_ function: FunctionDeclSyntax) -> Bool {
        let closureParameters = Set(function.signature.parameterClause.parameters.compactMap { parameter -> String? in
            guard parameter.type.is(FunctionTypeSyntax.self) || parameter.type.trimmedSource.contains("->") else { return nil }
            return (parameter.secondName ?? parameter.firstName).text
        })
        guard !closureParameters.isEmpty, let body = function.body else { return false }
        let controls = body.tokens(viewMode: .sourceAccurate).compactMap { token -> SwiftUIView? in
            guard actionControlNames.contains(token.text), let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == reference.id
            else { return nil }
            return SwiftUIView(call: call)
        }
        return !controls.isEmpty && controls.allSatisfy { control in
            let calls = ActionButton(view: control).actionCalls
            return control.name == "Button" && !calls.isEmpty && Set(calls).isSubset(of: closureParameters)
        }
    }

    /// The properties this file binds to a control that sets a value: `fontSize` in `Slider(value: $settings.fontSize)`.
    private mutating func recordChosenValues(in file: SwiftUIFile) {
        let controls: [String: String] = ["Slider": "value", "Stepper": "value"]
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            guard let label = controls[token.text], let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == reference.id,
                  let binding = call.arguments.first(where: { $0.label?.text == label })?.expression,
                  binding.trimmedSource.hasPrefix("$"),
                  let name = Array(binding.tokens(viewMode: .sourceAccurate)).last(where: {
                      switch $0.tokenKind { case .identifier, .dollarIdentifier: true; default: false }
                  })
            else { continue }
            chosenValues.insert(name.text.hasPrefix("$") ? String(name.text.dropFirst()) : name.text)
        }
    }

    /// The types this file's `ShareLink`s share a member of, and what those declared here hold.
    private mutating func recordShareItems(in file: SwiftUIFile) {
        for token in file.tree.tokens(viewMode: .sourceAccurate) where token.text == "ShareLink" {
            guard let call = token.parent?.parent?.as(FunctionCallExprSyntax.self),
                  let item = call.arguments.first(where: { $0.label?.text == "item" })?.expression,
                  let member = file.declaredMember(of: item)
            else { continue }
            shareItemTypes.insert(member.type)
        }
        addTextOrURLMembers(of: shareItemTypes, in: file)
    }

    /// Adds the members of `types` declared in `file` that hold or return text or a URL.
    public mutating func addTextOrURLMembers(of types: Set<String>, in file: SwiftUIFile) {
        for name in types {
            guard let type = file.types[name] else { continue }
            for (propertyName, property) in type.properties where Self.holdsTextOrURL(property) {
                textOrURLMembers.insert(name + "." + propertyName)
            }
            for (functionName, functions) in type.functions
            where functions.contains(where: { Self.isTextOrURLType($0.signature.returnClause?.type) }) {
                textOrURLMembers.insert(name + "." + functionName)
            }
        }
    }

    /// The screens this file's swiped rows open, and what those declared here offer.
    private mutating func recordSwipeDestinations(in file: SwiftUIFile) {
        for token in file.tree.tokens(viewMode: .sourceAccurate) where token.text == "swipeActions" {
            guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), let row = file.view(modifiedBy: member)
            else { continue }
            if let destination = file.navigationDestinationType(of: row) { swipeDestinations.insert(destination) }
            if let type = file.linkedValueType(of: row) { swipeValueTypes.insert(type) }
            swipeValueTypes.formUnion(file.appendedValueTypes(of: row))
            // The sheets the swipe's buttons present, for whether they ask first (`destructiveControlKey`).
            if let content = row.modifier(at: member)?.call.flatMap({ $0.trailingClosure ?? $0.closure("content") }) {
                swipeDestinations.formUnion(file.presentedTypes(drivenBy: file.stateWritten(by: content), kinds: sheetPresentations))
            }
        }
        addScreenActions(of: swipeDestinations, in: file)
    }

    /// Adds what the screens of `types` declared in `file` offer.
    public mutating func addScreenActions(of types: Set<String>, in file: SwiftUIFile) {
        for type in types where file.types[type] != nil {
            screenActions.formUnion(file.screenActionKeys(ofType: type).map { type + "." + $0 })
        }
    }

    /// What the screen of view type `name` offers (`SwiftUIFile.screenActionKeys(ofType:)`), from any file.
    public func screenActionKeys(ofType name: String) -> Set<String> {
        let prefix = name + "."
        return Set(screenActions.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
    }

    static let styleProtocols = ["ButtonStyle", "PrimitiveButtonStyle", "LabelStyle"]

    /// How the view types this file calls are placed: as rows, cells, or with a title around them.
    private mutating func recordUses(in file: SwiftUIFile) {
        let collector = TypeCallCollector(viewMode: .sourceAccurate)
        collector.walk(file.tree)
        for call in collector.calls {
            guard let view = file.view(at: call), !call.isInPreview else { continue }
            let name = view.writtenName
            // What a `ForEach` (or `List(items) { … }`) repeats, as rules about rows and cells mean it.
            switch file.collectionPlacement(ofRow: view)?.container.name {
            case "List", "Form", "LazyVStack", "LazyHStack": rowViews.insert(name)
            case "LazyVGrid", "LazyHGrid", "Grid": cellViews.insert(name)
            default: break
            }
            if !titledViews.contains(name) || !untitledUseViews.contains(name) {
                switch file.titleLookup(of: view) {
                case .titled: titledViews.insert(name)
                case .untitled: untitledUseViews.insert(name)
                case .unseen: break
                }
            }
            if Self.isLabelledForVoiceOver(view, in: file) {
                labelledViews.insert(name)
            } else if Self.isInControlLabelWithText(view, in: file) {
                controlLabelViews.insert(name)
            } else if let style = Self.styleOfControl(labelledBy: view, in: file) {
                styledLabelViews.insert(name + "." + style)
            } else if let use = Self.moduleViewWrapping(view, in: file) {
                wrappedLabelViews.insert(name + "." + use)
            } else {
                unlabelledUseViews.insert(name)
            }
        }
    }

    private static func isLabelledForVoiceOver(_ view: SwiftUIView, in file: SwiftUIFile) -> Bool {
        if view.hasAccessibilityLabel || view.isAccessibilityHidden { return true }
        return file.enclosingViews(of: view.root).contains { enclosure in
            let around = enclosure.view
            if around.isAccessibilityHidden || around.name == "Label" { return true }
            // A control labels what is in its label, not its destination or its options.
            return labelledControlNames.contains(around.name) && enclosure.isControlLabel
                && (around.controlTitle != nil || around.hasAccessibilityLabel)
        }
    }

    /// Whether `view` is in the label of a control (not its destination or options) whose label has text: the
    /// text beside the view, or the view's own (a view type counts as text: a type that shows only images leaves
    /// the control to be judged as an image-only control where it is used).
    private static func isInControlLabelWithText(_ view: SwiftUIView, in file: SwiftUIFile) -> Bool {
        file.enclosingViews(of: view.root).contains { enclosure in
            labelledControlNames.contains(enclosure.view.name) && enclosure.isControlLabel
                && enclosure.view.controlLabelViews.contains(where: \.showsTextOrLabel)
        }
    }

    /// The use of the view type of the module whose closure `view` is written in (`ArticleLink(article) {
    /// CardView(…) }`), as `givenContentUse(of:)` says it.
    private static func moduleViewWrapping(_ view: SwiftUIView, in file: SwiftUIFile) -> String? {
        guard let enclosure = file.enclosingViews(of: view.root).first, enclosure.modifier == nil else { return nil }
        let wrapper = enclosure.view
        guard wrapper.isTypeCall, let first = wrapper.writtenName.first, first.isUppercase,
              !systemViewNames.contains(wrapper.writtenName), !labelledControlNames.contains(wrapper.name)
        else { return nil }
        return givenContentUse(of: enclosure)
    }

    /// The module button style (`.buttonStyle(CaptionedStyle(…))`) of the control whose label `view` is in, on the
    /// control or a view around it.
    private static func styleOfControl(labelledBy view: SwiftUIView, in file: SwiftUIFile) -> String? {
        let enclosures = file.enclosingViews(of: view.root)
        guard let control = enclosures.firstIndex(where: { labelledControlNames.contains($0.view.name) && $0.isControlLabel })
        else { return nil }
        for styled in enclosures[control...].map(\.view) {
            for modifier in styled.modifiers where modifier.name == "buttonStyle" {
                guard let style = modifier.firstArgument else { continue }
                let name = style.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? style.as(DeclReferenceExprSyntax.self)?.baseName.text
                if let name, name.first?.isUppercase == true { return name }
            }
        }
        return nil
    }

    private static func holdsChart(_ node: some SyntaxProtocol) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { token in
            token.text == "Chart" && token.parent?.parent?.as(FunctionCallExprSyntax.self) != nil
        }
    }

    /// Whether a style's `makeBody` shows a `Text` or `Label` of its own, or a `LabelStyle`'s `configuration.title`.
    private static func drawsText(_ body: CodeBlockSyntax) -> Bool {
        var previous: TokenSyntax?
        for token in body.tokens(viewMode: .sourceAccurate) {
            if ["Text", "Label"].contains(token.text), token.parent?.parent?.is(FunctionCallExprSyntax.self) == true { return true }
            if token.text == "title", previous?.tokenKind == .period { return true }
            previous = token
        }
        return false
    }

    static let textOrURLTypes: Set<String> = ["String", "Substring", "AttributedString", "URL", "Foundation.URL"]

    static func isTextOrURLType(_ type: TypeSyntax?) -> Bool {
        guard var text = type?.trimmedSource else { return false }
        if text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        return textOrURLTypes.contains(text)
    }

    /// Declared as text or a URL, or, with no type written, set to a string literal or to `URL(…)` (unwrapped or not).
    static func holdsTextOrURL(_ property: PropertyDeclaration) -> Bool {
        if let annotation = property.typeAnnotation { return isTextOrURLType(annotation) }
        guard var value = property.initializer else { return false }
        if let forced = value.as(ForceUnwrapExprSyntax.self) { value = forced.expression }
        if value.is(StringLiteralExprSyntax.self) { return true }
        guard let callee = value.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedSource else { return false }
        return callee == "URL" || callee == "Foundation.URL"
    }

    static func isImageType(_ type: TypeSyntax?) -> Bool {
        guard let text = type?.trimmedSource else { return false }
        return text == "Image" || text == "SwiftUI.Image"
    }
}

/// Calls of capitalised names that are not SwiftUI's own views: the uses of the module's view types.
private final class TypeCallCollector: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           name.first?.isUppercase == true, !systemViewNames.contains(name) {
            calls.append(node)
        }
        return .visitChildren
    }
}

/// SwiftUI views and values no module declares: not worth asking where they are used.
let systemViewNames: Set<String> = [
    "Text", "Image", "Label", "Button", "Menu", "Toggle", "Link", "NavigationLink", "ShareLink", "Picker", "TextField",
    "SecureField", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow",
    "GridItem", "List", "Form", "Section", "ForEach", "Group", "GroupBox", "ScrollView", "Spacer", "Divider", "Color",
    "Circle", "Rectangle", "RoundedRectangle", "Capsule", "Ellipse", "Chart", "BarMark", "LineMark", "AreaMark", "PointMark",
    "RuleMark", "SectorMark", "RectangleMark", "NavigationStack", "NavigationView", "NavigationSplitView", "TabView",
    "ProgressView", "AsyncImage", "EmptyView", "AnyView", "GeometryReader", "ViewThatFits", "LabeledContent",
    "DisclosureGroup", "Font", "CGFloat", "CGSize", "CGPoint", "URL", "String", "Int", "Double", "Date", "UUID", "Binding",
    "Set", "Array", "Dictionary", "Task", "Slider", "Stepper", "DatePicker", "ColorPicker", "ContentUnavailableView",
]
