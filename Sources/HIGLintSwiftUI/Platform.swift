import SwiftSyntax

/// The Apple platforms a piece of SwiftUI code can be built for.
public struct Platforms: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let iOS = Platforms(rawValue: 1 << 0)
    public static let macOS = Platforms(rawValue: 1 << 1)
    public static let tvOS = Platforms(rawValue: 1 << 2)
    public static let watchOS = Platforms(rawValue: 1 << 3)
    public static let visionOS = Platforms(rawValue: 1 << 4)

    public static let all: Platforms = [.iOS, .macOS, .tvOS, .watchOS, .visionOS]
    /// Platforms with Dynamic Type.
    public static let dynamicType: Platforms = [.iOS, .watchOS, .visionOS]
    /// Platforms where UIKit can be imported.
    public static let uiKit: Platforms = [.iOS, .tvOS, .visionOS, .watchOS]

    static let byName: [(String, Platforms)] = [
        ("iOS", .iOS), ("macOS", .macOS), ("tvOS", .tvOS), ("watchOS", .watchOS), ("visionOS", .visionOS),
    ]

    /// Parses a platform name as written in `os(…)` or in configuration (case-insensitive; `OSX`, `xrOS`, `iPadOS` accepted).
    public init?(name: String) {
        switch name.lowercased() {
        case "ios", "ipados", "maccatalyst": self = .iOS
        case "macos", "osx": self = .macOS
        case "tvos": self = .tvOS
        case "watchos": self = .watchOS
        case "visionos", "xros": self = .visionOS
        default: return nil
        }
    }

    public var description: String {
        let names = Self.byName.filter { contains($0.1) }.map(\.0)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}

/// What a file's imports say about where it compiles: `import AppKit` (or `Cocoa`) only on macOS, `import UIKit`
/// only where UIKit exists, `import WatchKit` only on watchOS. Imports inside `#if` say nothing for the whole file.
public enum ImportPlatforms {
    public static func platforms(ofModule module: String) -> Platforms? {
        switch module {
        case "AppKit", "Cocoa": .macOS
        case "UIKit": .uiKit
        case "WatchKit": .watchOS
        default: nil
        }
    }

    /// The platforms every unconditional import of the file allows; `.all` when they say nothing, or contradict.
    public static func platforms(of tree: SourceFileSyntax) -> Platforms {
        var result = Platforms.all
        for statement in tree.statements {
            guard let declaration = statement.item.as(ImportDeclSyntax.self),
                  let module = declaration.path.first?.name.text, let allowed = platforms(ofModule: module) else { continue }
            result.formIntersection(allowed)
        }
        return result.isEmpty ? .all : result
    }
}

/// Evaluates `#if` conditions for what they say about platforms.
///
/// Only `os(…)`, `canImport(UIKit|AppKit|WatchKit)`, `targetEnvironment(macCatalyst)`,
/// boolean literals and `!`, `&&`, `||` are understood; any other condition
/// (a compiler flag, `DEBUG`, `swift(>=…)`) could be either true or false, so it
/// says nothing about platforms and leaves every platform possible.
enum PlatformCondition {
    /// The platforms on which `condition` can be true.
    static func platforms(where condition: ExprSyntax) -> Platforms {
        evaluate(condition).canBeTrue
    }

    /// The platforms on which `condition` can be false.
    static func platforms(whereNot condition: ExprSyntax) -> Platforms {
        evaluate(condition).canBeFalse
    }

    /// For each outcome, the platforms where the condition can take it.
    private struct Outcome {
        var canBeTrue: Platforms
        var canBeFalse: Platforms
        static let unknown = Outcome(canBeTrue: .all, canBeFalse: .all)
        static func exactly(_ platforms: Platforms) -> Outcome {
            Outcome(canBeTrue: platforms, canBeFalse: Platforms.all.subtracting(platforms))
        }
    }

    private static func evaluate(_ expr: ExprSyntax) -> Outcome {
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return evaluate(inner.expression)
        }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            let inner = evaluate(prefix.expression)
            return Outcome(canBeTrue: inner.canBeFalse, canBeFalse: inner.canBeTrue)
        }
        if let boolean = expr.as(BooleanLiteralExprSyntax.self) {
            return boolean.literal.tokenKind == .keyword(.true)
                ? Outcome(canBeTrue: .all, canBeFalse: []) : Outcome(canBeTrue: [], canBeFalse: .all)
        }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            return evaluateSequence(Array(sequence.elements))
        }
        if let infix = expr.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
            return combine(evaluate(infix.leftOperand), op.operator.text, evaluate(infix.rightOperand))
        }
        if let call = expr.as(FunctionCallExprSyntax.self),
           let function = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           let argument = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            switch function {
            case "os":
                return Platforms(name: argument).map(Outcome.exactly) ?? Outcome(canBeTrue: [], canBeFalse: .all)
            case "canImport":
                switch argument {
                case "UIKit": return .exactly(.uiKit)
                case "AppKit": return .exactly(.macOS)
                case "WatchKit": return .exactly(.watchOS)
                default: return .unknown
                }
            case "targetEnvironment" where argument == "macCatalyst":
                // Mac Catalyst apps are iOS apps; Dynamic Type and swipes still exist there.
                return Outcome(canBeTrue: .iOS, canBeFalse: .all)
            default:
                return .unknown
            }
        }
        return .unknown
    }

    /// Unfolded `a && b || c` sequences: `&&` binds tighter than `||`.
    private static func evaluateSequence(_ elements: [ExprSyntax]) -> Outcome {
        var orTerms: [[ExprSyntax]] = [[]]
        var index = 0
        while index < elements.count {
            let element = elements[index]
            if let op = element.as(BinaryOperatorExprSyntax.self) {
                if op.operator.text == "||" { orTerms.append([]) }
                else if op.operator.text != "&&" { return .unknown }
            } else {
                orTerms[orTerms.count - 1].append(element)
            }
            index += 1
        }
        let disjuncts = orTerms.map { term in
            term.map(evaluate).reduce(Outcome(canBeTrue: .all, canBeFalse: [])) { combine($0, "&&", $1) }
        }
        return disjuncts.dropFirst().reduce(disjuncts[0]) { combine($0, "||", $1) }
    }

    private static func combine(_ left: Outcome, _ op: String, _ right: Outcome) -> Outcome {
        switch op {
        case "&&":
            return Outcome(canBeTrue: left.canBeTrue.intersection(right.canBeTrue),
                           canBeFalse: left.canBeFalse.union(right.canBeFalse))
        case "||":
            return Outcome(canBeTrue: left.canBeTrue.union(right.canBeTrue),
                           canBeFalse: left.canBeFalse.intersection(right.canBeFalse))
        default:
            return .unknown
        }
    }
}

extension IfConfigClauseSyntax {
    /// The platforms on which this clause's code can be compiled, given the
    /// conditions of the clauses before it in the same `#if`.
    public var platforms: Platforms {
        var result = Platforms.all
        if let clauses = parent?.as(IfConfigClauseListSyntax.self) {
            for clause in clauses {
                if clause.id == id { break }
                if let earlier = clause.condition { result.formIntersection(PlatformCondition.platforms(whereNot: earlier)) }
            }
        }
        if let condition { result.formIntersection(PlatformCondition.platforms(where: condition)) }
        return result
    }

    /// Whether this clause is `#if false` (or `#elseif false`) and so never compiled.
    public var isNeverCompiled: Bool {
        condition?.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false)
            || condition?.trimmedSource == "0"
    }
}

extension SyntaxProtocol {
    /// The platforms this code is compiled for, from the `#if` clauses around it.
    public var platforms: Platforms {
        var result = Platforms.all
        var node = parent
        while let current = node {
            if let clause = current.as(IfConfigClauseSyntax.self) { result.formIntersection(clause.platforms) }
            node = current.parent
        }
        return result
    }

    /// Whether this code sits in a `#if false` block.
    public var isInDisabledCode: Bool {
        var node = parent
        while let current = node {
            if let clause = current.as(IfConfigClauseSyntax.self), clause.isNeverCompiled { return true }
            node = current.parent
        }
        return false
    }
}

extension SyntaxProtocol {
    /// Whether this code is compiled only into debug or simulator builds (`#if DEBUG`, `#if targetEnvironment(simulator)`,
    /// or a clause that requires either): the build that ships to people does not hold it.
    public var isInDebugOnlyCode: Bool { isInClause(requiring: DebugCondition.holdsOnlyInDebugBuilds) }

    /// Whether this code is compiled only for Mac Catalyst (`#if targetEnvironment(macCatalyst)`, or a clause that
    /// requires it): iOS code running on a Mac, where text sizes do not follow Dynamic Type.
    public var isInMacCatalystOnlyCode: Bool {
        isInClause { DebugCondition.requires($0) { DebugCondition.isEnvironment($0, "macCatalyst") } }
    }

    private func isInClause(requiring holds: (ExprSyntax) -> Bool) -> Bool {
        var node = parent
        while let current = node {
            if let clause = current.as(IfConfigClauseSyntax.self), let condition = clause.condition, holds(condition) {
                return true
            }
            node = current.parent
        }
        return false
    }
}

/// Reads `#if` conditions for whether they hold only in builds that do not ship.
public enum DebugCondition {
    /// `DEBUG`, `targetEnvironment(simulator)`, or a conjunction with one of them.
    public static func holdsOnlyInDebugBuilds(_ condition: ExprSyntax) -> Bool {
        requires(condition) { leaf in
            if let reference = leaf.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "DEBUG" }
            return isEnvironment(leaf, "simulator")
        }
    }

    /// `targetEnvironment(name)`.
    static func isEnvironment(_ condition: ExprSyntax, _ name: String) -> Bool {
        guard let call = condition.as(FunctionCallExprSyntax.self) else { return false }
        return call.calledExpression.trimmedDescription == "targetEnvironment" && call.arguments.first?.expression.trimmedDescription == name
    }

    /// Whether `condition` holds only where `leaf` does: the leaf itself, in parentheses, or one side of an `&&`.
    static func requires(_ condition: ExprSyntax, _ leaf: (ExprSyntax) -> Bool) -> Bool {
        if leaf(condition) { return true }
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return requires(inner.expression, leaf)
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self), infix.operator.trimmedDescription == "&&" {
            return requires(infix.leftOperand, leaf) || requires(infix.rightOperand, leaf)
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].trimmedDescription == "&&" else { return false }
            return requires(elements[0], leaf) || requires(elements[2], leaf)
        }
        return false
    }
}
