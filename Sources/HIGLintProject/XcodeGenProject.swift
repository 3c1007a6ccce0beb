import Foundation
import HIGLintSwiftUI

/// Reads XcodeGen's `project.yml`: `targets` with `type`, `platform` (or
/// `supportedDestinations`), `deploymentTarget` and `sources`, and
/// `options.deploymentTarget`, with `targetTemplates` applied as XcodeGen applies them. `include:`d files are not
/// followed; a spec that cannot be read is named in a warning.
enum XcodeGenProjectReader {
    static func read(_ specPath: String, source: String) -> (ProjectDescription?, [ProjectWarning]) {
        let folder = (specPath as NSString).deletingLastPathComponent
        guard let spec = MiniYAML.parse(source) as? [String: Any], let targets = spec["targets"] as? [String: Any] else {
            return (nil, [ProjectWarning(path: specPath, message: "could not read this XcodeGen spec (targets: not found or YAML beyond what HIGLint reads); the folder is linted by folder conventions")])
        }
        var warnings: [ProjectWarning] = []
        if spec["include"] != nil {
            warnings.append(ProjectWarning(path: specPath, message: "included specs are not followed; targets declared there are linted by folder conventions"))
        }
        let projectTargets = ((spec["options"] as? [String: Any])?["deploymentTarget"] as? [String: Any]) ?? [:]
        var project = ProjectDescription(kind: .xcodegen, path: specPath, folder: folder)
        for case let package as [String: Any] in ((spec["packages"] as? [String: Any]) ?? [:]).values {
            if let path = package["path"] as? String, !path.isEmpty {
                project.referencedPackageFolders.insert(XcodeProjectReader.join(folder, path))
            }
        }
        let templates = (spec["targetTemplates"] as? [String: Any]) ?? [:]
        for name in targets.keys.sorted() {
            guard let written = targets[name] as? [String: Any] else { continue }
            let target = applyingTemplates(to: written, templates: templates, targetName: name)
            var facts = TargetFacts(name: name, product: ProductKind(xcodeProductType: target["type"] as? String ?? ""))
            var platforms: Platforms = []
            let platformNames = strings(target["supportedDestinations"]).isEmpty ? strings(target["platform"]) : strings(target["supportedDestinations"])
            for platformName in platformNames { platforms.formUnion(Platforms(name: platformName) ?? []) }
            facts.platforms = platforms.isEmpty ? .all : platforms
            var deploymentTargets: [String: String] = [:]
            for (platformName, version) in projectTargets { deploymentTargets[Platforms(name: platformName)?.description ?? platformName] = "\(version)" }
            if let version = target["deploymentTarget"] as? String, platforms.rawValue.nonzeroBitCount == 1 {
                deploymentTargets[platforms.description] = version
            } else if let versions = target["deploymentTarget"] as? [String: Any] {
                for (platformName, version) in versions { deploymentTargets[Platforms(name: platformName)?.description ?? platformName] = "\(version)" }
            }
            facts.deploymentTargets = deploymentTargets.filter { name, version in
                Version(version) != nil && (Platforms(name: name).map(facts.platforms.contains) ?? false)
            }
            facts.passOverReason = TargetNaming.passOverReason(name: name, product: facts.product, screenshotWords: [])
            let index = project.targets.count
            project.targets.append(facts)
            for entry in sources(target["sources"]) {
                var membership = FolderMembership(target: index, includesByDefault: true)
                membership.excluded = entry.excludes.map(GlobPattern.init)
                project.folderRules[XcodeProjectReader.join(folder, entry.path), default: []].append(membership)
            }
        }
        return (project, warnings)
    }

    /// A target's `templates:` merged under it, as XcodeGen merges them: the target's scalars win, mappings merge
    /// key by key, sequences (`sources`, `dependencies`) are the template's followed by the target's, and
    /// `${target_name}` names the target. Templates may list templates, applied before them; each template is
    /// applied once per target (a diamond or a cycle among templates would otherwise repeat work without bound),
    /// and a chain past 8 stops.
    static func applyingTemplates(to target: [String: Any], templates: [String: Any], targetName: String) -> [String: Any] {
        var order: [[String: Any]] = []
        var visited: Set<String> = []
        func visit(_ name: String, depth: Int) {
            guard depth < 8, !visited.contains(name), var template = templates[name] as? [String: Any] else { return }
            visited.insert(name)
            for inner in strings(template["templates"]) { visit(inner, depth: depth + 1) }
            template["templates"] = nil
            order.append(template)
        }
        for name in strings(target["templates"]) { visit(name, depth: 0) }
        guard !order.isEmpty else { return target }
        let base = order.reduce(into: [String: Any]()) { base, template in base = merged(template, onto: base) }
        var own = target
        own["templates"] = nil
        return substitutingTargetName(merged(own, onto: base), targetName) as? [String: Any] ?? target
    }

    private static func merged(_ top: [String: Any], onto base: [String: Any]) -> [String: Any] {
        var result = base
        for (key, value) in top {
            if let mapping = value as? [String: Any], let under = result[key] as? [String: Any] {
                result[key] = merged(mapping, onto: under)
            } else if let sequence = value as? [Any], let under = result[key] as? [Any] {
                result[key] = under + sequence
            } else {
                result[key] = value
            }
        }
        return result
    }

    private static func substitutingTargetName(_ value: Any, _ targetName: String) -> Any {
        switch value {
        case let text as String:
            return text.replacingOccurrences(of: "${target_name}", with: targetName)
                .replacingOccurrences(of: "$target_name", with: targetName)
        case let sequence as [Any]:
            return sequence.map { substitutingTargetName($0, targetName) }
        case let mapping as [String: Any]:
            return mapping.mapValues { substitutingTargetName($0, targetName) }
        default:
            return value
        }
    }

    private static func strings(_ value: Any?) -> [String] {
        if let text = value as? String { return text.isEmpty ? [] : [text] }
        return (value as? [Any])?.compactMap { $0 as? String } ?? []
    }

    /// `sources: Sources`, `sources: [A, B]`, or entries `- path: A` with `excludes:`.
    private static func sources(_ value: Any?) -> [(path: String, excludes: [String])] {
        let entries: [Any] = (value as? [Any]) ?? (value.map { [$0] } ?? [])
        return entries.compactMap { entry in
            if let path = entry as? String { return (path, []) }
            guard let mapping = entry as? [String: Any], let path = mapping["path"] as? String else { return nil }
            return (path, strings(mapping["excludes"]))
        }
    }
}
