/// The columns and line texts of a file's findings, visited in file order.
///
/// A one-line file of 2 MB can hold thousands of findings: each finding's line is one shared string (copied once
/// per line, not per finding), and its column is counted on from the previous finding on the same line, not from
/// the line's start, so time and memory stay linear in the file's size.
struct LineTexts {
    let buffer: UnsafeBufferPointer<UInt8>
    private var lineStart = -1
    private var text = ""
    private var lastOffset = 0
    private var lastColumn = 1

    init(buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    /// The 1-based column (characters a person sees) of `offset` on the line starting at `lineStart`, and the line.
    mutating func column(of offset: Int, lineStart: Int) -> (column: Int, line: String) {
        if lineStart != self.lineStart || offset < lastOffset {
            if lineStart != self.lineStart {
                var lineEnd = offset
                while lineEnd < buffer.count, buffer[lineEnd] != UInt8(ascii: "\n"), buffer[lineEnd] != UInt8(ascii: "\r") { lineEnd += 1 }
                text = String(decoding: UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd]), as: UTF8.self)
            }
            self.lineStart = lineStart
            (lastOffset, lastColumn) = (lineStart, 1)
        }
        lastColumn += String(decoding: UnsafeBufferPointer(rebasing: buffer[lastOffset..<offset]), as: UTF8.self).count
        lastOffset = offset
        return (lastColumn, text)
    }
}
