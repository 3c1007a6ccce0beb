/// Option values shared by `lint` and `fix`, checked the same way for both.
enum OptionValues {
    /// The shortest limit `--file-timeout` takes: below it, every file would be given up before it is read.
    static let shortestFileTimeout = 0.001
    /// The longest: a year, beyond which dates stop being exact.
    static let longestFileTimeout = 365.0 * 24 * 3600

    /// `--file-timeout SECONDS`: 0 (no limit), or a number of seconds from a millisecond to a year.
    static func fileTimeout(_ text: String?) throws(UsageError) -> Double {
        guard let text, let seconds = Double(text), seconds.isFinite,
              seconds == 0 || (shortestFileTimeout...longestFileTimeout).contains(seconds)
        else {
            throw UsageError(message: "--file-timeout needs 0 (no limit) or a number of seconds from 0.001 to 31536000, not '\(text ?? "")'")
        }
        return seconds
    }

    /// A path option's value: an empty one would silently mean the current folder.
    static func path(_ text: String, for option: String) throws(UsageError) -> String {
        guard !text.isEmpty else { throw UsageError(message: "\(option) needs a path, not an empty string") }
        return text
    }
}
