import Foundation

/// A baseline: the findings a team accepted on the day it adopted HIGLint, so that only new ones are reported.
///
/// A finding matches by fingerprint (rule, path relative to the baseline's folder, the flagged line's normalised
/// text, and which occurrence of that text it is), never by line number, so edits above it do not revive it.
public struct Baseline: Codable, Sendable, Equatable {
    public static let currentVersion = 1
    static let formatName = "higlint-baseline"

    public struct Entry: Codable, Sendable, Equatable {
        public var rule: String
        public var path: String
        public var fingerprint: String
        /// Where it was when recorded; for people reading the file, not for matching.
        public var line: Int
        public var message: String
    }

    public var format: String
    public var version: Int
    public var entries: [Entry]

    /// A baseline of `diagnostics`, for a baseline file in `directory`.
    public init(diagnostics: [Diagnostic], directory: String) {
        format = Self.formatName
        version = Self.currentVersion
        let paths = diagnostics.map { Self.relativePath($0.path, to: directory) }
        let prints = Fingerprint.compute(diagnostics) { Self.relativePath($0.path, to: directory) }
        entries = diagnostics.indices.map {
            Entry(rule: diagnostics[$0].rule, path: paths[$0], fingerprint: prints[$0], line: diagnostics[$0].line,
                  message: diagnostics[$0].message)
        }.sorted { ($0.path, $0.line, $0.rule, $0.fingerprint) < ($1.path, $1.line, $1.rule, $1.fingerprint) }
    }

    /// Reads a baseline file; anything unreadable is an error that says how to recover.
    public static func load(path: String) throws(BaselineError) -> Baseline {
        let data: Data
        // Read as sources are: a FIFO or a device named as the baseline is named as such, never read forever.
        switch SourceReader.read(path) {
        case .success(let bytes): data = bytes
        case .failure(let error):
            throw BaselineError(path: path, message: error.reason.replacingOccurrences(of: "the file", with: "the baseline"))
        }
        let regenerate = "; recreate it with `higlint baseline write \(path)`"
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["format"] as? String == formatName else {
            throw BaselineError(path: path, message: "not a HIGLint baseline (corrupted or not JSON)" + regenerate)
        }
        guard let version = object["version"] as? Int, version >= 1 else {
            throw BaselineError(path: path, message: "the baseline has no valid version" + regenerate)
        }
        guard version <= currentVersion else {
            throw BaselineError(path: path, message: "the baseline is version \(version), written by a newer HIGLint; this one reads version \(currentVersion)")
        }
        do {
            return try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw BaselineError(path: path, message: "the baseline is damaged (\(Self.describe(error)))" + regenerate)
        }
    }

    /// Writes the baseline atomically: a temporary file beside it, then a rename.
    public func write(to path: String) throws(BaselineError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(self)
            data.append(UInt8(ascii: "\n"))
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw BaselineError(path: path, message: "cannot write the baseline (\(LintEngine.describe(error)))")
        }
    }

    /// The diagnostics not in the baseline, and how many were. `directory` is the baseline file's folder.
    public func filter(_ diagnostics: [Diagnostic], directory: String) -> (new: [Diagnostic], known: Int) {
        let recorded = Dictionary(grouping: entries, by: \.fingerprint)
        // Findings that share rule, file and line text, in file order: the entries recorded for that text are the
        // fingerprints of its occurrences 0, 1, 2…
        let keys = diagnostics.map { Fingerprint.Key(rule: $0.rule, path: Self.relativePath($0.path, to: directory), text: Fingerprint.normalize($0.lineText ?? "")) }
        var groups: [Fingerprint.Key: [Int]] = [:]
        for index in diagnostics.indices { groups[keys[index], default: []].append(index) }
        var candidates: [(key: Fingerprint.Key, findings: [Int], lines: [Int])] = []
        for (key, indices) in groups {
            let findings = indices.sorted { (diagnostics[$0].offset, $0) < (diagnostics[$1].offset, $1) }
            var lines: [Int] = []
            var occurrence = 0
            while let found = recorded[Fingerprint.hash(key, occurrence: occurrence)] {
                lines += found.map(\.line)
                occurrence += 1
            }
            candidates.append((key, findings, lines))
        }
        // Texts found as often as recorded say how the lines around them moved: each is an anchor, by file, with the
        // line it was recorded at and the line it is at now.
        var anchors: [String: [Anchor]] = [:]
        for group in candidates where group.findings.count == group.lines.count {
            for (index, line) in zip(group.findings, group.lines) {
                anchors[group.key.path, default: []].append(Anchor(recorded: line, current: diagnostics[index].line))
            }
        }
        var known = Set<Int>()
        for group in candidates {
            guard group.findings.count > group.lines.count else {
                known.formUnion(group.findings)
                continue
            }
            // More copies than recorded: the entries stay with the copies that are the recorded lines, so a new copy
            // is the one reported, at its own line, wherever it was pasted.
            let fileAnchors = (anchors[group.key.path] ?? []).sorted { $0.recorded < $1.recorded }
            let current = group.findings.map { diagnostics[$0].line }
            for position in Self.keptCopies(recorded: group.lines, current: current, anchors: fileAnchors) {
                known.insert(group.findings[position])
            }
        }
        let new = diagnostics.indices.filter { !known.contains($0) }.map { diagnostics[$0] }
        return (new, diagnostics.count - new.count)
    }

    /// A finding whose text is in the file as often as recorded: where it was, and where it is.
    struct Anchor {
        var recorded: Int
        var current: Int
    }

    /// The positions in `current` (the lines of more copies of a text than `recorded` has entries, both in file order)
    /// that keep the recorded entries.
    ///
    /// A copy pasted above a line pushes it down. So an entry is first looked for where its line was recorded, moved
    /// as far as the nearest anchor above it moved (not at all without one), and one line further down for each copy
    /// of the text above it, below that anchor, that no entry above it accounts for. When that explains every kept
    /// copy exactly, or better than the rule below, it decides; and when a copy was pasted right above or right below
    /// the original, both fit it equally and the text cannot tell them apart: the later copy keeps the entry, since a
    /// line copied and pasted at the start of its own line lands above it.
    ///
    /// Otherwise (other lines were also added or removed around them), the entries stay with the copies nearest the
    /// lines they were recorded at, allowing for how far the file's anchors moved (their median move).
    static func keptCopies(recorded: [Int], current: [Int], anchors: [Anchor]) -> [Int] {
        let k = recorded.count, n = current.count
        guard k > 0, n >= k else { return Array(0..<min(k, n)) }
        var unpushed: [Int] = [], accounted: [Int] = [], firstBelowAnchor: [Int] = []
        for i in 0..<k {
            let anchor = anchors.last { $0.recorded < recorded[i] } ?? Anchor(recorded: 0, current: 0)
            unpushed.append(recorded[i] + anchor.current - anchor.recorded)
            accounted.append(recorded[..<i].filter { $0 > anchor.recorded }.count)
            firstBelowAnchor.append(current.firstIndex { $0 > anchor.current } ?? n)
        }
        let pushed = placement(k, n, preferringLaterCopies: true) { i, j in
            let copiesAbove = max(0, j - firstBelowAnchor[i])
            return abs(current[j] - (unpushed[i] + max(0, copiesAbove - accounted[i])))
        }
        let moves = anchors.map { $0.current - $0.recorded }.sorted()
        let shift = moves.isEmpty ? 0 : moves[moves.count / 2]
        let nearest = placement(k, n, preferringLaterCopies: false) { i, j in abs(current[j] - shift - recorded[i]) }
        return pushed.cost == 0 || pushed.cost < nearest.cost ? pushed.kept : nearest.kept
    }

    /// The `k` of `n` positions, in order, that keep the entries with the least total `distance(entry, position)`, and
    /// that total; among placements of equal cost, the one that keeps later or earlier positions.
    static func placement(_ k: Int, _ n: Int, preferringLaterCopies: Bool,
                          distance: (Int, Int) -> Int) -> (kept: [Int], cost: Int) {
        // cost[i][j]: the best placement of the first i entries among the first j positions.
        let unreachable = Int.max / 2
        var cost = [[Int]](repeating: [Int](repeating: unreachable, count: n + 1), count: k + 1)
        for j in 0...n { cost[0][j] = 0 }
        for i in 1...k {
            for j in i...n {
                cost[i][j] = min(j > i ? cost[i][j - 1] : unreachable, cost[i - 1][j - 1] + distance(i - 1, j - 1))
            }
        }
        var kept: [Int] = []
        var i = k, j = n
        while i > 0 {
            let matches = cost[i - 1][j - 1] + distance(i - 1, j - 1) == cost[i][j]
            let skips = j > i && cost[i][j - 1] == cost[i][j]
            if matches && (preferringLaterCopies || !skips) {
                kept.append(j - 1)
                i -= 1
            }
            j -= 1
        }
        return (kept.reversed(), cost[k][n])
    }

    /// Paths are kept relative to the baseline's folder, so a run from another folder, or with absolute paths
    /// (as the SwiftPM plugins pass them), matches the same entries.
    static func relativePath(_ path: String, to directory: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        return ConfigurationFile.relativePath(absolute, to: root) ?? absolute
    }

    static func describe(_ error: Error) -> String {
        func keyPath(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        return switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: "missing \(keyPath(context.codingPath + [key]))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            "unexpected value at \(keyPath(context.codingPath))"
        default: error.localizedDescription
        }
    }
}

/// A baseline that cannot be read or written.
public struct BaselineError: Error, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): error: \(message)" }
}
