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
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw BaselineError(path: path, message: "cannot read the baseline (\(LintEngine.describe(error)))")
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
        var remaining = Dictionary(entries.map { ($0.fingerprint, 1) }, uniquingKeysWith: +)
        let prints = Fingerprint.compute(diagnostics) { Self.relativePath($0.path, to: directory) }
        var new: [Diagnostic] = []
        for (diagnostic, print) in zip(diagnostics, prints) {
            if let count = remaining[print], count > 0 {
                remaining[print] = count - 1
            } else {
                new.append(diagnostic)
            }
        }
        return (new, diagnostics.count - new.count)
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
