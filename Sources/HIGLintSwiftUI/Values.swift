import SwiftSyntax

/// A view's size as fixed by `.frame(width:height:)`, where the numbers can be read from the source.
public struct FrameSize: Equatable {
    public var width: Double?
    public var height: Double?

    public init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }
}

extension SwiftUIFile {
    /// The expression a simple identifier is initialised with, as seen from where it is used:
    /// a local `let`/`var` written earlier in an enclosing block, else a property of the enclosing
    /// type (its initialiser, or the one expression a computed property returns), else a file-level one.
    ///
    /// Understands `columns`, `self.columns`, `Self.columns` and `Layout.columns` (a type of this file).
    /// `nil` when the name is not declared here or its value is not one expression (a computed
    /// property with an `if`, a `switch` or several statements).
    public func initialValue(of expression: ExprSyntax) -> ExprSyntax? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return localInitialValue(of: name, before: reference) ?? memberValue(name, in: enclosingType(of: reference))
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        let name = member.declName.baseName.text
        switch base.baseName.tokenKind {
        case .keyword(.self), .keyword(.Self): return memberValue(name, in: enclosingType(of: member))
        default:
            guard let type = types[base.baseName.text] else { return nil }
            return memberValue(name, in: type)
        }
    }

    /// The expression that makes a value: `initialValue(of:)` followed up to `steps` times (`let icon = badge`,
    /// `var badge: Image { Image("badge") }`), never round a cycle. `nil` when `expression` is not a name this file
    /// gives a value.
    public func madeValue(of expression: ExprSyntax, steps: Int = 2) -> ExprSyntax? {
        var current = expression
        var passed: Set<SyntaxIdentifier> = [expression.id]
        for _ in 0..<steps {
            guard let next = initialValue(of: current), passed.insert(next.id).inserted else { break }
            current = next
        }
        return current.id == expression.id ? nil : current
    }

    /// The value a name holds for good: its `initialValue(of:)`, unless this file assigns or mutates the name
    /// elsewhere (`columns = [...]` in an `.onChange`, `columns.append(…)`), so that what it holds is decided
    /// at run time. A local `let` is always constant.
    public func constantValue(of expression: ExprSyntax) -> ExprSyntax? {
        guard let value = initialValue(of: expression), let name = expression.referencePath?.last else { return nil }
        if let binding = value.parent?.parent?.as(PatternBindingSyntax.self),
           binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let) {
            return value
        }
        return writtenNames.contains(name) ? nil : value
    }

    /// The number an expression stands for: a literal, `CGFloat(40)`, or a name made of one (up to two steps:
    /// `let rowHeight = Metrics.row` with `static let row: CGFloat = 44`).
    public func numericValue(of expression: ExprSyntax) -> Double? {
        if let number = Self.literalNumber(expression) { return number }
        return madeValue(of: expression).flatMap(Self.literalNumber)
    }

    /// A number literal, or one wrapped in `CGFloat(…)`, `Double(…)`, `Float(…)` or `Int(…)`.
    private static func literalNumber(_ expression: ExprSyntax) -> Double? {
        if let number = expression.numberLiteral { return number }
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
           let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           ["CGFloat", "Double", "Float", "Int"].contains(type), let only = call.arguments.first {
            return literalNumber(only.expression)
        }
        return nil
    }

    /// The size the innermost `.frame(width:height:)` of `view` gives it, when its numbers can be read.
    public func frameSize(of view: SwiftUIView) -> FrameSize? {
        for modifier in view.modifiers where modifier.name == "frame" && modifier.condition == nil {
            let width = modifier.argument("width").flatMap { numericValue(of: $0.expression) }
            let height = modifier.argument("height").flatMap { numericValue(of: $0.expression) }
            if width != nil || height != nil { return FrameSize(width: width, height: height) }
        }
        return nil
    }

    private func memberValue(_ name: String, in type: TypeDeclaration?) -> ExprSyntax? {
        guard let property = property(name, in: type) else { return nil }
        if let initializer = property.initializer { return initializer }
        guard let body = property.body, body.count == 1, let item = body.first?.item else { return nil }
        if let expression = item.as(ExprSyntax.self) { return expression }
        if let statement = item.as(ExpressionStmtSyntax.self) { return statement.expression }
        return item.as(ReturnStmtSyntax.self)?.expression
    }

    /// `let name = …` written before `use` in one of the blocks around it.
    private func localInitialValue(of name: String, before use: some SyntaxProtocol) -> ExprSyntax? {
        var child = Syntax(use)
        var node = use.parent
        while let current = node {
            if let items = current.as(CodeBlockItemListSyntax.self) {
                for item in items {
                    if item.position >= child.position { break }
                    guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings {
                        if binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name, let value = binding.initializer?.value {
                            return value
                        }
                    }
                }
            }
            if current.is(MemberBlockSyntax.self) || current.is(SourceFileSyntax.self) { return nil }
            child = current
            node = current.parent
        }
        return nil
    }
}

extension SwiftUIFile {
    /// The type and member a value is read from or returned by: `Links.appStore` (`ExprSyntax.typeMember`), or a
    /// member of a property of the enclosing type (or of the file) whose declared type is a plain name, through
    /// `self.`, `!` and `?`: `draft.password` with `let draft: Draft` → (`Draft`, `password`),
    /// `model?.summary()` with `var model: Model?` → (`Model`, `summary`). What that type declares is the module's
    /// to say (`ModuleIndex.textOrURLMembers`).
    public func declaredMember(of expression: ExprSyntax) -> (type: String, name: String)? {
        if let member = expression.typeMember { return member }
        var value = expression
        if let forced = value.as(ForceUnwrapExprSyntax.self) { value = forced.expression }
        if let call = value.as(FunctionCallExprSyntax.self) { value = call.calledExpression }
        guard let member = value.as(MemberAccessExprSyntax.self), var base = member.base else { return nil }
        if let optional = base.as(OptionalChainingExprSyntax.self) { base = optional.expression }
        if let forced = base.as(ForceUnwrapExprSyntax.self) { base = forced.expression }
        let owner: String
        if let reference = base.as(DeclReferenceExprSyntax.self), case .identifier(let name) = reference.baseName.tokenKind {
            guard localInitialValue(of: name, before: reference) == nil else { return nil }
            owner = name
        } else if let selfMember = base.as(MemberAccessExprSyntax.self),
                  selfMember.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            owner = selfMember.declName.baseName.text
        } else {
            return nil
        }
        guard var type = property(owner, in: enclosingType(of: expression))?.typeAnnotation else { return nil }
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = unwrapped.wrappedType }
        guard let named = type.as(IdentifierTypeSyntax.self), named.genericArgumentClause == nil,
              named.name.text.first?.isUppercase == true
        else { return nil }
        return (named.name.text, member.declName.baseName.text)
    }
}

extension SwiftUIFile {
    /// Whether the file uses this exact expression where only a URL fits: `openURL(x)`, `UIApplication.shared.open(x)`,
    /// `Link(…, destination: x)`, a `url:` argument (`SFSafariViewController(url: x)`), or `pasteboard.url = x`.
    /// Lets a rule know that `link.content` is a URL although its name does not say so.
    public func isUsedAsURL(_ expression: ExprSyntax) -> Bool {
        urlExpressions.contains(expression.trimmedSource)
    }
}

/// Collects the source text of expressions used where only a URL fits.
final class URLUseCollector: SyntaxVisitor {
    var expressions: Set<String> = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        for argument in node.arguments {
            let label = argument.label?.text
            if label == "url" || label == "destination" || (label == nil && ["openURL", "open"].contains(callee) && node.arguments.count <= 2) {
                expressions.insert(argument.expression.trimmedSource)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if node.operator.is(AssignmentExprSyntax.self), node.leftOperand.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "url" {
            expressions.insert(node.rightOperand.trimmedSource)
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
           elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text == "url" {
            expressions.insert(elements[2].trimmedSource)
        }
        return .visitChildren
    }
}
