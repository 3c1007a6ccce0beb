import Foundation
import HIGLintSwiftUI

/// Xcode build settings as one level sees them, after the levels below it.
///
/// Levels stack as Xcode stacks them: the project's `.xcconfig`, the project's
/// settings, the target's `.xcconfig`, the target's settings; `$(inherited)`
/// stands for the value of the level below. Conditional keys
/// (`SDKROOT[sdk=…]`) are left out: they refine a setting for one SDK and do
/// not change which platforms a target builds for.
struct BuildSettings: Sendable {
    var values: [String: String] = [:]

    /// These settings with `assignments` applied over them, in order.
    func applying(_ assignments: [(key: String, value: String)]) -> BuildSettings {
        var result = self
        for (key, value) in assignments where !key.contains("[") {
            result.values[key] = Self.replacingInherited(in: value, with: result.values[key] ?? "")
        }
        return result
    }

    /// A `buildSettings` dictionary of a project file; list values are joined with spaces.
    static func assignments(of dictionary: [String: Any]) -> [(key: String, value: String)] {
        dictionary.keys.sorted().compactMap { key in
            if let text = dictionary[key] as? String { return (key, text) }
            if let list = dictionary[key] as? [Any] { return (key, list.compactMap { $0 as? String }.joined(separator: " ")) }
            return nil
        }
    }

    /// A setting with `$(NAME)` and `${NAME}` references expanded; `nil` when one cannot be.
    func value(_ key: String, builtins: [String: String] = [:]) -> String? {
        guard let raw = values[key] ?? builtins[key] else { return nil }
        return expand(raw, builtins: builtins, depth: 0)
    }

    private func expand(_ text: String, builtins: [String: String], depth: Int) -> String? {
        guard text.contains("$"), depth < 8 else { return depth < 8 ? text : nil }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{" else {
                result.append("$")
                rest = rest[after...]
                continue
            }
            let closing: Character = rest[after] == "(" ? ")" : "}"
            guard let end = rest[after...].firstIndex(of: closing) else { return nil }
            var name = String(rest[rest.index(after: after)..<end])
            // `$(NAME:operator)` forms (`:standardizepath`, `:default=…`) keep the plain value here.
            if let colon = name.firstIndex(of: ":") { name = String(name[..<colon]) }
            guard let raw = values[name] ?? builtins[name],
                  let expanded = expand(raw, builtins: builtins, depth: depth + 1) else { return nil }
            result += expanded
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    private static func replacingInherited(in value: String, with inherited: String) -> String {
        guard value.contains("inherited") else { return value }
        return value.replacingOccurrences(of: "$(inherited)", with: inherited)
            .replacingOccurrences(of: "${inherited}", with: inherited)
            .trimmingCharacters(in: .whitespaces)
    }

    // MARK: Platforms and deployment targets

    static let platformsBySDK: [(prefix: String, platforms: Platforms)] = [
        ("iphone", .iOS), ("macosx", .macOS), ("appletv", .tvOS), ("watch", .watchOS), ("xr", .visionOS),
    ]

    static let deploymentTargetKeys: [(key: String, platform: Platforms, name: String)] = [
        ("IPHONEOS_DEPLOYMENT_TARGET", .iOS, "iOS"), ("MACOSX_DEPLOYMENT_TARGET", .macOS, "macOS"),
        ("TVOS_DEPLOYMENT_TARGET", .tvOS, "tvOS"), ("WATCHOS_DEPLOYMENT_TARGET", .watchOS, "watchOS"),
        ("XROS_DEPLOYMENT_TARGET", .visionOS, "visionOS"),
    ]

    /// The platforms these settings build for: `SUPPORTED_PLATFORMS` when given, else `SDKROOT`; `nil` when neither says.
    ///
    /// `SUPPORTS_MACCATALYST` adds nothing: a Catalyst build is iOS code (`#if os(iOS)` holds there).
    func platforms(builtins: [String: String]) -> Platforms? {
        for key in ["SUPPORTED_PLATFORMS", "SDKROOT"] {
            guard let text = value(key, builtins: builtins) else { continue }
            var platforms: Platforms = []
            for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\"" }) {
                let lowered = word.lowercased()
                if let match = Self.platformsBySDK.first(where: { lowered.hasPrefix($0.prefix) }) { platforms.formUnion(match.platforms) }
            }
            if !platforms.isEmpty { return platforms }
        }
        return nil
    }

    /// Whether these settings build for iPhone alone: `TARGETED_DEVICE_FAMILY` names only 1 and Mac Catalyst is off.
    /// `false` when the family is not given: Xcode's templates give it, and an unknown family may hold an iPad.
    func isPhoneOnly(builtins: [String: String]) -> Bool {
        guard let family = value("TARGETED_DEVICE_FAMILY", builtins: builtins) else { return false }
        let members = family.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\"" }).map(String.init)
        let catalyst = value("SUPPORTS_MACCATALYST", builtins: builtins)?.uppercased() == "YES"
        return members == ["1"] && !catalyst
    }

    /// The deployment target of each of `platforms` that these settings name.
    func deploymentTargets(for platforms: Platforms, builtins: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for (key, platform, name) in Self.deploymentTargetKeys where platforms.contains(platform) {
            if let version = value(key, builtins: builtins), Version(version) != nil { result[name] = version }
        }
        return result
    }
}

/// A dotted version number compared part by part (`"9.0"` < `"17.0"` < `"17.0.1"`).
struct Version: Comparable {
    let parts: [Int]

    init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ".").map { Int($0) }
        guard !parts.isEmpty, !parts.contains(nil) else { return nil }
        self.parts = parts.compactMap { $0 }
    }

    static func < (lhs: Version, rhs: Version) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = index < lhs.parts.count ? lhs.parts[index] : 0
            let right = index < rhs.parts.count ? rhs.parts[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    /// The lower of two version texts; a text that is no version loses to one that is.
    static func lower(_ first: String?, _ second: String) -> String {
        guard let first, let left = Version(first) else { return second }
        guard let right = Version(second) else { return first }
        return right < left ? second : first
    }
}

/// Reads `.xcconfig` files: `KEY = value` lines and `#include "other.xcconfig"` (also `#include?`).
///
/// One reader serves a whole project, so that each file is read once however often it is named or included.
/// An include of a file that is already being included (a file that includes itself, directly or through
/// others) is a cycle: it is cut there and named in one warning. A file included twice elsewhere is applied
/// twice, as Xcode does; so that includes that repeat each other (each file including the next four times)
/// cannot make the work grow exponentially, includes nest at most 16 deep and one configuration's settings,
/// with all it includes, stop at 100,000 (issue 31).
struct XCConfigReader {
    static let maximumDepth = 16
    static let maximumSettings = 100_000

    private enum Line {
        case assignment(key: String, value: String)
        case include(path: String, optional: Bool)
    }

    var warnings: [ProjectWarning] = []
    /// Each file's lines, read once; `nil` for a file that could not be read.
    private var files: [String: [Line]?] = [:]
    /// The files of each cycle already named, sorted.
    private var reportedCycles: Set<[String]> = []

    /// The assignments of the file at `path`, with those of the files it includes in their places.
    mutating func assignments(ofFile path: String) -> [(key: String, value: String)] {
        var result: [(key: String, value: String)] = []
        var budget = Self.maximumSettings
        append(path, including: [], to: &result, budget: &budget)
        if budget < 0 {
            warnings.append(ProjectWarning(path: path, message: "this configuration file and those it includes hold more than \(Self.maximumSettings) settings; the rest are left out"))
        }
        return result
    }

    /// Appends the assignments of `path`; `including` holds the files whose includes led here, outermost first.
    /// `budget` counts down settings and includes; below zero, nothing more is appended.
    private mutating func append(_ path: String, including: [String], to result: inout [(key: String, value: String)], budget: inout Int) {
        guard including.count < Self.maximumDepth, budget >= 0, let lines = lines(of: path) else { return }
        let chain = including + [path]
        for line in lines {
            budget -= 1
            guard budget >= 0 else { return }
            switch line {
            case .assignment(let key, let value):
                result.append((key, value))
            case .include(let included, let optional):
                if optional, !FileManager.default.fileExists(atPath: included) { continue }
                if let start = chain.firstIndex(of: included) {
                    reportCycle(Array(chain[start...]) + [included], includedBy: path)
                    continue
                }
                append(included, including: chain, to: &result, budget: &budget)
            }
        }
    }

    private mutating func reportCycle(_ cycle: [String], includedBy path: String) {
        guard reportedCycles.insert(Set(cycle).sorted()).inserted else { return }
        let folder = (cycle[0] as NSString).deletingLastPathComponent
        let names = cycle.map { $0.hasPrefix(folder + "/") ? String($0.dropFirst(folder.count + 1)) : $0 }
        warnings.append(ProjectWarning(path: path, message: "'\(names[0])' includes itself (\(names.joined(separator: " → "))); the cycle is cut there"))
    }

    private mutating func lines(of path: String) -> [Line]? {
        if let known = files[path] { return known }
        var lines: [Line]?
        if !ReadBoundary.allows(path) {
            warnings.append(ProjectWarning(path: path, message: ReadBoundary.refusal(path)))
        } else if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            lines = Self.lines(of: text, folder: (path as NSString).deletingLastPathComponent)
        } else {
            warnings.append(.unreadable(path, what: "this configuration file", consequence: "its build settings are left out"))
        }
        files[path] = lines
        return lines
    }

    private static func lines(of text: String, folder: String) -> [Line] {
        var result: [Line] = []
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            line = line.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#include") {
                let optional = line.hasPrefix("#include?")
                guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { continue }
                let included = String(line[line.index(after: open)..<close])
                let includedPath = included.hasPrefix("/") ? included : (folder as NSString).appendingPathComponent(included)
                result.append(.include(path: (includedPath as NSString).standardizingPath, optional: optional))
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ";")))
            if !key.isEmpty { result.append(.assignment(key: key, value: value)) }
        }
        return result
    }
}
