import SwiftSyntax

/// One modifier of a view's chain: `.font(.body)`, `.swipeActions { … }`, `.bold()`.
public struct Modifier {
    /// `font` for `.font(.body)`.
    public let name: String
    public let nameToken: TokenSyntax
    public let memberAccess: MemberAccessExprSyntax
    /// The call, or `nil` for a modifier used without parentheses.
    public let call: FunctionCallExprSyntax?
    /// The `#if` clause this modifier is written in, for `row #if os(iOS) .swipeActions { … } #endif`.
    public let condition: IfConfigClauseSyntax?

    /// The argument with this label (`nil` for the first unlabelled argument).
    public func argument(_ label: String?) -> LabeledExprSyntax? { call?.argument(label) }

    /// The first argument's expression, labelled or not.
    public var firstArgument: ExprSyntax? { call?.arguments.first?.expression }

    public func hasArgument(_ label: String) -> Bool { call?.hasArgument(label) ?? false }

    /// Every closure passed to the modifier.
    public var closures: [PassedClosure] { call?.passedClosures ?? [] }

    /// The outermost syntax of this modifier: the call, or the member access.
    public var syntax: ExprSyntax { call.map(ExprSyntax.init) ?? ExprSyntax(memberAccess) }

    /// The views the modifier is given, in its trailing closure or its arguments (`.overlay { Text(title) }`,
    /// `.background(Color.red)`).
    public var contentViews: [SwiftUIView] {
        guard let call else { return [] }
        return (call.trailingClosure.map { ViewBuilderContent.views(in: $0.statements) } ?? [])
            + call.arguments.flatMap { ViewBuilderContent.views(in: $0.expression) }
    }

    /// The platforms the modifier is compiled for, from its own `#if` and the ones around the chain.
    public var platforms: Platforms { memberAccess.platforms }

    /// Whether the first argument is written as `value` (`.textSelection(.enabled)` → `isArgument(".enabled")`).
    public func firstArgumentIs(_ source: String) -> Bool {
        firstArgument?.trimmedSource == source
    }
}

enum ModifierChain {
    /// The modifiers applied to `expression`, innermost first, walking up the tree.
    static func modifiers(above expression: Syntax) -> (modifiers: [Modifier], end: ExprSyntax) {
        var result: [Modifier] = []
        var current = expression
        var end = expression.as(ExprSyntax.self)!
        while let parent = current.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == current.id {
                let call = member.parent?.as(FunctionCallExprSyntax.self).flatMap {
                    $0.calledExpression.id == member.id ? $0 : nil
                }
                result.append(Modifier(name: member.declName.baseName.text, nameToken: member.declName.baseName,
                                       memberAccess: member, call: call, condition: nil))
                current = call.map(Syntax.init) ?? Syntax(member)
                end = current.as(ExprSyntax.self)!
            } else if let postfix = parent.as(PostfixIfConfigExprSyntax.self), postfix.base?.id == current.id {
                result.append(contentsOf: conditionalModifiers(in: postfix.config))
                current = Syntax(postfix)
                end = ExprSyntax(postfix)
            } else {
                break
            }
        }
        return (result, end)
    }

    /// Modifiers written inside a postfix `#if`: each clause holds a chain whose innermost member access has no base.
    static func conditionalModifiers(in config: IfConfigDeclSyntax) -> [Modifier] {
        var result: [Modifier] = []
        for clause in config.clauses {
            guard case .postfixExpression(let expression)? = clause.elements else { continue }
            var chain: [Modifier] = []
            var node = ExprSyntax(expression)
            // Walk down to the base-less start, collecting outermost first.
            while true {
                if let call = node.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                    chain.append(Modifier(name: member.declName.baseName.text, nameToken: member.declName.baseName,
                                          memberAccess: member, call: call, condition: clause))
                    guard let base = member.base else { break }
                    node = base
                } else if let member = node.as(MemberAccessExprSyntax.self) {
                    chain.append(Modifier(name: member.declName.baseName.text, nameToken: member.declName.baseName,
                                          memberAccess: member, call: nil, condition: clause))
                    guard let base = member.base else { break }
                    node = base
                } else if let nested = node.as(PostfixIfConfigExprSyntax.self) {
                    chain.append(contentsOf: conditionalModifiers(in: nested.config).reversed())
                    guard let base = nested.base else { break }
                    node = base
                } else {
                    break
                }
            }
            result.append(contentsOf: chain.reversed())
        }
        return result
    }
}
