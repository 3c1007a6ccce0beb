import Foundation
import HIGLintSwiftUI
import SwiftSyntax

/// Reads Tuist's `Project.swift` as syntax: each `.target(…)` / `Target(…)` with
/// `name:`, `destinations:` (or the older `platform:`), `product:`,
/// `deploymentTargets:` (or `deploymentTarget:`) and `sources:` globs.
/// Targets built by the project's own helper functions cannot be read and are
/// named in a warning; their files fall back to folder conventions.
enum TuistProjectReader {
    static func read(_ manifestPath: String, source: String) -> (ProjectDescription?, [ProjectWarning]) {
        let folder = (manifestPath as NSString).deletingLastPathComponent
        var project = ProjectDescription(kind: .tuist, path: manifestPath, folder: folder)
        var warnings: [ProjectWarning] = []
        let (parsed, refusal) = ManifestSyntax.parse(source, path: manifestPath)
        guard let file = parsed else { return (nil, refusal.map { [$0] } ?? []) }
        let calls = TuistTargetCalls(viewMode: .sourceAccurate)
        calls.walk(file)
        project.referencedPackageFolders = PackageReferences.folders(in: file, manifestFolder: folder)
        if calls.targets.isEmpty {
            // Targets made by the project's helpers still name their destinations there.
            let helpers = TuistTargetCalls(viewMode: .sourceAccurate)
            for (path, helper) in helperSources(of: folder) {
                let (tree, refusal) = ManifestSyntax.parse(helper, path: path)
                if let tree { helpers.walk(tree) }
                if let refusal { warnings.append(refusal) }
            }
            let apps = helpers.targets.filter { [.app, .appExtension].contains(product($0.argument("product"))) }
            let destinations = apps.compactMap { Self.platforms($0.argument("destinations") ?? $0.argument("platform")) }
            if !apps.isEmpty, destinations.count == apps.count {
                project.unreadAppPlatforms = destinations.reduce(into: Platforms()) { $0.formUnion($1) }
            }
            let found = project.unreadAppPlatforms.map { "; its helpers build apps for \($0), which its files are taken to run on" } ?? ""
            warnings.append(ProjectWarning(path: manifestPath, message: "found no target written as .target(name:…) or Target(name:…); the folder is linted by folder conventions" + found))
            project.hasUnreadTargets = true
        }
        for call in calls.targets {
            guard let name = SyntaxValues.string(call.argument("name")) else {
                warnings.append(ProjectWarning(path: manifestPath, message: "a target's name is not a string literal (a function builds it); its files, even those a test target also builds, are judged as shipping"))
                project.hasUnreadTargets = true
                continue
            }
            var facts = TargetFacts(name: name, product: product(call.argument("product")))
            facts.platforms = platforms(call.argument("destinations") ?? call.argument("platform")) ?? .all
            facts.isPhoneOnly = isPhoneOnly(call.argument("destinations"))
            facts.deploymentTargets = deploymentTargets(call.argument("deploymentTargets") ?? call.argument("deploymentTarget"))
                .filter { name, _ in Platforms(name: name).map(facts.platforms.contains) ?? false }
            facts.passOverReason = TargetNaming.passOverReason(name: name, product: facts.product, screenshotWords: [])
            let index = project.targets.count
            project.targets.append(facts)
            let globs = SyntaxValues.strings(call.argument("sources")) + SyntaxValues.strings(call.argument("resources"))
            if globs.isEmpty, call.argument("sources") != nil {
                warnings.append(ProjectWarning(path: manifestPath, message: "the sources of target '\(name)' are not literal globs; its files are linted by folder conventions"))
                project.hasUnreadTargets = true
            }
            for glob in globs {
                let (literalFolder, relative) = GlobPattern.splitLiteralFolder(glob)
                let root = XcodeProjectReader.join(folder, literalFolder)
                var membership = FolderMembership(target: index, includesByDefault: true)
                if !relative.isEmpty { membership.patterns = [GlobPattern(relative)] }
                project.folderRules[root, default: []].append(membership)
            }
        }
        return (project, warnings)
    }

    /// The Swift files of `Tuist/ProjectDescriptionHelpers` beside the manifest, where helpers build targets.
    static func helperSources(of folder: String) -> [(path: String, source: String)] {
        let helpers = (folder as NSString).appendingPathComponent("Tuist/ProjectDescriptionHelpers")
        guard ReadBoundary.allows(helpers), let names = try? FileManager.default.contentsOfDirectory(atPath: helpers) else { return [] }
        return names.filter { $0.hasSuffix(".swift") }.sorted().prefix(64).compactMap {
            let path = (helpers as NSString).appendingPathComponent($0)
            return ReadBoundary.allows(path) ? (try? String(contentsOfFile: path, encoding: .utf8)).map { (path, $0) } : nil
        }
    }

    static func product(_ expr: ExprSyntax?) -> ProductKind {
        switch expr?.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
        case "app", "watch2App", "appClip"?: return .app
        case "unitTests"?: return .unitTests
        case "uiTests"?: return .uiTests
        case "commandLineTool"?: return .tool
        case let name? where name.lowercased().contains("extension"): return .appExtension
        case let name? where name.lowercased().contains("framework") || name.lowercased().contains("library"): return .framework
        default: return .other
        }
    }

    /// `[.iPhone]` or `[.iPhone, .mac]`: iOS destinations of iPhone alone.
    static func isPhoneOnly(_ expr: ExprSyntax?) -> Bool {
        guard let array = expr?.as(ArrayExprSyntax.self) else { return false }
        let names = array.elements.compactMap { $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text }
        let iOSNames: Set<String> = ["iPhone", "iPad", "macWithiPadDesign", "macCatalyst", "appleVisionWithiPadDesign", "iOS"]
        return names.filter { iOSNames.contains($0) } == ["iPhone"]
    }

    /// `.iOS`, `[.iPhone, .iPad, .mac]`, `.macOS`, `Set([…])`; Catalyst and "Designed for iPad" are iOS code.
    static func platforms(_ expr: ExprSyntax?) -> Platforms? {
        guard let expr else { return nil }
        let names: [String]
        if let array = expr.as(ArrayExprSyntax.self) {
            names = array.elements.compactMap { $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text }
        } else if let call = expr.as(FunctionCallExprSyntax.self), let inner = call.arguments.first?.expression {
            return platforms(inner)
        } else if let member = expr.as(MemberAccessExprSyntax.self) {
            names = [member.declName.baseName.text]
        } else {
            return nil
        }
        var result: Platforms = []
        for name in names {
            switch name {
            case "iPhone", "iPad", "macWithiPadDesign", "macCatalyst", "appleVisionWithiPadDesign", "iOS": result.insert(.iOS)
            case "mac", "macOS": result.insert(.macOS)
            case "appleTv", "tvOS": result.insert(.tvOS)
            case "appleWatch", "watchOS": result.insert(.watchOS)
            case "appleVision", "visionOS": result.insert(.visionOS)
            default: break
            }
        }
        return result.isEmpty ? nil : result
    }

    /// `.iOS("17.0")`, `.multiplatform(iOS: "17.0", macOS: "14.0")`, `.iOS(targetVersion: "16.0", devices: …)`.
    static func deploymentTargets(_ expr: ExprSyntax?) -> [String: String] {
        guard let call = expr?.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { return [:] }
        var result: [String: String] = [:]
        if member == "multiplatform" {
            for argument in call.arguments {
                if let label = argument.label?.text, let platform = Platforms(name: label), let version = SyntaxValues.string(argument.expression) {
                    result[platform.description] = version
                }
            }
        } else if let platform = Platforms(name: member), let version = SyntaxValues.string(call.arguments.first?.expression) {
            result[platform.description] = version
        }
        return result
    }
}

private final class TuistTargetCalls: SyntaxVisitor {
    var targets: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let called = node.calledExpression
        let isTarget = called.as(DeclReferenceExprSyntax.self)?.baseName.text == "Target"
            || (called.as(MemberAccessExprSyntax.self).map { $0.declName.baseName.text == "target" && ($0.base == nil || $0.base?.description == "Target") } ?? false)
        if isTarget, node.argument("name") != nil { targets.append(node) }
        return .visitChildren
    }
}
