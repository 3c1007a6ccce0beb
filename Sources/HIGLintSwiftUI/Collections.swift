import SwiftSyntax

/// Where a row or cell sits: the `ForEach` (or data-driven `List`) that repeats it, and the collection around that.
public struct CollectionPlacement {
    /// `List`, `LazyVGrid`, `LazyHGrid`, `LazyVStack`, `LazyHStack`, `Grid`, a stack…
    public let container: SwiftUIView
    /// The `ForEach` whose content the row is; the `List` itself for `List(items) { item in … }`.
    public let repeater: SwiftUIView
}

extension SwiftUIView {
    /// The collection a `ForEach` or `List(data)` repeats over: `ForEach(items)`, `ForEach(items, id: \.id)`, `List(data:)`.
    public var repeatedData: ExprSyntax? {
        guard name == "ForEach" || name == "List" || name == "Chart" || name == "Table", let call else { return nil }
        if let first = call.arguments.first, first.label == nil || first.label?.text == "data",
           !first.expression.is(ClosureExprSyntax.self) {
            return first.expression
        }
        return nil
    }

    /// Whether it repeats every case of an enum (`ForEach(Section.allCases)`): a fixed set the code declares — the
    /// app's own sections or options — not content people make.
    public var repeatsAllCases: Bool {
        repeatedData?.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "allCases"
    }
}

extension SwiftUIFile {
    /// Containers that only group the rows of a collection without being rows themselves.
    static let rowGroupings: Set<String> = ["Section", "Group"]

    /// For a view written directly in the content of a `ForEach` (or of `List(items) { … }`), the
    /// repeater and the collection it fills, looking through `Section` and `Group`. `nil` for a view
    /// nested deeper inside a row, or one whose collection cannot be seen.
    public func collectionPlacement(ofRow view: SwiftUIView) -> CollectionPlacement? {
        // Asked from every tap gesture and swipe action of a row: once per row.
        remember("collectionPlacement", about: view.root) { placement(ofRow: view) }
    }

    private func placement(ofRow view: SwiftUIView) -> CollectionPlacement? {
        let enclosures = enclosingViews(of: view.root)
        guard let first = enclosures.first, first.role == .content, first.modifier == nil,
              first.view.childViews(roles: [.content]).contains(where: { $0.root.id == view.root.id })
        else { return nil }
        if first.view.name == "List", first.view.repeatedData != nil {
            return CollectionPlacement(container: first.view, repeater: first.view)
        }
        guard first.view.name == "ForEach" else { return nil }
        for enclosure in enclosures.dropFirst() {
            guard enclosure.role == .content, enclosure.modifier == nil else { return nil }
            if Self.rowGroupings.contains(enclosure.view.name) { continue }
            return CollectionPlacement(container: enclosure.view, repeater: first.view)
        }
        return nil
    }

    /// The expression a collection comes from once the transformations on it are peeled off:
    /// `Array(model.items.enumerated())` → `model.items`; `items.filter { … }.sorted()` → `items`.
    /// `prefix(N)` is kept, since it bounds the count.
    public func dataSource(of expression: ExprSyntax) -> ExprSyntax {
        var node = expression
        while true {
            if let call = node.as(FunctionCallExprSyntax.self) {
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                   member.declName.baseName.text != "prefix" {
                    node = base
                    continue
                }
                if let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                   ["Array", "Set", "ContiguousArray"].contains(type), let only = call.arguments.first, call.arguments.count == 1 {
                    node = only.expression
                    continue
                }
                return node
            }
            if let member = node.as(MemberAccessExprSyntax.self), let base = member.base,
               ["indices", "keys", "values", "lazy", "elements"].contains(member.declName.baseName.text) {
                node = base
                continue
            }
            if let optional = node.as(OptionalChainingExprSyntax.self) { node = optional.expression; continue }
            if let forced = node.as(ForceUnwrapExprSyntax.self) { node = forced.expression; continue }
            if let tuple = node.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                node = only.expression
                continue
            }
            return node
        }
    }

    /// How many items a container (a grid, a stack) shows when the source fixes it: each `ForEach` over a
    /// literal collection counts its elements, any other view one; `nil` when some part depends on data or
    /// cannot be seen (a helper, a `Section`).
    public func staticItemCount(of container: SwiftUIView) -> Int? {
        var total = 0
        for view in container.childViews(roles: [.content]) {
            if view.name == "ForEach" {
                guard let data = view.repeatedData, let count = literalCount(of: data) else { return nil }
                total += count
            } else {
                guard view.isTypeCall, !Self.rowGroupings.contains(view.name) else { return nil }
                total += 1
            }
        }
        return total
    }

    /// The number of elements a collection expression has when the source fixes it: an array literal,
    /// an integer-literal range (`0..<7`, `1...5`), `.prefix(N)`, a name initialised with one of those, or a
    /// parameter every call of its function in this file passes one of those for (the most of them).
    public func literalCount(of expression: ExprSyntax, depth: Int = 0) -> Int? {
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.count }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           member.declName.baseName.text == "prefix", call.arguments.count == 1,
           let limit = call.arguments.first?.expression.numberLiteral {
            return Int(limit)
        }
        if let range = Self.literalRange(expression) { return range }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return literalCount(of: only.expression, depth: depth)
        }
        if expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self),
           let value = initialValue(of: expression), value.id != expression.id {
            return literalCount(of: value, depth: depth)
        }
        if depth < 2, let reference = expression.as(DeclReferenceExprSyntax.self),
           let passed = argumentsPassed(forParameter: reference) {
            let counts = passed.map { literalCount(of: $0, depth: depth + 1) }
            return counts.contains(nil) ? nil : counts.compactMap { $0 }.max()
        }
        return nil
    }

    /// `0..<7` → 7, `1...5` → 5.
    static func literalRange(_ expression: ExprSyntax) -> Int? {
        let parts: (ExprSyntax, String, ExprSyntax)
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            guard let op = elements[1].as(BinaryOperatorExprSyntax.self) else { return nil }
            parts = (elements[0], op.operator.text, elements[2])
        } else if let infix = expression.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
            parts = (infix.leftOperand, op.operator.text, infix.rightOperand)
        } else {
            return nil
        }
        guard let low = parts.0.numberLiteral, let high = parts.2.numberLiteral else { return nil }
        switch parts.1 {
        case "..<": return max(0, Int(high - low))
        case "...": return max(0, Int(high - low) + 1)
        default: return nil
        }
    }
}
