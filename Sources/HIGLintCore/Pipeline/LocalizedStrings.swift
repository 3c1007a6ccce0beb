import Foundation

/// The text an app's string catalogs give its localization keys in the development language: what a person reads
/// where the code names `.trashRestoreLabel`, `L10n.Swipe.delete` or `"swipe.action.delete"`.
///
/// Built once per run from the `.xcstrings` catalogs and the `.strings` tables of `Base.lproj` or `en.lproj` the run
/// holds (`FileCollector.Collection.stringCatalogs`), in the survey, so every command sees the same texts. Keys are
/// compared without case or punctuation, as generated accessors spell them (`swipe.action.delete` is
/// `L10n.Swipe.Action.delete`, `swipeActionDelete`). A catalog that cannot be read, or a key it does not hold, leaves
/// the rules to the key's own words (RULES.md, *Facts fail open*).
public struct LocalizedStrings: Sendable, Equatable {
    /// Texts by normalised key: a key several tables give different texts has them all.
    private(set) var texts: [String: Set<String>] = [:]

    public init() {}

    /// A catalog larger than this is a generated dump, not an app's strings: skipped rather than held in memory.
    static let largestCatalog = 32 << 20

    /// The development-language texts of the catalogs at `paths`.
    public init(readingCatalogs paths: [String]) {
        for path in paths {
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
                  size <= Self.largestCatalog,
                  let data = FileManager.default.contents(atPath: path) else { continue }
            if path.hasSuffix(".xcstrings") {
                addCatalog(data)
            } else if Self.isDevelopmentTable(path) {
                addTable(data)
            }
        }
    }

    /// Whether a `.strings` table is in the development language's folder: `Base.lproj`, `en.lproj`, `en-GB.lproj`.
    static func isDevelopmentTable(_ path: String) -> Bool {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
        return folder == "Base.lproj" || folder == "en.lproj" || (folder.hasPrefix("en-") && folder.hasSuffix(".lproj"))
    }

    /// The texts `source` (a key as the code writes it: a literal, `.member`, `L10n.A.b`, `R.string.table.key()`)
    /// stands for, or `nil` when no catalog of the run holds it.
    public func texts(forKey source: String) -> Set<String>? {
        guard !texts.isEmpty else { return nil }
        var key = Substring(source)
        if let call = key.firstIndex(of: "(") { key = key[..<call] }
        if key.hasPrefix(".") { key = key.dropFirst() }
        if key.hasPrefix("L10n.") { key = key.dropFirst("L10n.".count) }
        if key.hasPrefix("R.string.") {
            // R.swift names the table first: `R.string.localizable.deleteTitle`.
            key = key.dropFirst("R.string.".count)
            if let dot = key.firstIndex(of: ".") { key = key[key.index(after: dot)...] }
        }
        return texts[Self.normalised(key)]
    }

    public var isEmpty: Bool { texts.isEmpty }

    public mutating func formUnion(_ other: LocalizedStrings) {
        texts.merge(other.texts) { $0.union($1) }
    }

    /// A short, stable digest for cache keys: findings about a titled action depend on the catalogs' texts.
    var cacheDescription: String {
        guard !texts.isEmpty else { return "strings=-" }
        var hash = Hash64()
        for key in texts.keys.sorted() {
            hash.add(key)
            for text in texts[key]!.sorted() { hash.add(text) }
        }
        return "strings=\(texts.count):\(hash.hex)"
    }

    static func normalised<S: StringProtocol>(_ key: S) -> String {
        String(key.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
    }

    private mutating func add(key: String, text: String) {
        let normalisedKey = Self.normalised(key)
        guard !normalisedKey.isEmpty, !text.isEmpty else { return }
        texts[normalisedKey, default: []].insert(text)
    }

    /// An Xcode string catalog (JSON): each key's `stringUnit` in the source language, its plural or device
    /// variations, or the key itself when the source language has no entry (the key is then the text).
    private mutating func addCatalog(_ data: Data) {
        guard let catalog = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let strings = catalog["strings"] as? [String: Any] else { return }
        let language = catalog["sourceLanguage"] as? String ?? "en"
        for (key, entry) in strings {
            let localization = ((entry as? [String: Any])?["localizations"] as? [String: Any])?[language]
            let values = localization.map(Self.stringUnitValues) ?? []
            if values.isEmpty {
                add(key: key, text: key)
            } else {
                for value in values { add(key: key, text: value) }
            }
        }
    }

    /// Every `stringUnit.value` in a localization, variations included.
    private static func stringUnitValues(_ node: Any) -> [String] {
        guard let object = node as? [String: Any] else { return [] }
        if let unit = object["stringUnit"] as? [String: Any], let value = unit["value"] as? String { return [value] }
        return object.values.flatMap(stringUnitValues)
    }

    /// A `.strings` table: `"key" = "text";` pairs, with comments; UTF-8 or UTF-16 with a byte-order mark.
    private mutating func addTable(_ data: Data) {
        let text: String?
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            text = String(data: data, encoding: .utf16)
        } else {
            text = String(data: data, encoding: .utf8)
        }
        guard let text else { return }
        // Property lists parse the old-style format exactly (escapes, comments, unquoted keys).
        if let table = try? PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [String: String] {
            for (key, value) in table { add(key: key, text: value) }
        }
    }
}
