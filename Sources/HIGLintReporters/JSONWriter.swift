import Foundation
import HIGLintCore

/// Writes JSON as it goes, in pieces of about 64 KB, so that a report of tens of thousands of findings is never
/// one object tree plus one document in memory (`JSONSerialization` held both: 700 times the size of a one-line
/// source file full of findings, for SARIF). Keys are sorted and the layout is the one `JSONSerialization` and
/// `JSONEncoder` pretty-print: two spaces per level and `"key" : value`.
///
/// Values are what reports hold: `String`, `Int`, `Bool`, `[String: Any]`, arrays of them, and `JSONWriter.Lazy`
/// for a long array whose elements are built one at a time, written and dropped.
struct JSONWriter {
    /// An array written element by element: `element(i)` is built only when its turn comes.
    struct Lazy {
        var count: Int
        var element: (Int) -> Any
    }

    private var buffer = ""
    private let flush: (String) -> Void
    static let pieceSize = 1 << 16

    init(to flush: @escaping (String) -> Void) {
        self.flush = flush
        buffer.reserveCapacity(Self.pieceSize + 1024)
    }

    /// Writes `value` as a whole document, with a final line break, and hands over what is left.
    static func write(_ value: Any, to flush: @escaping (String) -> Void) {
        var writer = JSONWriter(to: flush)
        writer.write(value, depth: 0)
        writer.buffer += "\n"
        flush(writer.buffer)
    }

    /// The document as one string, for callers that need it whole.
    static func string(_ value: Any) -> String {
        var text = ""
        write(value) { text += $0 }
        return text
    }

    private mutating func write(_ value: Any, depth: Int) {
        switch value {
        case let text as String: JSONText.appendString(text, to: &buffer)
        case let flag as Bool: buffer += flag ? "true" : "false"
        case let number as Int: buffer += String(number)
        case let object as [String: Any]:
            writeContainer("{", "}", count: object.count, depth: depth, keys: object.keys.sorted()) { writer, index, key in
                JSONText.appendString(key!, to: &writer.buffer)
                writer.buffer += " : "
                writer.write(object[key!]!, depth: depth + 1)
            }
        case let lazy as Lazy:
            writeContainer("[", "]", count: lazy.count, depth: depth, keys: nil) { writer, index, _ in
                writer.write(lazy.element(index), depth: depth + 1)
            }
        case let array as [Any]:
            writeContainer("[", "]", count: array.count, depth: depth, keys: nil) { writer, index, _ in
                writer.write(array[index], depth: depth + 1)
            }
        default:
            preconditionFailure("JSONWriter cannot write \(type(of: value))")
        }
        if buffer.utf8.count >= Self.pieceSize {
            flush(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    private mutating func writeContainer(_ open: String, _ close: String, count: Int, depth: Int, keys: [String]?,
                                         element: (inout JSONWriter, Int, String?) -> Void) {
        guard count > 0 else {
            buffer += open + close
            return
        }
        let inner = String(repeating: "  ", count: depth + 1)
        buffer += open
        for index in 0..<count {
            buffer += (index == 0 ? "\n" : ",\n") + inner
            element(&self, index, keys?[index])
        }
        buffer += "\n" + String(repeating: "  ", count: depth) + close
    }

}
