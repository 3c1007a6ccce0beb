import Foundation
import HIGLintServer

/// `higlint lsp [--config FILE] [--file-timeout SECONDS] [--debounce MILLISECONDS]` and
/// `higlint mcp [--root DIR] [--config FILE] [--file-timeout SECONDS]`: the servers, on standard input and output.
///
/// Returns `nil` when the arguments name neither command, so the rest of the command line is parsed as before.
func runServerCommand(_ arguments: [String]) -> Int32? {
    guard let command = arguments.first, command == "lsp" || command == "mcp" else { return nil }
    var rest = arguments.dropFirst()
    var configurationPath: String?
    var timeLimit: Double? = 60
    var debounce = 25
    var root = FileManager.default.currentDirectoryPath
    func fail(_ message: String) -> Int32 {
        writeError("higlint: error: \(message)\n")
        return 2
    }
    while let argument = rest.popFirst() {
        switch argument {
        case "--config":
            guard let value = rest.popFirst() else { return fail("--config needs a value") }
            configurationPath = value
        case "--file-timeout":
            guard let value = rest.popFirst(), let seconds = Double(value), seconds >= 0, seconds.isFinite else {
                return fail("--file-timeout needs a number of seconds")
            }
            timeLimit = seconds > 0 ? seconds : nil
        case "--debounce" where command == "lsp":
            guard let value = rest.popFirst(), let milliseconds = Int(value), milliseconds >= 0 else {
                return fail("--debounce needs a number of milliseconds")
            }
            debounce = milliseconds
        case "--root" where command == "mcp":
            guard let value = rest.popFirst() else { return fail("--root needs a value") }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: value, isDirectory: &isDirectory), isDirectory.boolValue else {
                return fail("--root: no such folder: \(value)")
            }
            root = value
        case "--help", "-h":
            print(command == "lsp" ? lspUsage : mcpUsage, terminator: "")
            return 0
        default:
            return fail("unknown option '\(argument)' for `\(command)`; see `higlint \(command) --help`")
        }
    }
    // A client that goes away must not kill the server with SIGPIPE before it can notice the closed input.
    signal(SIGPIPE, SIG_IGN)
    if command == "lsp" {
        var options = LanguageServer.Options()
        options.configurationPath = configurationPath
        options.timeLimit = timeLimit
        options.debounce = Double(debounce) / 1000
        let server = LanguageServer(options: options, writer: MessageWriter(framing: .contentLength, fileDescriptor: 1))
        return onLargeStack { server.run(reader: MessageReader(framing: .contentLength, fileDescriptor: 0)) }
    }
    let workspace = Workspace(root: root, configurationPath: configurationPath, timeLimit: timeLimit)
    let server = MCPServer(workspace: workspace, writer: MessageWriter(framing: .newlineDelimited, fileDescriptor: 1))
    return onLargeStack {
        server.run(reader: MessageReader(framing: .newlineDelimited, fileDescriptor: 0))
        return 0
    }
}

/// Runs the server loop on a thread with a large stack, as the engine's workers have, and waits for it.
private func onLargeStack(_ body: @escaping @Sendable () -> Int32) -> Int32 {
    final class Status: @unchecked Sendable { var value: Int32 = 0 }
    let status = Status()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        status.value = body()
        done.signal()
    }
    thread.stackSize = 64 << 20
    thread.start()
    done.wait()
    return status.value
}

/// `higlint lsp` and `higlint mcp` for the general help; their options are parsed by `runServerCommand`.
let lspCommand = (name: "lsp", usage: "higlint lsp [--config FILE] [--file-timeout SECONDS] [--debounce MILLISECONDS]",
                  summary: "Serve editors over the Language Server Protocol on standard input and output.")
let mcpCommand = (name: "mcp", usage: "higlint mcp [--root DIR] [--config FILE] [--file-timeout SECONDS]",
                  summary: "Serve coding agents over the Model Context Protocol on standard input and output.")

let lspUsage = """
    USAGE: higlint lsp [--config FILE] [--file-timeout SECONDS] [--debounce MILLISECONDS]

    A Language Server Protocol (3.17) server on standard input and output: findings as diagnostics while you type,
    fixes and suppressions as code actions, a rule's explanation on hover. It never writes a file.

    OPTIONS:
      --config FILE            Use this configuration file instead of the .higlint.json files above each file.
      --file-timeout SECONDS   Give up on a buffer that takes longer and say so (default: 60; 0: no limit).
      --debounce MILLISECONDS  Wait this long after a change before linting (default: 25).

    """

let mcpUsage = """
    USAGE: higlint mcp [--root DIR] [--config FILE] [--file-timeout SECONDS]

    A Model Context Protocol server on standard input and output, for coding agents. Tools: lint_code, lint_paths,
    explain_rule, list_rules, fix_code. It never writes a file, and lint_paths reads only inside the root.

    OPTIONS:
      --root DIR               The folder lint_paths may read (default: the current folder).
      --config FILE            Use this configuration file instead of the .higlint.json files above each file.
      --file-timeout SECONDS   Give up on a file that takes longer and say so (default: 60; 0: no limit).

    """
