import SwiftSyntax

/// Swift Charts marks and their vectorised plot forms.
public let chartMarkNames: Set<String> = [
    "BarMark", "LineMark", "AreaMark", "PointMark", "RuleMark", "RectangleMark", "SectorMark",
    "BarPlot", "LinePlot", "AreaPlot", "PointPlot", "RulePlot", "RectanglePlot", "SectorPlot",
]

/// What a chart draws, as far as the source shows it.
public struct ChartMarks {
    /// Every mark, through `ForEach`, `Plot`, `if`/`switch` and same-type `@ChartContentBuilder` helpers.
    public var marks: [SwiftUIView]
    /// `false` when some content cannot be seen: a custom `ChartContent` type or a helper defined elsewhere.
    public var isComplete: Bool
    /// The `Plot { }`, `ForEach` and `Group` views around marks: their modifiers (`.accessibilityLabel`,
    /// `.symbol(by:)`, `.position(by:)`) apply to every mark inside.
    public var groups: [SwiftUIView] = []

    /// Whether a group around marks carries `.accessibilityLabel` or `.accessibilityValue`.
    public var groupsHaveAccessibility: Bool {
        groups.contains { $0.hasAccessibilityLabel || $0.hasModifier("accessibilityValue") }
    }
}

/// Where a chart's title comes from.
public struct ChartTitle {
    public enum Source { case groupBox, section, textBefore, navigationTitle, accessibilityLabel, customContainer }
    public var source: Source
    /// The title's string literal, when it is one (`Text("Orders per week")`, `GroupBox("Revenue")`).
    public var literal: StringLiteralExprSyntax?
}

/// What the source says about a chart's title.
public enum ChartTitleLookup {
    case titled(ChartTitle)
    case untitled
    /// The chart is used somewhere this file does not show.
    case unseen

    public var title: ChartTitle? {
        if case .titled(let title) = self { return title }
        return nil
    }
}

extension SwiftUIView {
    /// `Chart { … }` or `Chart(data) { … }`.
    public var isChart: Bool { name == "Chart" && isTypeCall }
}

extension SwiftUIFile {
    /// The marks of this chart.
    public func marks(of chart: SwiftUIView) -> ChartMarks {
        var marks: [SwiftUIView] = []
        var complete = true
        var pending = chart.childViews(roles: [.content])
        var visitedHelpers = 0
        var groups: [SwiftUIView] = []
        while let view = pending.popLast() {
            if chartMarkNames.contains(view.name) {
                marks.append(view)
            } else if ["ForEach", "Plot", "Group"].contains(view.name) {
                groups.append(view)
                pending += view.childViews(roles: [.content])
            } else if !view.isTypeCall, visitedHelpers < 8, case let produced = helperViews(for: view), !produced.isEmpty {
                visitedHelpers += 1
                pending += produced
            } else {
                complete = false
            }
        }
        return ChartMarks(marks: marks.sorted { $0.root.position < $1.root.position }, isComplete: complete, groups: groups)
    }

    /// Whether `node` is in the content of an `.accessibilityRepresentation { }`: what VoiceOver reads in
    /// place of a visible view, not something shown on screen.
    public func isInAccessibilityRepresentation(_ node: some SyntaxProtocol) -> Bool {
        enclosingViews(of: node).contains { enclosure in
            if case .modifier("accessibilityRepresentation") = enclosure.role { return true }
            return false
        }
    }

    /// The title a chart is given, looking (innermost first, through the helpers and view types that
    /// hold it) for a `GroupBox` or `Section` with a label or header, a `Text` right before it in the
    /// same stack, a custom container given a title, then `.accessibilityLabel` on the chart and a
    /// `.navigationTitle` in the same view.
    ///
    /// `.unseen` when the chart is all its declaration shows (the whole `body` of a chart view, a
    /// `var chart` helper, alone in its stacks) and the place it is used is not in this file: the
    /// title may be given there.
    public func titleLookup(of chart: SwiftUIView) -> ChartTitleLookup {
        var node = Syntax(chart.root)
        var view = chart
        for _ in 0..<3 {
            if let label = view.modifier(named: "accessibilityLabel") {
                return .titled(ChartTitle(source: .accessibilityLabel, literal: label.firstArgument?.as(StringLiteralExprSyntax.self)))
            }
            var child = view
            var reachedDeclaration = true
            var isAlone = true
            for enclosure in enclosingViews(of: node) {
                if let title = title(given: enclosure, around: child) { return .titled(title) }
                guard enclosure.role == .content, enclosure.modifier == nil,
                      Self.titleTransparentContainers.contains(enclosure.view.name) || !Self.knownContainers.contains(enclosure.view.name)
                else { reachedDeclaration = false; break }
                isAlone = isAlone && enclosure.view.childViews(roles: [.content]).count == 1
                child = enclosure.view
            }
            if let declaration = declarationContext(of: node)?.declaration,
               let navigationTitle = firstNavigationTitle(in: Syntax(declaration)) {
                return .titled(ChartTitle(source: .navigationTitle, literal: navigationTitle.as(StringLiteralExprSyntax.self)))
            }
            guard reachedDeclaration else { return .untitled }
            guard let use = use(ofDeclarationHolding: node), let used = viewAtUse(use) else { return isAlone ? .unseen : .untitled }
            node = Syntax(use)
            view = used
        }
        return .unseen
    }

    /// Containers a title before the chart's own stack still names (`VStack { Text("T"); HStack { Chart… } }`).
    /// A `ScrollView` stacks its content like a `VStack`: a `Text` right before the chart in it titles it.
    static let titleTransparentContainers: Set<String> = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "Group", "ViewThatFits", "ScrollView",
    ]
    /// SwiftUI containers that are not transparent to a title: past them, a `Text` titles something else.
    static let knownContainers: Set<String> = [
        "List", "Form", "ScrollView", "NavigationStack", "NavigationView", "NavigationSplitView", "TabView", "Section",
        "GroupBox", "LazyVGrid", "LazyHGrid", "Grid", "GridRow", "ForEach", "Button", "NavigationLink", "Menu", "DisclosureGroup",
        "GeometryReader", "ScrollViewReader", "Sheet", "Overlay", "Table", "Picker",
    ]

    private func title(given enclosure: Enclosure, around child: SwiftUIView) -> ChartTitle? {
        let container = enclosure.view
        guard enclosure.role == .content || enclosure.role == .label else { return nil }
        switch container.name {
        case "GroupBox", "Section":
            let source: ChartTitle.Source = container.name == "GroupBox" ? .groupBox : .section
            if let first = container.controlTitle, !first.is(ClosureExprSyntax.self) {
                return ChartTitle(source: source, literal: first.as(StringLiteralExprSyntax.self) ?? Self.firstTextLiteral(in: ViewBuilderContent.views(in: first)))
            }
            for label in ["label", "header"] {
                if container.hasArgument(label) {
                    return ChartTitle(source: source, literal: Self.firstTextLiteral(in: container.argumentViews(label)))
                }
                if let closure = container.closure(label) {
                    return ChartTitle(source: source, literal: Self.firstTextLiteral(in: ViewBuilderContent.views(in: closure.statements)))
                }
            }
            return nil
        case _ where Self.titleTransparentContainers.contains(container.name):
            return titleBefore(child, in: container)
        case "GridRow":
            // A row of cells, laid out as an `HStack` is: a `Text` before the chart in the row titles it. Past the
            // row, a `Text` titles another row.
            return titleBefore(child, in: container)
        case _ where !Self.knownContainers.contains(container.name) && container.isTypeCall:
            // A custom card: `ChartCard(title: "Revenue") { Chart … }`, or one that stacks a header before it.
            let arguments = container.call?.arguments ?? []
            if let titled = arguments.first(where: { ["title", "label", "header", "heading"].contains($0.label?.text ?? "") })
                ?? arguments.first(where: { $0.label == nil && $0.expression.is(StringLiteralExprSyntax.self) }) {
                return ChartTitle(source: .customContainer, literal: titled.expression.as(StringLiteralExprSyntax.self))
            }
            return titleBefore(child, in: container)
        default:
            return nil
        }
    }

    /// The title a stack gives the chart: the run of texts (or a header row) right before it. A helper of the
    /// file written there (`chartHeader`, `header(for: metric)`) counts as what it builds.
    private func titleBefore(_ child: SwiftUIView, in container: SwiftUIView) -> ChartTitle? {
        let siblings = container.childViews(roles: [.content])
        guard let index = siblings.firstIndex(where: { $0.root.id == child.root.id }), index > 0 else { return nil }
        // The run of texts right before the chart (past spacers and dividers): its first is the
        // title ("Total sales", then the value). A view in another branch of an `if`/`switch` the chart is in
        // (`if empty { Text("No data") } else { Chart … }`) is never shown with it: it is not before it.
        var run = siblings[..<index].reversed().filter { !$0.root.isAlternative(to: child.root) }
            .drop { ["Spacer", "Divider"].contains($0.name) }
            .prefix { Self.isTitleText($0) || Self.isHeaderRow($0) || isHeaderHelper($0) }
        guard !run.isEmpty else { return nil }
        if Self.isHeaderRow(run.first!) || isHeaderHelper(run.first!) { run = run.prefix(1) }
        let title = run.last!
        return ChartTitle(source: .textBefore, literal: Self.firstTextLiteral(in: isHeaderHelper(title) ? helperViews(for: title) : [title]))
    }

    /// A helper property or function of the file whose views are a title or a header row.
    private func isHeaderHelper(_ view: SwiftUIView) -> Bool {
        guard !view.isTypeCall, !Self.knownContainers.contains(view.name) else { return false }
        let built = helperViews(for: view)
        return !built.isEmpty && built.contains { Self.isTitleText($0) || Self.isHeaderRow($0) }
    }

    private static func isTitleText(_ view: SwiftUIView) -> Bool { view.name == "Text" || view.name == "Label" }

    /// A header above a chart: `HStack { Text("Steps"); Spacer(); Picker(…) }`, a `Menu` choosing the
    /// metric, a custom `CardHeader { Label(…) }` or `DetailHeaderView(title: "Pollen")`: a stack, menu or custom
    /// view that shows a `Text` or `Label`, is named for a header or title, or is given a title.
    private static func isHeaderRow(_ view: SwiftUIView) -> Bool {
        guard ["HStack", "VStack", "ZStack", "Group", "Menu"].contains(view.name) || (view.isTypeCall && !knownContainers.contains(view.name)
            && !["Chart", "Spacer", "Divider", "Image", "Rectangle", "Color"].contains(view.name))
        else { return false }
        return view.descendantViews(roles: [.content, .label, .title, .menuItems]).contains(where: isTitleText)
            || ["Header", "Title", "HeaderView", "TitleView"].contains { view.writtenName.hasSuffix($0) }
            || view.isTypeCall && view.hasArgument("title")
    }

    private static func firstTextLiteral(in views: [SwiftUIView]) -> StringLiteralExprSyntax? {
        var pending = Array(views.reversed())
        while let view = pending.popLast() {
            if isTitleText(view) {
                return (view.controlTitle ?? view.firstUnlabeledArgument)?.as(StringLiteralExprSyntax.self)
            }
            pending += view.childViews(roles: [.content]).reversed()
        }
        return nil
    }

    /// The first `.navigationTitle(…)` or `.navigationBarTitle(…)` argument inside `node`. Every call a chart
    /// view's use site makes asks about its declaration (the survey asks for each view-type call of a file), so the
    /// file's titles are found in one pass and noted on each node above them.
    func firstNavigationTitle(in node: Syntax) -> ExprSyntax? {
        if navigationTitlesAbove == nil {
            var found: [SyntaxIdentifier: ExprSyntax] = [:]
            for token in tree.tokens(viewMode: .sourceAccurate) where token.text == "navigationTitle" || token.text == "navigationBarTitle" {
                guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                      let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id,
                      let first = call.arguments.first?.expression
                else { continue }
                var above: Syntax? = Syntax(call)
                while let current = above, found[current.id] == nil {
                    found[current.id] = first
                    above = current.parent
                }
            }
            navigationTitlesAbove = found
        }
        return navigationTitlesAbove?[node.id]
    }
}

extension SyntaxProtocol {
    /// Inside the content of a chart mark's `.symbol { … }`: VoiceOver reads the mark (its values, or its own
    /// `.accessibilityLabel`), never the view drawn as its symbol.
    public var isChartMarkSymbol: Bool {
        var node = parent
        while let current = node, !current.is(MemberBlockItemSyntax.self), !current.is(FunctionDeclSyntax.self) {
            if let call = current.as(FunctionCallExprSyntax.self),
               call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "symbol",
               call.trailingClosure.map({ $0.range.contains(position) }) ?? false {
                return true
            }
            node = current.parent
        }
        return false
    }
}
