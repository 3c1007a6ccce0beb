import SwiftSyntax

/// A position as LSP counts it: a 0-based line, and a 0-based offset in UTF-16 code units within the line.
public struct Position: Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }

    var json: JSON { ["line": JSON(line), "character": JSON(character)] }

    init(_ json: JSON?) throws(RPCError) {
        guard let line = json?["line"]?.integer, let character = json?["character"]?.integer else {
            throw .invalidParams("a position needs integer \"line\" and \"character\"")
        }
        self.init(line: line, character: character)
    }
}

/// A range of positions, end exclusive.
public struct Range: Hashable, Sendable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    var json: JSON { ["start": start.json, "end": end.json] }

    init(_ json: JSON?) throws(RPCError) {
        self.init(start: try Position(json?["start"]), end: try Position(json?["end"]))
    }

    func overlaps(_ other: Range) -> Bool { start <= other.end && other.start <= end }
}

/// An open document's text as UTF-8 bytes (what the engine reads and its offsets count), with conversions
/// between those offsets and LSP positions.
///
/// Lines end at `\n`, `\r\n` or `\r`, as LSP says. Positions past the end of a line or of the document are
/// clamped to that end, as the protocol asks of servers; a position inside a surrogate pair goes back to the
/// start of the character.
public struct TextDocument: Sendable {
    public let uri: String
    public private(set) var version: Int
    /// Which text this is, as the language server numbers them; unlike `version`, never the same for two texts.
    public internal(set) var revision = 0
    public private(set) var bytes: [UInt8]
    /// UTF-8 offsets where each line starts.
    private var lineStarts: [Int] = [0]
    /// The last parse and the edits since, for an incremental reparse.
    public internal(set) var syntax = DocumentSyntax()
    /// The edits made to this text, each with the revision it was made to, oldest first: what moves findings made
    /// for an earlier revision to where they are now. Kept from the revision of the last results on.
    private var edits: [(revision: Int, edit: SourceEdit)] = []
    /// Edits made to this revision and earlier ones were forgotten (past `editLimit`): their findings cannot move.
    private var forgottenRevision = -1
    /// Past this many edits without results (a document that is never linted), they are forgotten.
    static let editLimit = 1_000

    public init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.bytes = Array(text.utf8)
        indexLines()
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// This text without its last parse: what results and pending work keep, so that they hold no tree.
    var withoutSyntax: TextDocument {
        var copy = self
        copy.syntax = DocumentSyntax()
        copy.edits = []
        return copy
    }

    /// Forgets the edits made to revisions before `revision`: findings of older ones are not asked for again.
    mutating func forgetEdits(before revision: Int) {
        edits.removeAll { $0.revision < revision }
    }

    /// Where the UTF-8 range `start..<end` of revision `revision` of this text is now, moved by the edits since:
    /// an edit before it moves it by the bytes it adds or removes, one after it leaves it; `nil` when an edit
    /// touched it, or when the edits since `revision` are no longer known.
    func moved(_ start: Int, _ end: Int, from revision: Int) -> (start: Int, end: Int)? {
        guard revision > forgottenRevision else { return nil }
        var range = (start: start, end: end)
        for (made, edit) in edits where made >= revision {
            let lower = edit.range.lowerBound.utf8Offset, upper = edit.range.upperBound.utf8Offset
            if range.end <= lower { continue }
            guard range.start >= upper else { return nil }
            let shift = edit.replacement.count - (upper - lower)
            range = (range.start + shift, range.end + shift)
        }
        return range
    }

    private mutating func indexLines() {
        lineStarts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                lineStarts.append(index + 1)
            } else if byte == UInt8(ascii: "\r") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                lineStarts.append(index + 1)
            }
            index += 1
        }
    }

    /// The UTF-8 offset where `line`'s text ends (before its line break).
    private func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > lineStarts[line], end <= bytes.count, line + 1 < lineStarts.count {
            end -= 1
            if end > lineStarts[line], bytes[end] == UInt8(ascii: "\n"), bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        }
        return end
    }

    /// The number of bytes of the UTF-8 sequence that starts with `byte`.
    private static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0..<0x80: 1
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1   // a continuation byte on its own: step over it
        }
    }

    /// The UTF-8 offset of an LSP position, clamped into the document.
    public func offset(of position: Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        var offset = lineStarts[position.line]
        let end = lineEnd(position.line)
        var units = 0
        while offset < end, units < position.character {
            let length = Self.sequenceLength(bytes[offset])
            let width = length == 4 ? 2 : 1
            if units + width > position.character { break }
            units += width
            offset = min(offset + length, end)
        }
        return offset
    }

    /// The LSP position of a UTF-8 offset, clamped into the document.
    public func position(ofOffset offset: Int) -> Position {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let end = min(offset, lineEnd(low))
        var index = lineStarts[low]
        var units = 0
        while index < end {
            let length = Self.sequenceLength(bytes[index])
            guard index + length <= end else { break }
            units += length == 4 ? 2 : 1
            index += length
        }
        return Position(line: low, character: units)
    }

    /// The range of the word that starts at `offset` (a finding's position is the start of a name, or the period
    /// of a member like `.system`), or of the character there when it is no word.
    public func wordRange(at offset: Int) -> Range {
        let start = max(0, min(offset, bytes.count))
        var end = start
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") { end += 1 }
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
                || byte >= 0x80
        }
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        if end == start, end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
            end += Self.sequenceLength(bytes[end])
        }
        return Range(start: position(ofOffset: start), end: position(ofOffset: min(end, bytes.count)))
    }

    /// The text of a line, without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 0, line < lineStarts.count else { return "" }
        return String(decoding: bytes[lineStarts[line]..<lineEnd(line)], as: UTF8.self)
    }

    public var lineCount: Int { lineStarts.count }

    /// Applies one `didChange` content change: a replacement of `range`, or of the whole text without one.
    public mutating func apply(_ replacement: String, in range: Range?, version: Int) {
        let text = Array(replacement.utf8)
        let edit: SourceEdit
        if let range {
            let start = offset(of: range.start)
            let end = max(start, offset(of: range.end))
            edit = SourceEdit(range: AbsolutePosition(utf8Offset: start)..<AbsolutePosition(utf8Offset: end), replacement: text)
            bytes.replaceSubrange(start..<end, with: text)
        } else {
            edit = DocumentSyntax.edit(from: bytes, to: text)
            bytes = text
        }
        syntax.record(edit)
        if edits.count >= Self.editLimit {
            edits = []
            forgottenRevision = revision
        }
        edits.append((revision, edit))
        self.version = version
        indexLines()
    }
}
