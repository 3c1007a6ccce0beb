/// Text from files and file names made safe to print on a terminal: control characters (C0 but tab, DEL and C1)
/// are written as `%XX`, their UTF-8 bytes, as `FileName` writes the bytes of a name that are not UTF-8.
///
/// A file named `a\u{1B}[31m.swift` would otherwise recolour the terminal of whoever lints the repository, and one
/// with a line break in its name would split a finding in two, where editors and CI read one finding per line.
/// Tabs are kept: they change neither. Formats that escape for their own syntax (JSON, SARIF, XML, HTML) do not need this.
public enum TerminalText {
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 {
                result += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }

    /// C0 but tab, DEL and C1.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }
}
