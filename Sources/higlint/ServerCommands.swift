import Foundation
import HIGLintProject
import HIGLintServer

/// The options of `higlint lsp` and `higlint mcp`.
struct ServerOptions {
    var configurationPath: String?
    /// `--file-timeout`: seconds one buffer may take (0: no limit).
    var fileTimeout: Double = 60
    var debounceMilliseconds = 25
    var root: String?
    var words: [String] = []
}

private let configOption = SharedOptions.configuration(\ServerOptions.configurationPath)
private let timeoutOption = SharedOptions.fileTimeout(\ServerOptions.fileTimeout)

let lspCommand = CommandSpec<ServerOptions>(
    name: "lsp", usage: "higlint lsp [--config FILE] [--file-timeout SECONDS] [--debounce MILLISECONDS]",
    summary: "Serve editors over the Language Server Protocol on standard input and output.",
    options: [
        configOption, timeoutOption,
        Option(["--debounce"], value: "MILLISECONDS", help: "Wait this long after a change before linting (default: 25).") { options, text throws(UsageError) in
            guard let milliseconds = Int(text), milliseconds >= 0 else { throw UsageError(message: "--debounce needs a number of milliseconds, not '\(text)'") }
            options.debounceMilliseconds = milliseconds
        },
    ],
    notes: "Findings as diagnostics while you type, fixes and suppressions as code actions, a rule's explanation on\nhover. It never writes a file.\n")

let mcpCommand = CommandSpec<ServerOptions>(
    name: "mcp", usage: "higlint mcp [--root DIR] [--config FILE] [--file-timeout SECONDS]",
    summary: "Serve coding agents over the Model Context Protocol on standard input and output.",
    options: [
        Option(["--root"], value: "DIR", help: "The folder the server may read; no file outside it is opened (default: the current folder).") { options, path throws(UsageError) in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError(message: "--root: no such folder: \(path)")
            }
            options.root = path
        },
        configOption, timeoutOption,
    ],
    notes: "Tools: lint_code, lint_paths, explain_rule, list_rules, fix_code. It never writes a file, and reads only\ninside the root (and a --config file named here).\n")

/// Runs `higlint lsp` or `higlint mcp` until its client goes; `nil` when the arguments name neither command.
func runServerCommand(_ arguments: [String]) -> Int32? {
    let commands: [CommandSpec<ServerOptions>] = [lspCommand, mcpCommand]
    if arguments.first == ParseProbe.command { return ParseProbe.serve() }
    guard let name = arguments.first, let command = commands.first(where: { $0.name == name }) else { return nil }
    var options = ServerOptions()
    do throws(UsageError) {
        guard try command.parse(arguments.dropFirst(), into: &options, path: { $0.words.append($1) }) else {
            print(command.help, terminator: "")
            return 0
        }
        guard options.words.isEmpty else { throw UsageError(message: "usage: \(command.usage)") }
    } catch {
        writeErrorLine("higlint: error: \(error.message)")
        return 2
    }
    // A client that goes away must not kill the server with SIGPIPE before it sees its input end.
    signal(SIGPIPE, SIG_IGN)
    if name == "lsp" {
        var serverOptions = LanguageServer.Options()
        serverOptions.configurationPath = options.configurationPath
        serverOptions.timeLimit = options.fileTimeout > 0 ? options.fileTimeout : nil
        serverOptions.debounce = Double(options.debounceMilliseconds) / 1000
        serverOptions.version = version
        let server = LanguageServer(options: serverOptions, writer: MessageWriter(framing: .contentLength, fileDescriptor: 1))
        return onLargeStack { server.run(reader: MessageReader(framing: .contentLength, fileDescriptor: 0)) }
    }
    // The root is the boundary of what the server reads: sources, configuration, projects and image sets, and
    // lint_code's file_name. Only a --config file named on the command line may lie outside it.
    let root = options.root ?? FileManager.default.currentDirectoryPath
    ReadBoundary.confine(to: root, allowing: options.configurationPath.map { [$0] } ?? [])
    let workspace = Workspace(root: root,
                              configurationPath: options.configurationPath,
                              timeLimit: options.fileTimeout > 0 ? options.fileTimeout : nil)
    workspace.parseProbe = ParseProbe.ofThisProcess
    let server = MCPServer(workspace: workspace, writer: MessageWriter(framing: .newlineDelimited, fileDescriptor: 1))
    server.version = version
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
