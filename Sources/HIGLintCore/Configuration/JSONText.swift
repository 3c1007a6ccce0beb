/// JSON text written by hand, where building an object tree first would cost too much: the reporters' streamed
/// documents and the servers' messages share one way of quoting a string.
public enum JSONText {
    /// Appends `value` as a JSON string literal, quotes included.
    public static func appendString(_ value: String, to text: inout String) {
        text += "\""
        // Most strings (messages, paths, rule ids) need no escape: appended whole, not scalar by scalar.
        guard value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            text += value
            text += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
