/// Identities of findings that survive unrelated edits: the rule, the file, the flagged line's text with its
/// whitespace normalised, and which occurrence of that text it is, never the line number. Baselines and SARIF's
/// `partialFingerprints` use them.
public enum Fingerprint {
    /// The line with leading and trailing whitespace removed and inner runs of whitespace made one space.
    public static func normalize(_ line: String) -> String {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }).joined(separator: " ")
    }

    /// One fingerprint per diagnostic, in the same order. `path` gives the path each fingerprint uses (relative to
    /// a baseline's or a report's root, so that absolute and relative invocations agree).
    public static func compute(_ diagnostics: [Diagnostic], path: (Diagnostic) -> String) -> [String] {
        let keys = diagnostics.map { Key(rule: $0.rule, path: path($0), text: normalize($0.lineText ?? "")) }
        // Occurrences are counted in file order, whatever order the diagnostics come in.
        let order = diagnostics.indices.sorted { (keys[$0].path, diagnostics[$0].offset, $0) < (keys[$1].path, diagnostics[$1].offset, $1) }
        var seen: [Key: Int] = [:]
        var result = Array(repeating: "", count: diagnostics.count)
        for index in order {
            let key = keys[index]
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            result[index] = hash(key, occurrence: occurrence)
        }
        return result
    }

    /// What findings share when they are copies of one another.
    struct Key: Hashable { var rule: String, path: String, text: String }

    /// The fingerprint of the `occurrence`th finding (from 0, in file order) with this key.
    static func hash(_ key: Key, occurrence: Int) -> String {
        hash([key.rule, key.path, key.text, String(occurrence)])
    }

    /// 64-bit FNV-1a over the parts (separated by NUL), as 16 hex digits: stable across runs, platforms and versions.
    static func hash(_ parts: [String]) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for (index, part) in parts.enumerated() {
            if index > 0 { value = (value ^ 0) &* 0x0000_0100_0000_01b3 }
            for byte in part.utf8 { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
