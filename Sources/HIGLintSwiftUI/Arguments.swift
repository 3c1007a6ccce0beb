import Foundation
import SwiftSyntax

/// A closure passed to a call, as a labelled argument or a trailing closure.
public struct PassedClosure {
    /// The argument label; `nil` for an unlabelled argument or the first trailing closure.
    public let label: String?
    public let closure: ClosureExprSyntax
    /// Whether it was written as a trailing closure.
    public let isTrailing: Bool
}

extension FunctionCallExprSyntax {
    /// The argument with this label (`nil` for the first unlabelled one).
    public func argument(_ label: String?) -> LabeledExprSyntax? {
        arguments.first { $0.label?.text == label }
    }

    /// Whether an argument (not a trailing closure) has this label.
    public func hasArgument(_ label: String) -> Bool { argument(label) != nil }

    /// The argument labels in order; `nil` for unlabelled ones.
    public var argumentLabels: [String?] { arguments.map { $0.label?.text } }

    /// Every closure given to the call, arguments first, then trailing closures, in source order.
    public var passedClosures: [PassedClosure] {
        var result: [PassedClosure] = []
        for argument in arguments {
            if let closure = argument.expression.as(ClosureExprSyntax.self) {
                result.append(PassedClosure(label: argument.label?.text, closure: closure, isTrailing: false))
            }
        }
        if let trailingClosure {
            result.append(PassedClosure(label: nil, closure: trailingClosure, isTrailing: true))
        }
        for extra in additionalTrailingClosures {
            result.append(PassedClosure(label: extra.label.text, closure: extra.closure, isTrailing: true))
        }
        return result
    }

    /// The closure given with this label, as an argument or a trailing closure.
    public func closure(_ label: String) -> ClosureExprSyntax? {
        passedClosures.first { $0.label == label }?.closure
    }
}

extension ExprSyntax {
    /// The string of a plain literal (`"abc"`), or `nil` when it has interpolation or is not a string literal.
    public var plainStringLiteral: String? {
        guard let literal = self.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let string = segment.as(StringSegmentSyntax.self) else { return nil }
            text += string.content.text
        }
        return text
    }

    /// Whether the expression is a string literal with interpolation.
    public var isInterpolatedStringLiteral: Bool {
        guard let literal = self.as(StringLiteralExprSyntax.self) else { return false }
        return literal.segments.contains { $0.is(ExpressionSegmentSyntax.self) }
    }

    /// Whether a fix may replace the expression: a value written out in place (`true`, `nil`, `.none`,
    /// `ButtonRole.cancel`) with no comment between its first and last token. Replacing anything else (a
    /// property, a condition, a call) would throw away the author's own logic or words.
    public var isReplaceableLiteral: Bool {
        let isLiteral: Bool
        if self.is(BooleanLiteralExprSyntax.self) || self.is(NilLiteralExprSyntax.self) {
            isLiteral = true
        } else if let member = self.as(MemberAccessExprSyntax.self) {
            // `.none`, or a case named through its type (`ButtonRole.cancel`), not a property (`settings.role`).
            let typeName = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
            isLiteral = member.base == nil || typeName?.first?.isUppercase == true
        } else {
            isLiteral = false
        }
        return isLiteral && !hasInnerComments
    }

    /// Whether a comment is written inside the expression, anywhere but before its first token or after its last.
    public var hasInnerComments: Bool {
        let tokens = Array(self.tokens(viewMode: .sourceAccurate))
        return tokens.indices.contains { index in
            (index > 0 && tokens[index].leadingTrivia.contains(where: \.isComment))
                || (index < tokens.count - 1 && tokens[index].trailingTrivia.contains(where: \.isComment))
        }
    }

    /// `true` / `false` literal value.
    public var booleanLiteral: Bool? {
        guard let literal = self.as(BooleanLiteralExprSyntax.self) else { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }

    /// Integer or float literal value.
    public var numberLiteral: Double? {
        if let integer = self.as(IntegerLiteralExprSyntax.self) {
            return Double(integer.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let float = self.as(FloatLiteralExprSyntax.self) {
            return Double(float.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        return nil
    }

    /// For `.name` or `Type.name`: `name`.
    public var memberName: String? {
        self.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// The type and member a value is read from or returned by, looking through `!`: `Links.appStore` →
    /// (`Links`, `appStore`), `Generator.code(for: x)` → (`Generator`, `code`); `nil` unless the base is a
    /// capitalised name.
    public var typeMember: (type: String, name: String)? {
        var expression = self
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression }
        if let call = expression.as(FunctionCallExprSyntax.self) { expression = call.calledExpression }
        guard let member = expression.as(MemberAccessExprSyntax.self),
              let owner = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, owner.first?.isUppercase == true
        else { return nil }
        return (owner, member.declName.baseName.text)
    }

    /// The identifiers a value expression names, outermost component last:
    /// `order.trackingNumber` → `["order", "trackingNumber"]`, `$model.notes` → `["model", "notes"]`,
    /// `self.email ?? ""` → `["self", "email"]`. `nil` for other expressions.
    public var referencePath: [String]? {
        var expr = self
        if let sequence = expr.as(SequenceExprSyntax.self), let first = sequence.elements.first {
            expr = first   // `value ?? ""`
        }
        if let forced = expr.as(ForceUnwrapExprSyntax.self) { expr = forced.expression }
        if let optional = expr.as(OptionalChainingExprSyntax.self) { expr = optional.expression }
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            var name = reference.baseName.text
            if name.hasPrefix("$") { name.removeFirst() }
            return [name]
        }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base {
            guard var path = base.referencePath else { return nil }
            path.append(member.declName.baseName.text)
            return path
        }
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
           let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           ["uppercased", "lowercased", "capitalized", "description"].contains(member.declName.baseName.text),
           let base = member.base {
            return base.referencePath
        }
        return nil
    }
}

/// Splits an identifier into its camelCase words: `orderID` → `["order", "ID"]`, `trackingURL2` → `["tracking", "URL2"]`.
public func camelCaseWords(_ identifier: String) -> [String] {
    var words: [String] = []
    var current = ""
    let characters = Array(identifier.trimmingCharacters(in: ["_", "$"]))
    for (index, character) in characters.enumerated() {
        if character == "_" {
            if !current.isEmpty { words.append(current); current = "" }
            continue
        }
        if character.isUppercase, !current.isEmpty {
            let previous = characters[index - 1]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            // A capital starts a word after a lower-case letter or digit, or ends an acronym ("URLString" → URL, String).
            if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                words.append(current)
                current = ""
            }
        }
        current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    return words
}

/// Whether `identifier` ends with the camelCase words of `suffix`, case-insensitively:
/// `customerEmail` ends with `email`, `shippingAddress` with `address`, `orderId` with `orderID`.
public func identifier(_ identifier: String, endsWithWordsOf suffix: String) -> Bool {
    // A cheap necessary condition first: rules ask this of every name they see.
    let letters = identifier.lowercased().filter { $0 != "_" }
    guard letters.hasSuffix(suffix.lowercased().filter { $0 != "_" }) else { return false }
    let words = camelCaseWords(identifier).map { $0.lowercased() }
    let suffixWords = camelCaseWords(suffix).map { $0.lowercased() }
    guard !suffixWords.isEmpty, words.count >= suffixWords.count else { return false }
    return Array(words.suffix(suffixWords.count)) == suffixWords
}

extension String {
    /// `"trash"` → `"Trash"`, used to build identifiers like `orderNumber` from `order` + `number`.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
