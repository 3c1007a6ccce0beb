import Foundation
import HIGLintSwiftUI
import SwiftSyntax

/// What a set of enabled rules needs, worked out once per configuration rather than per file: the rules, the
/// prefilter, and which rules each node kind and name goes to.
final class FilePlan: Sendable {
    /// The rules of one node kind, as indexes into `rules`.
    struct KindTable: Sendable {
        /// Rules that see every node of the kind.
        var unnamed: [Int] = []
        /// Rules by the node names they asked for (`Rule.visitedNames`).
        var named: [String: [Int]] = [:]
        var suffixed: [(suffix: String, rule: Int)] = []
        var isEmpty: Bool { unnamed.isEmpty && named.isEmpty && suffixed.isEmpty }
    }

    let rules: [any Rule]
    let descriptions: [RuleDescription]
    /// The ids of `rules`: a suppression comment naming one of them is judged by whether it silenced a finding.
    let ruleIDs: Set<String>
    /// The enabled checks of `// higlint:` comments.
    let suppressionRules: [RuleDescription]
    /// Whether every Swift rule the engine knows runs, so that a comment naming `all` can be judged.
    let runsEveryRule: Bool
    let prefilter: Prefilter?
    /// `Configuration.cacheDescription`, said once for all the files it covers.
    let configurationDescription: String
    /// `nil` when some rule sees nodes of any name: then every node is walked.
    let occurrences: NameOccurrences?
    let components: [String: String]
    let calls: KindTable
    let members: KindTable
    let references: KindTable
    let functions: KindTable
    /// Rules asking for other kinds, which are few and not named.
    let otherKinds: [SyntaxKind: [Int]]

    init(rules: [any Rule], suppressionRules: [RuleDescription] = [], runsEveryRule: Bool = false, configuration: Configuration) {
        let components = configuration.components
        self.rules = rules
        descriptions = rules.map { type(of: $0).description }
        ruleIDs = Set(descriptions.map(\.id))
        self.suppressionRules = suppressionRules
        self.runsEveryRule = runsEveryRule
        prefilter = Prefilter(rules: rules.map { type(of: $0) }, components: components)
        configurationDescription = configuration.cacheDescription
        self.components = components
        var tables: [SyntaxKind: KindTable] = [:]
        var others: [SyntaxKind: [Int]] = [:]
        for (index, rule) in rules.enumerated() {
            let type = type(of: rule)
            for kind in type.visitedKinds {
                guard Self.namedKinds.contains(kind) else {
                    others[kind, default: []].append(index)
                    continue
                }
                guard let names = type.visitedNames else {
                    tables[kind, default: KindTable()].unnamed.append(index)
                    continue
                }
                for name in names { tables[kind, default: KindTable()].named[name, default: []].append(index) }
                for suffix in type.visitedNameSuffixes { tables[kind, default: KindTable()].suffixed.append((suffix, index)) }
            }
        }
        calls = tables[.functionCallExpr] ?? KindTable()
        members = tables[.memberAccessExpr] ?? KindTable()
        references = tables[.declReferenceExpr] ?? KindTable()
        functions = tables[.functionDecl] ?? KindTable()
        otherKinds = others
        let named = [calls, members, references, functions]
        if others.isEmpty, named.allSatisfy(\.unnamed.isEmpty) {
            // A component's call goes to the rules of its primitive, so its name is looked for too.
            occurrences = NameOccurrences(names: named.reduce(into: Set(components.keys)) { $0.formUnion($1.named.keys) },
                                          suffixes: Set(named.flatMap { $0.suffixed.map(\.suffix) }))
        } else {
            occurrences = nil
        }
    }

    /// Whether `buffer` holds nothing this plan can find, so need not be parsed: no `higlint:` for the suppression
    /// rules to check, and no rule enabled or (when `prefiltering`) none of their trigger words (`Prefilter`).
    func passesOver(_ buffer: UnsafeBufferPointer<UInt8>, prefiltering: Bool) -> Bool {
        if !rules.isEmpty {
            guard prefiltering, let prefilter, !prefilter.mayTrigger(buffer) else { return false }
        }
        return suppressionRules.isEmpty || !SuppressionMap.mentionsDirective(buffer)
    }

    static let namedKinds: Set<SyntaxKind> = [.functionCallExpr, .memberAccessExpr, .declReferenceExpr, .functionDecl]

    /// The rules for nodes named `name`: the unnamed ones, those that asked for the name or for the primitive a
    /// configured component stands for, and those whose suffix either ends with; each once, in registry order.
    func rules(named name: String, in table: KindTable) -> [Int] {
        let names = [name] + (components[name].map { [$0] } ?? [])
        var matched = Set<Int>()
        for name in names {
            matched.formUnion(table.named[name] ?? [])
            for entry in table.suffixed where name.hasSuffix(entry.suffix) { matched.insert(entry.rule) }
        }
        guard !matched.isEmpty else { return table.unnamed }
        return (table.unnamed + matched).sorted()
    }
}

/// Plans by configuration, shared by every file and thread of an engine. A run has one configuration or a
/// few (one per `.higlint.json`), so they are told apart by comparing them, which is cheaper than any key.
final class FilePlans: @unchecked Sendable {
    private let lock = NSLock()
    private var plans: [(configuration: Configuration, plan: FilePlan)] = []

    func plan(for engine: LintEngine, configuration: Configuration) -> FilePlan {
        if let known = lock.withLock({ plans.first { $0.configuration == configuration }?.plan }) { return known }
        let rules = engine.rules.filter { configuration.isEnabled(type(of: $0).description) }
        let plan = FilePlan(rules: rules, suppressionRules: engine.suppressionRules.map { type(of: $0).description }.filter(configuration.isEnabled),
                            runsEveryRule: rules.count == engine.catalog.swiftRuleCount, configuration: configuration)
        lock.withLock { plans.append((configuration, plan)) }
        return plan
    }
}

/// The single walk of a file: every node goes to the rules that asked for its kind and name.
final class RuleDispatcher: SyntaxAnyVisitor {
    private let plan: FilePlan
    private let contexts: [RuleContext]
    /// The rules of each name met so far in this file, by node kind.
    private var resolvedCalls: [String: [Int]] = [:]
    private var resolvedMembers: [String: [Int]] = [:]
    private var resolvedReferences: [String: [Int]] = [:]
    private var resolvedFunctions: [String: [Int]] = [:]

    /// Where the names rules start from occur in the file (`NameOccurrences`), or `nil` to walk every node.
    private let occurrences: [Int]?
    /// The first of `occurrences` at or after the node visited last: nodes come in pre-order, so their starts
    /// never decrease.
    private var nextOccurrence = 0

    init(plan: FilePlan, file: SwiftUIFile, configuration: Configuration, facts: BuildFacts, module: ModuleFacts,
         sink: DiagnosticSink, occurrences: [Int]? = nil) {
        self.plan = plan
        self.occurrences = occurrences
        contexts = plan.descriptions.map {
            RuleContext(file: file, configuration: configuration, facts: facts, module: module, description: $0, sink: sink)
        }
        super.init(viewMode: .sourceAccurate)
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let occurrences {
            // A node holding no occurrence of a name holds no node any rule is given.
            let start = node.position.utf8Offset
            while nextOccurrence < occurrences.count, occurrences[nextOccurrence] < start { nextOccurrence += 1 }
            guard nextOccurrence < occurrences.count, occurrences[nextOccurrence] < node.endPosition.utf8Offset else {
                return .skipChildren
            }
        }
        switch node.kind {
        case .functionCallExpr:
            if !plan.calls.isEmpty, let call = node.as(FunctionCallExprSyntax.self) {
                dispatch(node, name: Self.calleeName(call.calledExpression), table: plan.calls, resolved: &resolvedCalls)
            }
        case .memberAccessExpr:
            if !plan.members.isEmpty, let member = node.as(MemberAccessExprSyntax.self) {
                dispatch(node, name: member.declName.baseName.text, table: plan.members, resolved: &resolvedMembers)
            }
        case .declReferenceExpr:
            if !plan.references.isEmpty, let reference = node.as(DeclReferenceExprSyntax.self) {
                dispatch(node, name: reference.baseName.text, table: plan.references, resolved: &resolvedReferences)
            }
        case .functionDecl:
            if !plan.functions.isEmpty, let function = node.as(FunctionDeclSyntax.self) {
                dispatch(node, name: function.name.text, table: plan.functions, resolved: &resolvedFunctions)
            }
        case .ifConfigClause:
            // Code under `#if false` is never compiled, so no rule speaks about it.
            if let clause = node.as(IfConfigClauseSyntax.self), clause.isNeverCompiled { return .skipChildren }
            fallthrough
        default:
            if !plan.otherKinds.isEmpty, let rules = plan.otherKinds[node.kind] {
                for rule in rules { plan.rules[rule].visit(node, in: contexts[rule]) }
            }
        }
        return .visitChildren
    }

    private func dispatch(_ node: Syntax, name: String?, table: FilePlan.KindTable, resolved: inout [String: [Int]]) {
        let rules: [Int]
        if let name {
            if let known = resolved[name] {
                rules = known
            } else {
                rules = plan.rules(named: name, in: table)
                resolved[name] = rules
            }
        } else {
            rules = table.unnamed
        }
        for rule in rules { plan.rules[rule].visit(node, in: contexts[rule]) }
    }

    /// The last name of what a call calls: `Image` in `Image(…)`, `SwiftUI.Image(…)` and `Image<T>(…)`,
    /// `system` in `.system(size:)`; `nil` for calls of closures and subscripts.
    static func calleeName(_ callee: ExprSyntax) -> String? {
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { return calleeName(specialized.expression) }
        return nil
    }
}

