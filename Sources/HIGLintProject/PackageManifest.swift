import Foundation
import HIGLintSwiftUI
import SwiftSyntax

/// Reads a `Package.swift` as syntax, without running SwiftPM.
///
/// `platforms:` gives each platform's deployment target. It narrows the
/// platforms of executable targets only: SwiftPM builds a library for every
/// platform, the unnamed ones at their oldest versions, and many packages name
/// `.macOS` only so that they build on a Mac (an iOS library with
/// `platforms: [.macOS(.v13)]` is still iOS code), while an executable runs
/// where it is built. Every `.target(name:…)`,
/// `.executableTarget`, `.testTarget` and `.macro` call in the file counts,
/// wherever it is written; its files are under `path:` or, by default,
/// `Sources/<name>` (`Tests/<name>` for tests), less `exclude:`, and only
/// `sources:` when given. A target whose name or paths are not literals
/// cannot be placed and is named in a warning.
enum PackageManifestReader {
    static func read(_ manifestPath: String, source: String) -> (ProjectDescription?, [ProjectWarning]) {
        let folder = (manifestPath as NSString).deletingLastPathComponent
        var project = ProjectDescription(kind: .package, path: manifestPath, folder: folder)
        var warnings: [ProjectWarning] = []
        let (parsed, refusal) = ManifestSyntax.parse(source, path: manifestPath)
        guard let file = parsed else { return (nil, refusal.map { [$0] } ?? []) }
        let calls = PackageCalls(viewMode: .sourceAccurate)
        calls.walk(file)
        project.referencedPackageFolders = PackageReferences.folders(in: file, manifestFolder: folder)
        var platforms: Platforms = []
        var deploymentTargets: [String: String] = [:]
        for element in calls.platforms {
            guard let (platform, name, version) = SyntaxValues.platformVersion(element) else { continue }
            platforms.insert(platform)
            if let version { deploymentTargets[name] = Version.lower(deploymentTargets[name], version) }
        }
        if platforms.isEmpty { platforms = .all }
        for call in calls.declaredTargets {
            let kind = call.kind
            guard let name = SyntaxValues.string(call.argument("name")) else {
                let warning = ProjectWarning(path: manifestPath, message: "a target's name is not a string literal; its files are linted by folder conventions")
                if !warnings.contains(warning) { warnings.append(warning) }
                continue
            }
            let isTest = kind == "testTarget"
            let isExecutable = kind == "executableTarget"
            var facts = TargetFacts(name: name, product: isTest ? .unitTests : isExecutable ? .tool : .framework,
                                    platforms: isExecutable ? platforms : .all, deploymentTargets: deploymentTargets)
            facts.passOverReason = TargetNaming.passOverReason(name: name, product: facts.product, screenshotWords: [])
            let index = project.targets.count
            project.targets.append(facts)
            let targetFolder: String
            if let path = call.argument("path"), !path.is(NilLiteralExprSyntax.self) {
                guard let literal = SyntaxValues.string(path) else {
                    warnings.append(ProjectWarning(path: manifestPath, message: "the path of target '\(name)' is not a string literal; its files are linted by folder conventions"))
                    continue
                }
                targetFolder = XcodeProjectReader.join(folder, literal)
            } else {
                targetFolder = defaultFolder(of: name, isTest: isTest, in: folder)
            }
            var membership = FolderMembership(target: index, includesByDefault: true)
            membership.excluded = SyntaxValues.strings(call.argument("exclude")).map(GlobPattern.init)
            membership.patterns = SyntaxValues.strings(call.argument("sources")).map(GlobPattern.init)
            project.folderRules[targetFolder, default: []].append(membership)
        }
        return (project, warnings)
    }

    /// SwiftPM's default: the first of `Sources`, `Source`, `src`, `srcs` (`Tests` for tests) holding a folder of that name.
    private static func defaultFolder(of name: String, isTest: Bool, in folder: String) -> String {
        let roots = isTest ? ["Tests", "Sources", "Source", "src", "srcs"] : ["Sources", "Source", "src", "srcs"]
        for root in roots {
            let candidate = XcodeProjectReader.join(folder, root + "/" + name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue { return candidate }
        }
        return XcodeProjectReader.join(folder, roots[0] + "/" + name)
    }
}

/// The `platforms:` elements of `Package(…)` and every target declaration call.
/// A target the manifest declares: a `.target(name:…)` call itself, or a call of a manifest function that makes one
/// from its parameters (`func target(_ name: String, …) -> Target { .target(name: name, …) }`, as packages that
/// share settings between targets write it). `argument` gives what the target call receives, parameters replaced
/// by the arguments of the call that uses the function.
struct DeclaredTarget {
    var kind: String
    var argument: (String) -> ExprSyntax?
}

private final class PackageCalls: SyntaxVisitor {
    var platforms: [ExprSyntax] = []
    /// Target calls written in place, then those made through the manifest's functions, in the order written.
    private var direct: [FunctionCallExprSyntax] = []
    /// Manifest functions whose body makes a target, by name.
    private var templates: [String: (function: FunctionDeclSyntax, target: FunctionCallExprSyntax)] = [:]
    private var templateUses: [(name: String, call: FunctionCallExprSyntax)] = []
    static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget", "macro"]

    var declaredTargets: [DeclaredTarget] {
        var targets: [DeclaredTarget] = direct.compactMap { call in
            Self.kind(of: call).map { kind in DeclaredTarget(kind: kind) { call.argument($0) } }
        }
        for use in templateUses {
            guard let template = templates[use.name], let kind = Self.kind(of: template.target) else { continue }
            let values = Self.parameterValues(of: template.function, in: use.call)
            targets.append(DeclaredTarget(kind: kind) { label in
                guard let written = template.target.argument(label) else { return nil }
                if let reference = written.as(DeclReferenceExprSyntax.self), let value = values[reference.baseName.text] {
                    return value
                }
                return written
            })
        }
        return targets
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        // A function that makes a target is a template, not a target: its uses are the targets.
        let finder = TargetCallFinder(viewMode: .sourceAccurate)
        if let body = node.body { finder.walk(body) }
        if let target = finder.found {
            templates[node.name.text] = (node, target)
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            if name == "Package", let list = node.argument("platforms")?.as(ArrayExprSyntax.self) {
                platforms += list.elements.map(\.expression)
            } else {
                templateUses.append((name, node))
            }
        }
        if Self.isTargetCall(node) { direct.append(node) }
        return .visitChildren
    }

    static func isTargetCall(_ node: FunctionCallExprSyntax) -> Bool {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), targetKinds.contains(member.declName.baseName.text),
              member.base == nil || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Target" else { return false }
        return node.argument("name") != nil
    }

    static func kind(of call: FunctionCallExprSyntax) -> String? {
        call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// Each parameter's value in `call`, by the name the body uses: the argument given for it, else its default.
    static func parameterValues(of function: FunctionDeclSyntax, in call: FunctionCallExprSyntax) -> [String: ExprSyntax] {
        var values: [String: ExprSyntax] = [:]
        let arguments = Array(call.arguments)
        var next = 0
        for parameter in function.signature.parameterClause.parameters {
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            let name = (parameter.secondName ?? parameter.firstName).text
            if next < arguments.count, arguments[next].label?.text == label {
                values[name] = arguments[next].expression
                next += 1
            } else if let defaultValue = parameter.defaultValue?.value {
                values[name] = defaultValue
            }
        }
        return values
    }
}

/// The first target call in a function's body.
private final class TargetCallFinder: SyntaxVisitor {
    var found: FunctionCallExprSyntax?

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, PackageCalls.isTargetCall(node) { found = node }
        return found == nil ? .visitChildren : .skipChildren
    }
}

/// Literal values in manifests (`Package.swift`, Tuist's `Project.swift`).
enum SyntaxValues {
    static func string(_ expr: ExprSyntax?) -> String? {
        guard let literal = expr?.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
              let segment = literal.segments.first?.as(StringSegmentSyntax.self) else { return nil }
        return segment.content.text
    }

    /// A string literal, or each string of an array literal; Tuist's `.glob("…")` too.
    static func strings(_ expr: ExprSyntax?) -> [String] {
        guard let expr else { return [] }
        if let text = string(expr) { return [text] }
        if let array = expr.as(ArrayExprSyntax.self) { return array.elements.flatMap { strings($0.expression) } }
        if let call = expr.as(FunctionCallExprSyntax.self), let first = call.arguments.first { return strings(first.expression) }
        return []
    }

    /// `.iOS(.v17)`, `.iOS("17.0")`, `.macOS(.v10_15)`, `.macCatalyst(.v17)` (iOS code), `.visionOS(.v1)`; bare `.iOS` too.
    static func platformVersion(_ expr: ExprSyntax) -> (Platforms, String, String?)? {
        let call = expr.as(FunctionCallExprSyntax.self)
        guard let member = (call?.calledExpression ?? expr).as(MemberAccessExprSyntax.self),
              let platform = Platforms(name: member.declName.baseName.text) else { return nil }
        let name = platform.description
        // A Catalyst minimum is no iOS minimum.
        if member.declName.baseName.text.lowercased() == "maccatalyst" { return (platform, name, nil) }
        guard let argument = call?.arguments.first?.expression else { return (platform, name, nil) }
        if let text = string(argument) { return (platform, name, Version(text) != nil ? text : nil) }
        if let version = argument.as(MemberAccessExprSyntax.self)?.declName.baseName.text, version.hasPrefix("v") {
            let dotted = version.dropFirst().replacingOccurrences(of: "_", with: ".")
            return (platform, name, Version(dotted) != nil ? (dotted.contains(".") ? dotted : dotted + ".0") : nil)
        }
        return (platform, name, nil)
    }
}

extension FunctionCallExprSyntax {
    func argument(_ label: String) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
    }
}
