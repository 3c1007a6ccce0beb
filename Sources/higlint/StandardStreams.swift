import Foundation
import HIGLintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Reports go out through `write(2)`, not `FileHandle`, whose `write` stops the process with a fatal error when the
// write fails (a full disk, `/dev/full`, a reader that went away). A failed write is a status, not a crash: `fix`
// may already have rewritten files when it prints what it did.

/// Writes `text` to standard output. If that fails, says why on standard error and exits with status 2; when the
/// reader has gone away (a closed pipe: `higlint | head -1`), exits 2 without a word, as other tools end quietly.
func writeOutput(_ text: String) {
    guard let failure = writeAll(text, to: STDOUT_FILENO) else { return }
    if failure != EPIPE {
        _ = writeAll("higlint: error: cannot write to standard output (\(String(cString: strerror(failure))))\n", to: STDERR_FILENO)
    }
    exit(2)
}

/// Writes one line that names files or repeats what a user typed to standard error, its control characters escaped
/// (`TerminalText`) so that a file name cannot recolour the terminal or split the line.
func writeErrorLine(_ line: String) {
    writeError(TerminalText.escaped(line) + "\n")
}

/// Writes `text` to standard error. If even that fails there is nowhere left to say so: exits with status 2.
func writeError(_ text: String) {
    guard writeAll(text, to: STDERR_FILENO) != nil else { return }
    exit(2)
}

/// Writes every byte of `text`, or returns the `errno` of the write that failed.
private func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
    var text = text
    return text.withUTF8 { writeFully(descriptor, UnsafeRawBufferPointer($0)) }
}
