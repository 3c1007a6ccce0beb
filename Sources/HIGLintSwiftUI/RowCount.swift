import SwiftSyntax

extension SwiftUIFile {
    /// The sections among a list's children, looking into same-type helpers; `nil` when the list is dynamic
    /// or holds something that may bring sections the rule cannot see.
    public func staticSections(in views: [SwiftUIView], depth: Int = 0) -> [SwiftUIView]? {
        var sections: [SwiftUIView] = []
        for view in views {
            switch view.name {
            case "Section": sections.append(view)
            case "ForEach": return nil
            case "Group":
                guard let inner = staticSections(in: view.childViews(roles: [.content]), depth: depth) else { return nil }
                sections += inner
            default:
                if Self.viewsWithoutSections.contains(view.name), view.isTypeCall { continue }
                if view.isTypeCall, view.call != nil {
                    // A view type of this file is looked into for sections; one from elsewhere cannot be.
                    guard let body = types[view.writtenName]?.properties["body"]?.body,
                          !ViewBuilderContent.views(in: body).contains(where: { $0.name == "Section" || $0.descendantViews().contains { $0.name == "Section" } })
                    else { return nil }
                    continue
                }
                let built = helperViews(for: view)
                guard !built.isEmpty, depth < 3, let inner = staticSections(in: built, depth: depth + 1) else { return nil }
                sections += inner
            }
        }
        return sections
    }

    /// SwiftUI views that are rows, never a source of sections.
    static let viewsWithoutSections: Set<String> = [
        "Text", "Label", "Button", "Toggle", "Picker", "TextField", "SecureField", "TextEditor", "NavigationLink", "Link",
        "ShareLink", "Menu", "Stepper", "Slider", "DatePicker", "ColorPicker", "LabeledContent", "ProgressView", "Gauge",
        "HStack", "VStack", "ZStack", "Image", "Spacer", "Divider", "EmptyView", "ContentUnavailableView",
    ]

    /// The rows (or cells) view-builder statements show at most, counting through `if`, `switch`, `#if`,
    /// `Group`, inline pickers and same-type helpers; `nil` when they depend on data (a `ForEach`) or cannot be seen.
    public func staticRowCount(_ nodes: [Syntax]) -> Int? { rowCount(nodes, file: self, depth: 0) }

    private func rowCount(_ nodes: [Syntax], file: SwiftUIFile, depth: Int) -> Int? {
        var total = 0
        for node in nodes {
            guard let count = rowCount(node, file: file, depth: depth) else { return nil }
            total += count
        }
        return total
    }

    private func rowCount(_ node: Syntax, file: SwiftUIFile, depth: Int) -> Int? {
        if let item = node.as(CodeBlockItemSyntax.self) { return rowCount(Syntax(item.item), file: file, depth: depth) }
        if let statement = node.as(ExpressionStmtSyntax.self) { return rowCount(Syntax(statement.expression), file: file, depth: depth) }
        if let ifExpr = node.as(IfExprSyntax.self) {
            var branches = [rowCount(ifExpr.body.statements.map(Syntax.init), file: file, depth: depth)]
            switch ifExpr.elseBody {
            case .ifExpr(let nested)?: branches.append(rowCount(Syntax(nested), file: file, depth: depth))
            case .codeBlock(let block)?: branches.append(rowCount(block.statements.map(Syntax.init), file: file, depth: depth))
            default: break
            }
            return branches.contains(where: { $0 == nil }) ? nil : branches.compactMap { $0 }.max()
        }
        if let switchExpr = node.as(SwitchExprSyntax.self) {
            let counts = switchExpr.cases.compactMap { $0.as(SwitchCaseSyntax.self) }
                .map { rowCount($0.statements.map(Syntax.init), file: file, depth: depth) }
            return counts.contains(where: { $0 == nil }) ? nil : counts.compactMap { $0 }.max()
        }
        if let config = node.as(IfConfigDeclSyntax.self) {
            var counts: [Int?] = []
            for clause in config.clauses where !clause.isNeverCompiled {
                if case .statements(let statements)? = clause.elements { counts.append(rowCount(statements.map(Syntax.init), file: file, depth: depth)) }
            }
            return counts.contains(where: { $0 == nil }) ? nil : counts.compactMap { $0 }.max() ?? 0
        }
        guard let expression = node.as(ExprSyntax.self) else { return 0 }
        guard let root = ViewBuilderContent.chainRoot(of: expression), let view = SwiftUIView(root: root, components: file.components)
        else { return nil }
        switch view.name {
        // An `OutlineGroup` makes a row of each item, as a `ForEach` does.
        case "ForEach", "OutlineGroup": return nil
        case "Group": return rowCount(ViewBuilderContent.viewStatements(of: view), file: file, depth: depth)
        case "Picker" where view.modifiers.contains { $0.name == "pickerStyle" && $0.firstArgument?.trimmedSource == ".inline" }:
            // An inline picker lists its options as rows of the section.
            return rowCount(ViewBuilderContent.viewStatements(of: view), file: file, depth: depth)
        // A form or list shown inside a row lends its rows to the one around it; a `List(items)` repeats data.
        case "Form", "List", "Section":
            if view.name == "List", view.firstUnlabeledArgument != nil { return nil }
            return rowCount(ViewBuilderContent.viewStatements(of: view), file: file, depth: depth)
        default: break
        }
        if view.isTypeCall {
            // A view type of this file whose body is several views gives the list a row for each; one of another
            // file may make any number, which this file cannot see.
            guard depth < 3 else { return 1 }
            guard let body = types[view.writtenName]?.properties["body"]?.body else {
                return systemViewNames.contains(view.writtenName) ? 1 : nil
            }
            return max(1, rowCount(body.map { Syntax($0.item) }, file: file, depth: depth + 1) ?? 1)
        }
        // A helper: count what it returns.
        guard depth < 3 else { return nil }
        let helper = file.helperViews(for: view)
        guard !helper.isEmpty else { return nil }
        return rowCount(helper.map { Syntax($0.chainEnd) }, file: file, depth: depth + 1)
    }
}

extension ViewBuilderContent {
    /// The statements of a view's content closure.
    public static func viewStatements(of view: SwiftUIView) -> [Syntax] {
        guard let closure = view.roledClosures.first(where: { $0.role == .content })?.closure else { return [] }
        return closure.statements.map(Syntax.init)
    }
}
