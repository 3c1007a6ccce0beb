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
        // A line is normalised and hashed once, however many findings it holds: a one-line file of 2 MB can hold
        // thousands. Findings of one line share one string, so comparing a finding's text with the previous one's
        // is comparing a buffer with itself; equal texts on different lines get one number.
        struct LineKey: Hashable { var rule: String, path: String, text: Int }
        var texts: [String] = []
        var numbers: [String: Int] = [:]
        var previous: (text: String, number: Int)?
        let keys = diagnostics.map { diagnostic -> LineKey in
            let text = diagnostic.lineText ?? ""
            if previous?.text != text {
                let normalized = normalize(text)
                let number = numbers[normalized] ?? texts.count
                if number == texts.count {
                    texts.append(normalized)
                    numbers[normalized] = number
                }
                previous = (text, number)
            }
            return LineKey(rule: diagnostic.rule, path: path(diagnostic), text: previous!.number)
        }
        // Occurrences are counted in file order, whatever order the diagnostics come in.
        let order = diagnostics.indices.sorted { (keys[$0].path, diagnostics[$0].offset, $0) < (keys[$1].path, diagnostics[$1].offset, $1) }
        var seen: [LineKey: (prefix: FNV, count: Int)] = [:]
        var result = Array(repeating: "", count: diagnostics.count)
        for index in order {
            let key = keys[index]
            let known = seen[key] ?? (FNV(parts: [key.rule, key.path, texts[key.text]]), 0)
            seen[key] = (known.prefix, known.count + 1)
            result[index] = known.prefix.adding(String(known.count)).hex
        }
        return result
    }

    /// What findings share when they are copies of one another.
    struct Key: Hashable { var rule: String, path: String, text: String }

    /// The fingerprint of the `occurrence`th finding (from 0, in file order) with this key.
    static func hash(_ key: Key, occurrence: Int) -> String {
        hash([key.rule, key.path, key.text, String(occurrence)])
    }

    /// FNV-1a over parts separated by NUL, resumable: the state after the first parts is kept and extended.
    struct FNV: Hashable {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        var parts = 0

        init(parts: [String]) {
            for part in parts { self = adding(part) }
        }

        func adding(_ part: String) -> FNV {
            var copy = self
            if copy.parts > 0 { copy.value = (copy.value ^ 0) &* 0x0000_0100_0000_01b3 }
            for byte in part.utf8 { copy.value = (copy.value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            copy.parts += 1
            return copy
        }

        var hex: String {
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
    }

    /// 64-bit FNV-1a over the parts (separated by NUL), as 16 hex digits: stable across runs, platforms and versions.
    static func hash(_ parts: [String]) -> String {
        FNV(parts: parts).hex
    }
}
