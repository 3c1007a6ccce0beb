/// Applies text edits to source bytes.
public enum FixApplier {
    public enum Failure: Error, Equatable {
        /// Two edits touch the same bytes.
        case overlappingEdits
        /// An edit points outside the file.
        case outOfRange
    }

    /// The source with every edit applied; edits are given in the original file's offsets.
    public static func apply(_ edits: [TextEdit], to source: String) throws(Failure) -> String {
        var bytes = Array(source.utf8)
        let sorted = edits.sorted { ($0.start, $0.end) > ($1.start, $1.end) }
        var lowestStart = Int.max
        for edit in sorted {
            guard edit.start >= 0, edit.start <= edit.end, edit.end <= bytes.count else { throw .outOfRange }
            guard edit.end <= lowestStart || (edit.start == edit.end && edit.start == lowestStart) else { throw .overlappingEdits }
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
            lowestStart = edit.start
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
