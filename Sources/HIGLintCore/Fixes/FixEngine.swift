import Foundation
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// A fix that was applied.
public struct AppliedFix: Hashable, Sendable {
    /// The finding the fix corrects; its position is in the text of the pass that applied it.
    public var diagnostic: Diagnostic
    public var title: String
    /// 1 for the first pass over the file.
    public var pass: Int
}

/// A finding whose fix was not applied, and why.
public struct RefusedFix: Hashable, Sendable {
    public enum Reason: String, Hashable, Sendable {
        /// The corrected file would not parse as cleanly as before.
        case syntaxError = "it would add a syntax error"
        /// The fix's own edits overlap or point outside the file: a bug in the rule.
        case invalidEdits = "its edits overlap or point outside the file"
        /// It still overlapped another fix when the passes ran out.
        case conflict = "it still overlaps another fix"
    }

    /// The finding, at its position in the corrected text.
    public var diagnostic: Diagnostic
    public var reason: Reason
}

/// What fixing one text did.
public struct Correction: Sendable {
    public var original: String
    public var corrected: String
    public var applied: [AppliedFix]
    /// Fixes left out of a pass because they overlapped a fix applied in it; a later pass took them up again.
    public var deferred: [Diagnostic]
    public var refused: [RefusedFix]
    /// Every finding of the corrected text: those with no fix, and those whose fix was refused.
    public var remaining: [Diagnostic]
    /// Passes run, counting the last one that found nothing more to do.
    public var passes: Int

    public var changed: Bool { original != corrected }
}

/// A file's text as read, to be written back only if the file still holds it.
public struct FileSnapshot: Sendable {
    /// The path as given, for messages.
    public var path: String
    /// The real path that was read, and is the one written: resolved once, so reading and writing agree.
    public var resolvedPath: String
    public var data: Data
    public var text: String
    /// The file's identity, size and modification time when it was read.
    public var status: FileStatus?
}

/// What `higlint fix` did to one file.
public struct FileFix: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// Nothing to change.
        case unchanged
        /// The corrected text was written.
        case written
        /// A dry run: the corrected text was computed and not written.
        case dryRun
        /// The file changed on disk while it was being corrected; left alone.
        case changedOnDisk
        /// Left alone on purpose, for the reason given: writing it would lose something (its hard links, another
        /// writer's data, its owner or attributes), or it is not the caller's to write (outside the given paths).
        case skipped(String)
        /// The corrected text could not be written (read-only file, full disk); the file is as it was.
        case failed(FileError)
    }

    public var path: String
    public var correction: Correction
    public var outcome: Outcome
}

/// The result of fixing a set of paths.
public struct FixRun: Sendable {
    public var files: [FileFix]
    /// Files that could not be read or checked.
    public var errors: [FileError]
}

/// Applies rules' fixes safely: never overlapping edits, never a new syntax error,
/// pass after pass until nothing changes, and atomic writes of files that did not change meanwhile.
///
/// It lints through a closure, so it runs with whatever configuration the caller
/// resolves for each file.
public struct FixEngine: Sendable {
    public typealias Linter = @Sendable (_ source: String, _ path: String) -> [Diagnostic]

    let lint: Linter
    /// When set, only these rules' fixes are applied and only their findings reported.
    public let rules: Set<String>?
    /// A bound on passes over one file; each pass applies every fix that does not overlap another.
    public let maximumPasses: Int
    /// Seconds one file may take in `fix(paths:write:)` before it is reported as not fixed, and left as it was
    /// (`nil`: no limit).
    public var fileTimeLimit: TimeInterval?
    /// Replaces a file's bytes if it still holds the expected ones; tests put failures in its place.
    public typealias Writer = @Sendable (_ snapshot: FileSnapshot, _ contents: Data) throws(AtomicFile.Failure) -> Void
    public var writer: Writer = { snapshot, contents throws(AtomicFile.Failure) in
        try AtomicFile.replace(snapshot.resolvedPath, expecting: snapshot.data, status: snapshot.status, with: contents)
    }

    public init(rules: Set<String>? = nil, maximumPasses: Int = 8, lint: @escaping Linter) {
        self.lint = lint
        self.rules = rules
        self.maximumPasses = max(1, maximumPasses)
    }

    public init(engine: LintEngine, rules: Set<String>? = nil, maximumPasses: Int = 8) {
        self.init(rules: rules, maximumPasses: maximumPasses) { engine.lint(source: $0, path: $1) }
    }

    /// Fixes with the same phases as `lint`: each text is checked as its file, with that file's configuration and
    /// the module facts of the run's survey, so `fix` finds exactly what `lint` finds ("check, then apply").
    public init(run: PreparedRun, rules: Set<String>? = nil, maximumPasses: Int = 8) {
        self.init(rules: rules, maximumPasses: maximumPasses) { (try? run.lint(source: $0, path: $1)) ?? [] }
    }

    // MARK: Text

    /// Applies every fix to `source`, linted as the file at `path`.
    public func correct(_ source: String, path: String) -> Correction {
        var text = source
        var applied: [AppliedFix] = []
        var deferred: [Diagnostic] = []
        var refused: [RefusedFix] = []
        var passes = 0
        var findings = findings(in: text, path: path)
        while passes < maximumPasses {
            passes += 1
            let pass = runPass(text, findings: findings)
            refused = pass.refused
            deferred += pass.deferred
            guard !pass.accepted.isEmpty else { break }
            text = pass.text
            applied += pass.accepted.map { AppliedFix(diagnostic: $0, title: $0.fix!.title, pass: passes) }
            findings = self.findings(in: text, path: path)
            if passes == maximumPasses {
                // Out of passes: whatever still has a fix is reported, not applied.
                refused = findings.filter { fixEdits($0) != nil }.map { RefusedFix(diagnostic: $0, reason: .conflict) }
            }
        }
        return Correction(original: source, corrected: text, applied: applied, deferred: deferred, refused: refused,
                          remaining: findings, passes: passes)
    }

    private func findings(in text: String, path: String) -> [Diagnostic] {
        let found = lint(text, path)
        guard let rules else { return found }
        return found.filter { rules.contains($0.rule) }
    }

    private struct Pass {
        var text: String
        var accepted: [Diagnostic] = []
        var deferred: [Diagnostic] = []
        var refused: [RefusedFix] = []
    }

    /// One pass: every fix that overlaps none taken before it, as long as the file parses no worse.
    private func runPass(_ text: String, findings: [Diagnostic]) -> Pass {
        var invalid: [RefusedFix] = []
        var fixes: [(Diagnostic, [TextEdit])] = []
        let usesCRLF = Self.usesCRLF(text)
        for finding in findings.sorted(by: { ($0.offset, $0.rule) < ($1.offset, $1.rule) }) {
            guard var edits = fixEdits(finding) else { continue }
            if usesCRLF { edits = edits.map(Self.withCRLF) }
            if (try? FixApplier.apply(edits, to: text)) == nil {
                invalid.append(RefusedFix(diagnostic: finding, reason: .invalidEdits))
            } else {
                fixes.append((finding, edits))
            }
        }
        guard !fixes.isEmpty else { return Pass(text: text, refused: invalid) }
        let baseline = Self.syntaxErrorCount(text)

        // Usually every fix is fine: one parse checks them all.
        var pass = Pass(text: text, refused: invalid)
        var taken: [TextEdit] = []
        for (finding, edits) in fixes {
            if edits.contains(where: { edit in taken.contains { FixApplier.conflict(edit, $0) } }) {
                pass.deferred.append(finding)
            } else {
                taken += edits
                pass.accepted.append(finding)
            }
        }
        if let corrected = try? FixApplier.apply(taken, to: text), Self.syntaxErrorCount(corrected) <= baseline {
            pass.text = corrected
            return pass
        }

        // Otherwise check one fix at a time; a refused fix no longer blocks those that overlapped it.
        pass = Pass(text: text, refused: invalid)
        taken = []
        for (finding, edits) in fixes {
            if edits.contains(where: { edit in taken.contains { FixApplier.conflict(edit, $0) } }) {
                pass.deferred.append(finding)
            } else if let corrected = try? FixApplier.apply(taken + edits, to: text), Self.syntaxErrorCount(corrected) <= baseline {
                taken += edits
                pass.text = corrected
                pass.accepted.append(finding)
            } else {
                pass.refused.append(RefusedFix(diagnostic: finding, reason: .syntaxError))
            }
        }
        return pass
    }

    private func fixEdits(_ finding: Diagnostic) -> [TextEdit]? {
        guard let edits = finding.fix?.edits, !edits.isEmpty else { return nil }
        return edits
    }

    /// The number of syntax errors the parser finds in `text`.
    static func syntaxErrorCount(_ text: String) -> Int {
        ParseDiagnosticsGenerator.diagnostics(for: Parser.parse(source: text)).count { $0.diagMessage.severity == .error }
    }

    /// Whether the file's line breaks are all CRLF, so inserted line breaks must be too.
    static func usesCRLF(_ text: String) -> Bool {
        var sawCRLF = false
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                if previous != UInt8(ascii: "\r") { return false }
                sawCRLF = true
            }
            previous = byte
        }
        return sawCRLF
    }

    /// The edit with each bare `\n` of its replacement written `\r\n`.
    static func withCRLF(_ edit: TextEdit) -> TextEdit {
        var copy = edit
        copy.replacement = edit.replacement.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        return copy
    }

    // MARK: Files

    /// Reads a file for fixing; the text must be UTF-8. The path is resolved once, here, and the snapshot keeps
    /// the real path for the write.
    public static func read(_ path: String) -> Result<FileSnapshot, FileError> {
        guard let resolved = FileCollector.realPath(path) else {
            return .failure(FileError(path: path, reason: "cannot read the file (\(SourceReader.errorText(errno)))"))
        }
        let data: Data
        let status: FileStatus
        switch SourceReader.readWithStatus(resolved) {
        case .success(let read): (data, status) = read
        case .failure(let error): return .failure(FileError(path: path, reason: error.reason))
        }
        guard !data.contains(0), let text = String(validating: [UInt8](data), as: UTF8.self) else {
            let reason = SourceReader.startsWithUTF16ByteOrderMark([UInt8](data)) ? "UTF-16 text; not fixed (save the file as UTF-8)"
                : data.contains(0) ? "not a text file (it contains NUL bytes); not fixed" : "not valid UTF-8; not fixed (save the file as UTF-8)"
            return .failure(FileError(path: path, reason: reason))
        }
        return .success(FileSnapshot(path: path, resolvedPath: resolved, data: data, text: text, status: status))
    }

    /// Corrects a file read earlier and, when `write` is set, replaces it atomically if it still holds what was read.
    public func fix(_ snapshot: FileSnapshot, write: Bool) -> FileFix {
        fix(snapshot, write: write, givenUp: { false })
    }

    /// `givenUp` is asked just before writing: a file the run stopped waiting for is left as it was.
    private func fix(_ snapshot: FileSnapshot, write: Bool, givenUp: () -> Bool) -> FileFix {
        let correction = correct(snapshot.text, path: snapshot.path)
        guard correction.changed else { return FileFix(path: snapshot.path, correction: correction, outcome: .unchanged) }
        guard write else { return FileFix(path: snapshot.path, correction: correction, outcome: .dryRun) }
        guard !givenUp() else { return FileFix(path: snapshot.path, correction: correction, outcome: .unchanged) }
        do {
            try writer(snapshot, Data(correction.corrected.utf8))
            return FileFix(path: snapshot.path, correction: correction, outcome: .written)
        } catch .changedOnDisk {
            return FileFix(path: snapshot.path, correction: correction, outcome: .changedOnDisk)
        } catch let error where error.isSkip {
            return FileFix(path: snapshot.path, correction: correction, outcome: .skipped(error.description))
        } catch {
            return FileFix(path: snapshot.path, correction: correction,
                           outcome: .failed(FileError(path: snapshot.path, reason: error.description)))
        }
    }

    /// Fixes every Swift file under `paths`, files in parallel.
    ///
    /// Only a `.swift` file whose real path is inside the real paths given is written: a link out of the tree, or
    /// one named `.swift` that points at another kind of file, is corrected for the report but skipped.
    public func fix(paths: [String], write: Bool) -> FixRun {
        let collection = FileCollector.swiftFiles(under: paths)
        return fix(files: collection.files, errors: collection.errors, within: paths, write: write)
    }

    /// Fixes the Swift files of a prepared run (phases 1 to 4 of `lint`) over `paths`, files in parallel.
    public func fix(_ run: PreparedRun, within paths: [String], write: Bool) -> FixRun {
        fix(files: run.files.swiftFiles.map(\.path), errors: run.collectionErrors, within: paths, write: write)
    }

    /// Fixes `files`, in parallel, writing only those inside `paths`; `errors` are the collection's, reported with
    /// those of the fixes.
    private func fix(files paths: [String], errors collectionErrors: [FileError], within given: [String], write: Bool) -> FixRun {
        let roots = given.compactMap(FileCollector.realPath)
        let outcomes = ConcurrentResults<Result<FileFix, FileError>>(count: paths.count)
        let limit = fileTimeLimit
        // Threads with large stacks, as for linting: deeply nested code is walked recursively.
        ParallelRunner.forEach(count: paths.count, timeLimit: limit, onTimeout: { index in
            outcomes.setIfEmpty(index, .failure(FileError(path: paths[index], reason: LintEngine.timeoutReason(limit ?? 0) + "; not changed")))
        }) { index in
            let result = Self.read(paths[index]).map { snapshot in
                let outOfScope = Self.outOfScope(snapshot.resolvedPath, roots: roots)
                var file = fix(snapshot, write: write && outOfScope == nil, givenUp: { outcomes[index] != nil })
                if write, let outOfScope, file.outcome == .dryRun { file.outcome = .skipped(outOfScope) }
                return file
            }
            outcomes.setIfEmpty(index, result)
        }
        var files: [FileFix] = []
        var errors = collectionErrors
        for outcome in outcomes.values {
            switch outcome {
            case .success(let file): files.append(file)
            case .failure(let error): errors.append(error)
            case nil: break
            }
        }
        errors.sort { $0.path < $1.path }
        return FixRun(files: files, errors: errors)
    }

    /// Why the file at real path `path` must not be written by a fix of `roots`, or `nil` when it may be.
    static func outOfScope(_ path: String, roots: [String]) -> String? {
        guard path.hasSuffix(".swift") else {
            return "it is a link to '\(path)', which is not a .swift file; not changed"
        }
        guard FileCollector.isInside(path, roots: roots) else {
            return "it is a link to '\(path)', outside the paths given; not changed"
        }
        return nil
    }
}
