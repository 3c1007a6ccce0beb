/// Applies text edits to source bytes.
public enum FixApplier {
    public enum Failure: Error, Equatable {
        /// Two edits touch the same bytes.
        case overlappingEdits
        /// An edit points outside the file.
        case outOfRange
    }

    /// The source with every edit applied; edits are given in the original file's offsets.
    /// Insertions at the same offset keep the order they are given in.
    public static func apply(_ edits: [TextEdit], to source: String) throws(Failure) -> String {
        var bytes = Array(source.utf8)
        let sorted = edits.enumerated().sorted { ($0.element.start, $0.element.end, $0.offset) > ($1.element.start, $1.element.end, $1.offset) }
            .map(\.element)
        var lowestStart = Int.max
        for edit in sorted {
            guard edit.start >= 0, edit.start <= edit.end, edit.end <= bytes.count else { throw .outOfRange }
            guard edit.end <= lowestStart || (edit.start == edit.end && edit.start == lowestStart) else { throw .overlappingEdits }
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
            lowestStart = edit.start
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether two edits cannot both be applied with one clear result: their ranges overlap,
    /// an insertion falls inside a replaced range, or both insert at the same offset (the order would be a guess).
    public static func conflict(_ a: TextEdit, _ b: TextEdit) -> Bool {
        if a.start == a.end && b.start == b.end { return a.start == b.start }
        if a.start == a.end { return b.start < a.start && a.start < b.end }
        if b.start == b.end { return a.start < b.start && b.start < a.end }
        return a.start < b.end && b.start < a.end
    }
}
