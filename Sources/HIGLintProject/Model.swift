import Foundation
import HIGLintSwiftUI

/// Platform names as deployment targets are keyed (`"iOS": "17.0"`), as `Platforms.description` writes them.
let platformNames: [(String, Platforms)] = [
    ("iOS", .iOS), ("macOS", .macOS), ("tvOS", .tvOS), ("watchOS", .watchOS), ("visionOS", .visionOS),
]

/// What a target makes, as far as linting cares.
public enum ProductKind: String, Sendable, Codable {
    case app, appExtension = "app extension", framework, unitTests = "unit tests", uiTests = "UI tests", tool, other

    /// Xcode's `productType` (`com.apple.product-type.…`).
    init(xcodeProductType type: String) {
        if type.contains("unit-test") { self = .unitTests }
        else if type.contains("ui-testing") { self = .uiTests }
        else if type.contains("extension") { self = .appExtension }
        else if type.contains("application") { self = .app }
        else if type.contains("framework") || type.contains("library") { self = .framework }
        else if type.contains("tool") { self = .tool }
        else { self = .other }
    }

    var isTest: Bool { self == .unitTests || self == .uiTests }
}

/// Why a file is passed over by default (RULES.md, *What ships*).
public enum PassOverReason: String, Sendable, Codable, CaseIterable, Comparable {
    case tests = "test code"
    case previewContent = "preview content"
    case screenshots = "screenshot, snapshot, trailer or preview targets"
    case notBuilt = "built by no target"
    /// `Package.swift`, Tuist's `Project.swift`: they describe the build and are no app code.
    case manifests = "project manifests"
    /// Larger than the configuration's `maxFileSize`: never read, so never parsed. Not a project fact; it is
    /// counted with the rest so that a run's summary says every file it passed over.
    case tooLarge = "larger than maxFileSize"

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What kind of file a project was read from.
public enum ProjectKind: String, Sendable, Codable {
    case xcode = "Xcode project", package = "Swift package", tuist = "Tuist project", xcodegen = "XcodeGen project"
}

/// One target as read: what it builds for and whether it ships.
public struct TargetFacts: Sendable, Equatable {
    public var name: String
    public var product: ProductKind
    public var platforms: Platforms
    /// The lowest deployment target of each platform (`"iOS": "17.0"`), over every build configuration.
    public var deploymentTargets: [String: String]
    /// Why the target's files are passed over; `nil` when it ships.
    public var passOverReason: PassOverReason?
    /// On iOS, the target runs on iPhone alone (`TARGETED_DEVICE_FAMILY = 1` in every configuration, no Mac
    /// Catalyst; Tuist's `destinations: [.iPhone]`): its screens are a phone's width, never an iPad's or a window's.
    public var isPhoneOnly = false

    public var ships: Bool { passOverReason == nil }

    /// An app extension with `Widget` or `Widgets` among the camel-case words of its name (`TodayWidget`,
    /// `Extensions-Widgets`): what it shows is widget content.
    public var isWidgetExtension: Bool {
        product == .appExtension
            && TargetNaming.camelCaseWords(name).contains { ["widget", "widgets"].contains($0.lowercased()) }
    }

    public init(name: String, product: ProductKind, platforms: Platforms = .all, deploymentTargets: [String: String] = [:]) {
        self.name = name
        self.product = product
        self.platforms = platforms
        self.deploymentTargets = deploymentTargets
    }
}

/// A project or package as read: its targets and where their files are.
public struct ProjectDescription: Sendable {
    public var kind: ProjectKind
    /// The project file (`App.xcodeproj`, `Package.swift`, …), standardized.
    public var path: String
    /// The folder the project's relative paths start from.
    public var folder: String
    public var targets: [TargetFacts] = []
    /// Exact files and folders each target builds (target indices), by standardized path.
    var members: [String: [Int]] = [:]
    /// Folders whose every file (but the exceptions) belongs to a target, by standardized path.
    var folderRules: [String: [FolderMembership]] = [:]
    /// Folders whose files are preview assets.
    var previewFolders: Set<String> = []
    /// When set, a file in `folder` that no target claims is never compiled (an Xcode project read whole).
    var claimsEveryFile = false
    /// The platforms of the apps and app extensions a project builds with targets it could not read one by one
    /// (a Tuist project whose targets its own helpers make): where its unclaimed files run, as far as can be told.
    public var unreadAppPlatforms: Platforms?
    /// Some of the project's targets could not be read (a Tuist target whose name or sources a function builds):
    /// a file that only its test targets are seen to build may be built by one of those too.
    public var hasUnreadTargets = false
    /// The folders of the local packages the project references by path (an Xcode local package reference, a
    /// Tuist or XcodeGen package path, a manifest's path dependency), standardized.
    public var referencedPackageFolders: Set<String> = []

    init(kind: ProjectKind, path: String, folder: String) {
        self.kind = kind
        self.path = path
        self.folder = folder
    }
}

/// A folder's files belong to a target, or (for `includesByDefault: false`) only the listed ones do.
struct FolderMembership: Sendable {
    var target: Int
    /// Whether files belong unless excepted (Xcode's synchronized folder of the target), or only when listed.
    var includesByDefault: Bool
    /// Paths relative to the folder (files or subfolders) that flip the default.
    var exceptions: Set<String> = []
    /// Glob patterns relative to the folder that a file, or a folder above it, must match (Tuist, package
    /// `sources:`); empty: any.
    var patterns: [GlobPattern] = []
    /// Glob patterns relative to the folder that exclude a file, or a folder above it.
    var excluded: [GlobPattern] = []

    func contains(relativePath: String) -> Bool {
        var flipped = false
        var prefix = Substring(relativePath)
        while true {
            if exceptions.contains(String(prefix)) { flipped = true; break }
            guard let slash = prefix.lastIndex(of: "/") else { break }
            prefix = prefix[..<slash]
        }
        guard includesByDefault != flipped else { return false }
        if !patterns.isEmpty, !patterns.contains(where: { $0.matches(relativePath) }) { return false }
        return !excluded.contains { $0.matches(relativePath) }
    }
}

/// A warning about a project file that could not be read, or only in part.
public struct ProjectWarning: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// The path relative to the current folder when it lies below it, as a person typed it.
    public var description: String {
        let current = FileManager.default.currentDirectoryPath
        let prefix = current.hasSuffix("/") ? current : current + "/"
        let shown = path.hasPrefix(prefix) && path.count > prefix.count ? String(path.dropFirst(prefix.count)) : path
        return "\(shown): warning: \(message)"
    }

    /// A file a project names that could not be read, said with its likely cause (RULES.md, *Facts fail open*):
    /// CocoaPods' files before `pod install` (one warning for the whole `Pods` folder), a configuration kept as a
    /// template to copy (`Config.xcconfig.dist`), a file that is not there, or one that cannot be read.
    /// - Parameters:
    ///   - what: the kind of file, `this configuration file`.
    ///   - consequence: what is done without it, `its build settings are left out`.
    static func unreadable(_ path: String, what: String, consequence: String) -> ProjectWarning {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if let pods = components.firstIndex(of: "Pods"), pods < components.count - 1 {
            let folder = components[...pods].joined(separator: "/")
            if !FileManager.default.fileExists(atPath: folder + "/Manifest.lock") {
                return ProjectWarning(path: folder, message: "not found (run `pod install`); Pods are not linted, and the build settings CocoaPods adds are left out")
            }
        }
        guard !FileManager.default.fileExists(atPath: path) else {
            return ProjectWarning(path: path, message: "could not read \(what) (no permission, or not UTF-8 text); \(consequence)")
        }
        let name = (path as NSString).lastPathComponent
        for suffix in [".dist", ".example", ".sample", ".template"] where FileManager.default.fileExists(atPath: path + suffix) {
            return ProjectWarning(path: path, message: "not found; \(name + suffix) beside it is a template to copy as \(name); \(consequence)")
        }
        return ProjectWarning(path: path, message: "not found; \(consequence)")
    }
}
