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
    /// The tree of the current text, reparsing only what the edits since the last adopted parse touched.
    public func parse() -> IncrementalParseResult {
        bytes.withUnsafeBufferPointer { buffer in
            let transition = syntax.parsed.map {
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
        syntax.generation += 1
    }
}

/// The last parse of each text given whole (MCP's `lint_code` and `fix_code`), by path. An agent checks a file,
/// changes a few lines and checks it again, and `fix_code` checks the text again after each fix: the next text
/// of the same path is reparsed from its difference with the last one.
final class RecentParses: @unchecked Sendable {
    /// Paths remembered at most; past it all are forgotten (agents work on a few files at a time).
    static let limit = 16

    private let lock = NSLock()
    private var parses: [String: (bytes: [UInt8], result: IncrementalParseResult)] = [:]

    func tree(of text: String, path: String) -> SourceFileSyntax {
        let bytes = Array(text.utf8)
        let previous = lock.withLock { parses[path] }
        let result = bytes.withUnsafeBufferPointer { buffer in
            let transition = previous.map {
                IncrementalParseTransition(previousIncrementalParseResult: $0.result,
                                           edits: ConcurrentEdits(DocumentSyntax.edit(from: $0.bytes, to: bytes)))
            }
            return Parser.parseIncrementally(source: buffer, parseTransition: transition)
        }
        lock.withLock {
            if parses[path] == nil, parses.count >= Self.limit { parses.removeAll() }
            parses[path] = (bytes, result)
        }
        return result.tree
    }
}
