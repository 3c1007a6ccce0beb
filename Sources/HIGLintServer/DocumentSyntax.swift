import Foundation
import SwiftParser
import SwiftSyntax

/// An open document's last parse and the edits made to it since, so that the next parse is incremental:
/// SwiftParser reuses every node the edits did not touch, and a keystroke in a 1,000-line file reparses a few
/// declarations instead of the whole text (the toolchain's parser takes about 45 ms of CPU for such a file).
public struct DocumentSyntax: Sendable {
    /// The parse the edits apply to; `nil` until a parse is adopted.
    var parsed: IncrementalParseResult?
    /// Edits since `parsed`, in the order they were made, each in UTF-8 offsets of the text it was applied to.
    var edits: [SourceEdit] = []
    /// Changes whenever `parsed` does, so that a parse that ends late is adopted only where it still applies;
    /// it starts at random, so that the parse of a document closed meanwhile is not taken for one of its reopening.
    var generation = UInt64.random(in: 0...(UInt64.max / 2))
    /// How many incremental parses led to `parsed` since the last whole one.
    var reparses = 0

    /// An incremental parse keeps the parse it reused nodes from alive (each tree's arena holds the arenas of
    /// the nodes it took, with their copy of the source), so an unbroken line of them grows with every keystroke
    /// (0.75 MB each in a 145 KB file). Every this many, the parse is a whole one and the line is let go.
    static let reparseLimit = 8

    /// Past this many edits without a parse (a document that is never linted), they are forgotten and the next
    /// parse is a whole one: the list must not grow without bound.
    static let editLimit = 10_000

    /// Edits are recorded before any parse too: the first parse may still be running when they come.
    mutating func record(_ edit: SourceEdit) {
        guard edits.count < Self.editLimit else {
            self = DocumentSyntax()
            return
        }
        edits.append(edit)
    }

    /// The smallest edit that turns `old` into `new`: what a client that sends whole texts changed.
    static func edit(from old: [UInt8], to new: [UInt8]) -> SourceEdit {
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        return SourceEdit(range: AbsolutePosition(utf8Offset: prefix)..<AbsolutePosition(utf8Offset: old.count - suffix),
                          replacement: Array(new[prefix..<(new.count - suffix)]))
    }
}

extension TextDocument {
    /// The tree of the current text, reparsing only what the edits since the last adopted parse touched (and
    /// whole every `DocumentSyntax.reparseLimit` parses).
    public func parse() -> IncrementalParseResult {
        bytes.withUnsafeBufferPointer { buffer in
            let transition = syntax.reusableParse.map {
                IncrementalParseTransition(previousIncrementalParseResult: $0, edits: ConcurrentEdits(fromSequential: syntax.edits))
            }
            return Parser.parseIncrementally(source: buffer, parseTransition: transition)
        }
    }

    /// Keeps `result`, the parse of `snapshot` (this document as it was when the parse began), as the base of the
    /// next one, with the edits made since; unless another parse was adopted meanwhile.
    public mutating func adopt(_ result: IncrementalParseResult, parsedFrom snapshot: TextDocument) {
        guard syntax.generation == snapshot.syntax.generation, syntax.edits.count >= snapshot.syntax.edits.count else { return }
        syntax.edits.removeFirst(snapshot.syntax.edits.count)
        syntax.parsed = result
        syntax.reparses = snapshot.syntax.reusableParse == nil ? 0 : snapshot.syntax.reparses + 1
        syntax.generation += 1
    }
}

extension DocumentSyntax {
    /// The parse the next one may reuse nodes of; `nil` when it must be a whole one.
    var reusableParse: IncrementalParseResult? {
        reparses < Self.reparseLimit ? parsed : nil
    }
}

/// The last parses of texts given whole (MCP's `lint_code` and `fix_code`), by path. An agent checks a file,
/// changes a few lines and checks it again, and `fix_code` checks the text again after each fix: the next text
/// of the same path is reparsed from its difference with the last one.
///
/// A parse holds far more memory than its text (a 1.5 MB text's tree and arenas take about 200 MB), so what is
/// kept is bounded by the texts' bytes, the least recently used going first, and a large text is not kept at all:
/// the server's memory must not grow with the files an agent once checked.
final class RecentParses: @unchecked Sendable {
    /// Source bytes of the texts kept, at most.
    static let byteLimit = 512 << 10
    /// Texts larger than this are parsed whole and not kept.
    static let textLimit = 256 << 10
    /// Texts kept at most, whatever their size.
    static let countLimit = 8

    private struct Entry {
        var path: String
        var bytes: [UInt8]
        var result: IncrementalParseResult
        /// Incremental parses since the last whole one (see `DocumentSyntax.reparseLimit`).
        var reparses: Int
    }

    private let lock = NSLock()
    /// Least recently used first.
    private var entries: [Entry] = []

    /// The number of texts kept and their bytes (tests).
    var retained: (count: Int, bytes: Int) {
        lock.withLock { (entries.count, entries.reduce(0) { $0 + $1.bytes.count }) }
    }

    func tree(of text: String, path: String) -> SourceFileSyntax {
        let bytes = Array(text.utf8)
        let previous = lock.withLock { () -> Entry? in
            guard let index = entries.firstIndex(where: { $0.path == path }) else { return nil }
            return entries.remove(at: index)   // taken out while it is reparsed, so that it is not kept twice
        }
        let reusable = previous.flatMap { $0.reparses < DocumentSyntax.reparseLimit ? $0 : nil }
        let result = bytes.withUnsafeBufferPointer { buffer in
            let transition = reusable.map {
                IncrementalParseTransition(previousIncrementalParseResult: $0.result,
                                           edits: ConcurrentEdits(DocumentSyntax.edit(from: $0.bytes, to: bytes)))
            }
            return Parser.parseIncrementally(source: buffer, parseTransition: transition)
        }
        guard bytes.count <= Self.textLimit else { return result.tree }
        lock.withLock {
            entries.removeAll { $0.path == path }
            entries.append(Entry(path: path, bytes: bytes, result: result, reparses: reusable.map { $0.reparses + 1 } ?? 0))
            var total = entries.reduce(0) { $0 + $1.bytes.count }
            while entries.count > Self.countLimit || total > Self.byteLimit {
                total -= entries.removeFirst().bytes.count
            }
        }
        return result.tree
    }
}
