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
enum XCConfig {
    static func assignments(ofFile path: String, warnings: inout [ProjectWarning], depth: Int = 0) -> [(key: String, value: String)] {
        guard depth < 16 else { return [] }
        guard ReadBoundary.allows(path) else {
            warnings.append(ProjectWarning(path: path, message: ReadBoundary.refusal(path)))
            return []
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            warnings.append(ProjectWarning(path: path, message: "could not read this configuration file; its build settings are left out"))
            return []
        }
        let folder = (path as NSString).deletingLastPathComponent
        var result: [(key: String, value: String)] = []
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            line = line.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#include") {
                let optional = line.hasPrefix("#include?")
                guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { continue }
                let included = String(line[line.index(after: open)..<close])
                let includedPath = included.hasPrefix("/") ? included : (folder as NSString).appendingPathComponent(included)
                if optional, !FileManager.default.fileExists(atPath: includedPath) { continue }
                result += assignments(ofFile: (includedPath as NSString).standardizingPath, warnings: &warnings, depth: depth + 1)
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ";")))
            if !key.isEmpty { result.append((key, value)) }
        }
        return result
    }
}
