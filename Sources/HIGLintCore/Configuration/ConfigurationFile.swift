import Foundation
import HIGLintProject
import HIGLintSwiftUI

/// A mistake in a configuration file: where it is and what was expected. The command line exits 2 with it.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    /// The key path, such as `rules.fixed-font-size.severity`.
    public var key: String?
    public var message: String

    public init(path: String, line: Int? = nil, key: String? = nil, message: String) {
        self.path = path
        self.line = line
        self.key = key
        self.message = message
    }

    /// `path:line: error: key: message`, the form editors jump to.
    public var description: String {
        var text = path
        if let line { text += ":\(line)" }
        text += ": error: "
        if let key { text += "\(key): " }
        return text + message
    }
}

/// A JSON value as `JSONDecoder` reads it, before it is checked against what each key expects.
enum JSONValue: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    /// How errors show a value that was not what was expected.
    var shown: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): value.rounded() == value && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
        case .string(let value): "\"\(value)\""
        case .array: "a list"
        case .object: "an object"
        }
    }
}

/// One `.higlint.json` file, checked: every key known, every value of the expected type.
public struct ConfigurationFile: Sendable {
    public static let name = ".higlint.json"

    /// What one file says about one rule.
    public struct RuleEntry: Hashable, Sendable {
        /// `false` for `"off"`.
        public var enabled: Bool?
        public var severity: Severity?
        public var options: [String: OptionValue] = [:]
    }

    public var path: String
    /// The absolute folder that `include` and `exclude` are relative to.
    public var directory: String
    public var include: [GlobPattern]?
    public var exclude: [GlobPattern] = []
    public var platforms: Platforms?
    public var ownedDomains: [String]?
    public var deploymentTarget: [String: String] = [:]
    public var components: [String: String] = [:]
    public var rules: [String: RuleEntry] = [:]
    public var checksNonShippingCode: Bool?
    public var screenshotTargets: [String]?
    /// `maxFileSize`, in bytes.
    public var maxFileSize: Int?

    static let keys = ["include", "exclude", "rules", "ownedDomains", "deploymentTarget", "platforms", "components",
                       "checkNonShippingCode", "screenshotTargets", "maxFileSize"]
    static let severityWords = ["off", "note", "warning", "error"]

    /// Reads and checks the file at `path` against the rules HIGLint has.
    ///
    /// Anything at that path is a configuration error unless it is a readable file: a folder, a dangling link or a
    /// link loop named `.higlint.json` is named with the reason, never passed over.
    public static func load(path: String, rules: [RuleDescription]) throws(ConfigurationError) -> ConfigurationFile {
        var link = stat(), target = stat()
        if FileName.withFileSystemPath(path, { lstat($0, &link) }) == 0, link.st_mode & S_IFMT == S_IFLNK,
           FileName.withFileSystemPath(path, { stat($0, &target) }) != 0 {
            let reason = errno == ELOOP ? "it is a symbolic link loop" : "it is a symbolic link to a file that does not exist"
            throw ConfigurationError(path: path, message: "cannot read the configuration file (\(reason))")
        }
        // Read as sources are: a FIFO named .higlint.json must not block the run.
        switch SourceReader.read(path) {
        case .success(let data):
            return try ConfigurationFile(data: data, path: path, rules: rules)
        case .failure(let error):
            throw ConfigurationError(path: path, message: error.reason.replacingOccurrences(of: "the file", with: "the configuration file"))
        }
    }

    /// A word from a configuration file as messages show it: a long one is cut, so a 1 MB key is not echoed back.
    static func shown(_ word: String) -> String {
        word.count <= 80 ? word : word.prefix(60) + "…(\(word.count) characters)"
    }

    /// Checks configuration text as if it were the file at `path`.
    public init(data: Data, path: String, rules: [RuleDescription]) throws(ConfigurationError) {
        self.path = path
        directory = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        var data = data
        // A byte order mark, as some editors write: accepted, as in Swift sources.
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }
        guard String(validating: [UInt8](data), as: UTF8.self) != nil else {
            let reason = SourceReader.startsWithUTF16ByteOrderMark([UInt8](data)) ? "UTF-16 text" : "not valid UTF-8"
            throw ConfigurationError(path: path, message: "\(reason); save the configuration file as UTF-8")
        }
        let outline: JSON5Outline
        do {
            outline = try JSON5Outline([UInt8](data))
        } catch {
            throw ConfigurationError(path: path, line: error.line, message: "invalid JSON5 at column \(error.column): \(error.message)")
        }
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        let root: JSONValue
        do {
            root = try decoder.decode(JSONValue.self, from: data)
        } catch {
            throw ConfigurationError(path: path, message: "invalid JSON5 (\(error.localizedDescription))")
        }
        var reader = Reader(path: path, keyLines: outline.keyLines, rules: rules)
        try reader.read(root, into: &self)
    }

    /// Applies this file's settings over `configuration` (a parent folder's, or the defaults).
    public func apply(to configuration: inout Configuration) {
        if let platforms { configuration.platforms = platforms }
        if let checksNonShippingCode { configuration.checksNonShippingCode = checksNonShippingCode }
        if let screenshotTargets { configuration.screenshotTargets = screenshotTargets }
        if let ownedDomains { configuration.ownedDomains = ownedDomains }
        if let maxFileSize { configuration.maxFileSize = maxFileSize }
        configuration.deploymentTarget.merge(deploymentTarget) { $1 }
        configuration.components.merge(components) { $1 }
        for (id, entry) in rules {
            var settings = configuration.rules[id] ?? RuleSettings()
            if let severity = entry.severity {
                settings.severity = severity
                settings.enabled = true
            }
            if let enabled = entry.enabled { settings.enabled = enabled }
            settings.options.merge(entry.options) { $1 }
            configuration.rules[id] = settings
        }
    }

    /// Whether `include` and `exclude` leave out the file at `absolutePath`. Files outside this file's folder are
    /// not its business.
    public func excludes(absolutePath: String) -> Bool {
        guard let relative = Self.relativePath(absolutePath, to: directory) else { return false }
        if let include, !include.contains(where: { $0.matches(relative) }) { return true }
        return exclude.contains { $0.matches(relative) }
    }

    static func relativePath(_ path: String, to directory: String) -> String? {
        if directory == "/" { return String(path.dropFirst()) }
        guard path.hasPrefix(directory + "/") else { return nil }
        return String(path.dropFirst(directory.count + 1))
    }
}

/// Sizes as `maxFileSize` accepts them: `"2000000"`, `"4MB"`, `"4 MB"`, `"1.5MiB"`, `"512kb"`. KB, MB and GB are
/// powers of 1,000 (as file managers count), KiB, MiB and GiB powers of 1,024; units are read in any case.
enum ByteSize {
    static let units: [String: Double] = [
        "b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9, "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824,
    ]

    /// The number of bytes `text` says (not necessarily whole), or `nil` when it is no size.
    static func bytes(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces).lowercased()
        guard !number.isEmpty, number.first != ".", number.last != ".", number.filter({ $0 == "." }).count <= 1,
              let value = Double(number), let scale = unit.isEmpty ? 1 : units[unit] else { return nil }
        return value * scale
    }
}

/// Checks a decoded configuration, key by key, with messages that name the key and its line.
private struct Reader {
    let path: String
    let keyLines: [String: Int]
    let rules: [RuleDescription]

    func fail(_ key: [String], _ message: String) -> ConfigurationError {
        var line: Int?
        var prefix = key
        while line == nil, !prefix.isEmpty {
            line = keyLines[prefix.joined(separator: ".")]
            prefix.removeLast()
        }
        return ConfigurationError(path: path, line: line, key: key.isEmpty ? nil : key.map(ConfigurationFile.shown).joined(separator: "."),
                                  message: message)
    }

    func unknown(_ key: [String], _ word: String, kind: String, of owner: String? = nil, known: [String], hint: String? = nil) -> ConfigurationError {
        var message = "unknown \(kind) '\(ConfigurationFile.shown(word))'" + (owner.map { " of \(ConfigurationFile.shown($0))" } ?? "")
        if let suggestion = Spelling.closest(to: word, in: known) { message += "; did you mean '\(suggestion)'?" }
        message += hint.map { " (\($0))" } ?? " (expected one of: \(known.joined(separator: ", ")))"
        return fail(key, message)
    }

    mutating func read(_ root: JSONValue, into file: inout ConfigurationFile) throws(ConfigurationError) {
        guard case .object(let entries) = root else {
            throw fail([], "the configuration must be an object ({ … }), not \(root.shown)")
        }
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            let keyPath = [key]
            switch key {
            case "include": file.include = try strings(value, keyPath).map(GlobPattern.init)
            case "exclude": file.exclude = try strings(value, keyPath).map(GlobPattern.init)
            case "ownedDomains":
                let domains = try strings(value, keyPath)
                for (index, domain) in domains.enumerated() {
                    if let message = Self.notAHostName(domain) { throw fail(keyPath + [String(index)], message) }
                }
                file.ownedDomains = domains
            case "screenshotTargets": file.screenshotTargets = try strings(value, keyPath)
            case "maxFileSize": file.maxFileSize = try byteCount(value, keyPath)
            case "checkNonShippingCode":
                guard case .bool(let flag) = value else { throw fail(keyPath, "expected true or false, found \(value.shown)") }
                file.checksNonShippingCode = flag
            case "platforms":
                var platforms: Platforms = []
                for (index, name) in try strings(value, keyPath).enumerated() {
                    guard let platform = Platforms(name: name) else {
                        throw unknown(keyPath + [String(index)], name, kind: "platform", known: Self.platformNames)
                    }
                    platforms.formUnion(platform)
                }
                guard !platforms.isEmpty else {
                    throw fail(keyPath, "an empty list leaves no platform to check for; name the platforms, or remove the key for all of them")
                }
                file.platforms = platforms
            case "deploymentTarget":
                for (platformName, version) in try members(value, keyPath, expected: #"an object such as {"iOS": "17.0"}"#) {
                    guard let platform = Platforms(name: platformName) else {
                        throw unknown(keyPath + [platformName], platformName, kind: "platform", known: Self.platformNames)
                    }
                    guard case .string(let text) = version, Self.isVersion(text) else {
                        throw fail(keyPath + [platformName], "expected a version string such as \"17.0\", found \(version.shown)")
                    }
                    file.deploymentTarget[platform.description] = text
                }
            case "components":
                for (component, primitive) in try members(value, keyPath, expected: #"an object such as {"PrimaryButton": "Button"}"#) {
                    // `.iconImage`: a generated accessor (`Asset.cancel.iconImage`) that gives an image.
                    if component.hasPrefix(".") {
                        guard Self.isIdentifier(component.dropFirst()) else {
                            throw fail(keyPath + [component], "'\(component)' is not a member name; an accessor is written with a leading dot, such as \".iconImage\"")
                        }
                        guard case .string("Image") = primitive else {
                            throw fail(keyPath + [component], "a name with a leading dot is an accessor that gives an image, so its value is \"Image\", not \(primitive.shown)")
                        }
                        file.components[component] = "Image"
                        continue
                    }
                    guard Self.isTypeName(component) else {
                        throw fail(keyPath + [component], "'\(component)' is not a Swift type name, nor an accessor with a leading dot (\".iconImage\")")
                    }
                    guard case .string(let name) = primitive, Self.isTypeName(name) else {
                        throw fail(keyPath + [component], "expected the name of the SwiftUI view it wraps, such as \"Button\", found \(primitive.shown)")
                    }
                    guard SwiftUIViewTypes.names.contains(name) else {
                        throw unknown(keyPath + [component], name, kind: "SwiftUI view", known: SwiftUIViewTypes.names.sorted(),
                                      hint: "a component stands for a SwiftUI view such as \"Button\", \"Image\" or \"List\"")
                    }
                    file.components[component] = name
                }
            case "rules":
                for (id, setting) in try members(value, keyPath, expected: #"an object such as {"fixed-font-size": "off"}"#) {
                    guard let rule = rules.first(where: { $0.id == id }) else {
                        throw unknown(keyPath + [id], id, kind: "rule", known: rules.map(\.id), hint: "`higlint rules` lists them")
                    }
                    file.rules[id] = try ruleEntry(setting, rule: rule, keyPath + [id])
                }
            default:
                throw unknown(keyPath, key, kind: "key", known: ConfigurationFile.keys)
            }
        }
    }

    func ruleEntry(_ value: JSONValue, rule: RuleDescription, _ keyPath: [String]) throws(ConfigurationError) -> ConfigurationFile.RuleEntry {
        var entry = ConfigurationFile.RuleEntry()
        let expected = #""off", "note", "warning", "error", or an object with "severity" and the rule's options"#
        switch value {
        case .string(let word):
            try severity(word, into: &entry, keyPath)
        case .object(let object):
            for (key, option) in object.sorted(by: { $0.key < $1.key }) {
                if key == "severity" {
                    guard case .string(let word) = option else {
                        throw fail(keyPath + [key], "expected \"off\", \"note\", \"warning\" or \"error\", found \(option.shown)")
                    }
                    try severity(word, into: &entry, keyPath + [key])
                    continue
                }
                guard let kind = rule.kind(ofOption: key) else {
                    let known = ["severity"] + rule.options.keys.sorted()
                    throw unknown(keyPath + [key], key, kind: "option", of: rule.id, known: known)
                }
                entry.options[key] = try optionValue(option, kind: kind, keyPath + [key])
            }
        default:
            throw fail(keyPath, "expected \(expected), found \(value.shown)")
        }
        return entry
    }

    func severity(_ word: String, into entry: inout ConfigurationFile.RuleEntry, _ keyPath: [String]) throws(ConfigurationError) {
        if word == "off" {
            entry.enabled = false
        } else if let severity = Severity(rawValue: word) {
            entry.severity = severity
        } else {
            throw unknown(keyPath, word, kind: "severity", known: ConfigurationFile.severityWords)
        }
    }

    func optionValue(_ value: JSONValue, kind: OptionKind, _ keyPath: [String]) throws(ConfigurationError) -> OptionValue {
        switch (kind, value) {
        case (.words, _): return .strings(try strings(value, keyPath))
        case (.flag, .bool(let flag)): return .bool(flag)
        case (.number, .number(let number)): return .number(number)
        case (.text, .string(let text)): return .string(text)
        default: throw fail(keyPath, "expected \(kind.expectation), found \(value.shown)")
        }
    }

    func strings(_ value: JSONValue, _ keyPath: [String]) throws(ConfigurationError) -> [String] {
        guard case .array(let items) = value else {
            throw fail(keyPath, "expected a list of strings such as [\"a\", \"b\"], found \(value.shown)")
        }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else {
                throw fail(keyPath + [String(index)], "expected a string, found \(item.shown)")
            }
            result.append(text)
        }
        return result
    }

    /// A size in bytes: a whole number (`2000000`), or a string of a number and a unit (`"4MB"`, `"1.5 MiB"`),
    /// at least a byte and at most what HIGLint reads of any file (`SourceReader.maximumSize`).
    func byteCount(_ value: JSONValue, _ keyPath: [String]) throws(ConfigurationError) -> Int {
        let bytes: Double
        switch value {
        case .number(let number): bytes = number
        case .string(let text):
            guard let parsed = ByteSize.bytes(text) else {
                throw fail(keyPath, "'\(ConfigurationFile.shown(text))' is not a size; write a number of bytes (2000000) or a number "
                           + "and a unit, such as \"4MB\": B, KB, MB, GB (powers of 1000) or KiB, MiB, GiB (powers of 1024)")
            }
            bytes = parsed
        default:
            throw fail(keyPath, "expected a size in bytes, such as 2000000 or \"2MB\", found \(value.shown)")
        }
        let maximum = SourceReader.maximumSize
        guard bytes.rounded(.down) == bytes else {
            throw fail(keyPath, "\(value.shown) is not a whole number of bytes")
        }
        guard bytes >= 1 else {
            throw fail(keyPath, "\(value.shown) leaves no file to check; a size is at least 1 byte (default \"2MB\")")
        }
        guard bytes <= Double(maximum) else {
            throw fail(keyPath, "\(value.shown) is more than \(maximum >> 20) MiB (\(maximum) bytes), the largest file HIGLint reads; "
                       + "write at most \"\(maximum >> 20)MiB\"")
        }
        return Int(bytes)
    }

    func members(_ value: JSONValue, _ keyPath: [String], expected: String) throws(ConfigurationError) -> [(key: String, value: JSONValue)] {
        guard case .object(let object) = value else { throw fail(keyPath, "expected \(expected), found \(value.shown)") }
        return object.sorted { $0.key < $1.key }
    }

    static let platformNames = ["iOS", "iPadOS", "macOS", "tvOS", "watchOS", "visionOS"]

    static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// Why `domain` can never match a web view's host (`WebContent.host(_:isIn:)` compares host names, subdomains
    /// included), with the host name meant; `nil` for a host name.
    static func notAHostName(_ domain: String) -> String? {
        guard domain.isEmpty || domain.contains(where: { "/:*@?# \t".contains($0) }) else { return nil }
        var host = Substring(domain)
        if let scheme = host.range(of: "://") { host = host[scheme.upperBound...] }
        if let end = host.firstIndex(where: { "/?#".contains($0) }) { host = host[..<end] }
        if let userInfo = host.lastIndex(of: "@") { host = host[host.index(after: userInfo)...] }
        if let port = host.lastIndex(of: ":") { host = host[..<port] }
        while host.hasPrefix("*.") || host.hasPrefix(".") { host = host.drop { $0 == "*" || $0 == "." } }
        let hint = host.isEmpty || host.contains(where: { "/:*@?# \t".contains($0) })
            ? "write a host name such as \"example.com\""
            : "write \"\(host)\" (its subdomains are included)"
        let what = domain.contains("://") ? "a URL" : domain.isEmpty ? "empty" : "no host name"
        return "'\(ConfigurationFile.shown(domain))' is \(what), so no web view's host can match it; \(hint)"
    }

    /// A member name: a letter or `_`, then letters, digits and `_`.
    static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    static func isTypeName(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    }
}
