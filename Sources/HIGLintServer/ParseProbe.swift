import Foundation
import SwiftParser

/// Parses a text first in a child process that can be killed, so that work over the time limit stops.
///
/// SwiftParser takes exponential time on some nested brackets (`(@(@(@…` forty deep runs for hours), and a thread
/// cannot be stopped: a parse given up at `--file-timeout` used to run on for good, each such call keeping a core
/// busy. The parser has no point where it could check a cancellation. So the text is parsed first by this same
/// executable (`higlint __parse-probe`), which is killed at the limit; only a text whose parse ended there is
/// parsed and checked in the server, where its parse then ends too.
public struct ParseProbe: Sendable {
    /// The hidden command the child runs.
    public static let command = "__parse-probe"

    /// The `higlint` executable to run.
    public let executable: String

    public init(executable: String) {
        self.executable = executable
    }

    /// The probe of the running executable (`/proc/self/exe` on Linux), when it can be found.
    public static var ofThisProcess: ParseProbe? {
        #if os(Linux)
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        #else
        let path = Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
        return FileManager.default.isExecutableFile(atPath: path) ? ParseProbe(executable: path) : nil
    }

    /// Whether `text` parses within `limit` seconds (true without a limit, and when the child cannot be run:
    /// then the server's own bound applies, as before). A child still parsing at the limit is killed and reaped
    /// before this returns.
    public func parses(_ text: String, within limit: TimeInterval?) -> Bool {
        guard let limit else { return true }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [Self.command]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do { try process.run() } catch { return true }
        // The child reads while it is written to; a child killed meanwhile makes the write fail, not the server
        // (SIGPIPE is ignored by the servers).
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async {
            try? writer.write(contentsOf: Data(text.utf8))
            try? writer.close()
        }
        if ended.wait(timeout: .now() + limit) == .success { return true }
        kill(process.processIdentifier, SIGKILL)
        ended.wait()
        return false
    }

    /// The child's side: parses standard input, on a thread with a stack as large as the server's workers.
    public static func serve() -> Int32 {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            _ = data.withUnsafeBytes { raw in Parser.parse(source: raw.bindMemory(to: UInt8.self)) }
            done.signal()
        }
        thread.stackSize = BoundedWork.stackSize
        thread.start()
        done.wait()
        return 0
    }
}
