import Foundation
import HIGLintSwiftUI

/// What `higlint project` prints: each project read, its targets, and how many Swift files each builds.
public struct ProjectSummary: Sendable, Codable, Equatable {
    public struct Target: Sendable, Codable, Equatable {
        public var name: String
        public var product: String
        public var platforms: [String]
        public var deploymentTargets: [String: String]
        /// On iOS, iPhone alone (no iPad, no Mac Catalyst).
        public var phoneOnly: Bool?
        public var ships: Bool
        /// Why the target's files are passed over, when it does not ship.
        public var passedOverAs: String?
        public var swiftFiles: Int
    }

    public var path: String
    public var kind: String
    public var targets: [Target]
}

extension ProjectFacts {
    /// One summary per project read, with the Swift files of each target counted among `files`
    /// (by default every Swift file in the projects' folders and every file they name).
    public func summaries(countingFiles files: [String]? = nil) -> [ProjectSummary] {
        var counts: [String: Int] = [:]
        for file in files ?? swiftFilesInProjects() {
            for target in facts(forFile: file).targets { counts[target, default: 0] += 1 }
        }
        return projects.map { project in
            let projectName = Self.projectName(project)
            return ProjectSummary(path: project.path, kind: project.kind.rawValue, targets: project.targets.map { target in
                ProjectSummary.Target(
                    name: target.name, product: target.product.rawValue,
                    platforms: platformNames.filter { target.platforms.contains($0.1) }.map(\.0),
                    deploymentTargets: target.deploymentTargets, phoneOnly: target.isPhoneOnly ? true : nil, ships: target.ships,
                    passedOverAs: target.passOverReason?.rawValue, swiftFiles: counts[projectName + "/" + target.name] ?? 0)
            })
        }
    }

    /// Every Swift file under the projects' folders (less build output and bundles) and every Swift file they name.
    public func swiftFilesInProjects() -> [String] {
        var files = Set(projects.flatMap { $0.members.keys }.filter { $0.hasSuffix(".swift") })
        for folder in Set(projects.map(\.folder)) {
            guard let enumerator = FileManager.default.enumerator(atPath: folder) else { continue }
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || ProjectDiscovery.skippedFolders.contains(name)
                    || ProjectDiscovery.bundleExtensions.contains((name as NSString).pathExtension) {
                    enumerator.skipDescendants()
                } else if name.hasSuffix(".swift") {
                    files.insert(folder + "/" + relative)
                }
            }
        }
        return files.sorted()
    }
}
