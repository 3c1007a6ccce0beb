import Foundation
import HIGLintCore
import HIGLintRules

/// `higlint mcp`: the Model Context Protocol over standard input and output (newline-delimited JSON-RPC).
///
/// Tools only: an agent writes SwiftUI, checks it (`lint_code`, `lint_paths`), reads why (`explain_rule`,
/// `list_rules`) and fixes it (`fix_code`). Nothing is written to disk. Bad input to a tool is a tool result
/// with `isError` and a sentence saying what is wrong, as MCP asks, so the agent can correct itself; only
/// protocol mistakes (an unknown tool or method, malformed messages) are JSON-RPC errors.
public final class MCPServer: @unchecked Sendable {
    static let protocolVersions = ["2025-06-18", "2025-11-25", "2025-03-26", "2024-11-05"]

    let workspace: Workspace
    /// What `serverInfo` says: the command line's version.
    public var version = "0"
    private let writer: MessageWriter
    private var surveyed = false

    public init(workspace: Workspace, writer: MessageWriter) {
        self.workspace = workspace
        self.writer = writer
    }

    /// Serves messages until the end of input.
    public func run(reader: MessageReader) {
        while let frame = reader.next() {
            switch frame {
            case .failure(.tooLarge(let size)):
                writer.respond(to: .null, error: .invalidRequest("a message of more than \(size) bytes is larger than the server accepts"))
            case .failure(.missingContentLength):
                break
            case .success(let body):
                if let reply = handle(body) { writer.send(reply) }
            }
        }
    }

    /// The reply to one message body, `nil` for notifications and responses.
    public func handle(_ body: Data) -> JSON? {
        switch RPCMessage.decode(body) {
        case .failure(let failure):
            return ["jsonrpc": "2.0", "id": failure.id, "error": failure.error.json]
        case .success(.notification), .success(.response):
            return nil
        case .success(.request(let id, let method, let params)):
            do throws(RPCError) {
                return ["jsonrpc": "2.0", "id": id, "result": try answer(method, params)]
            } catch {
                return ["jsonrpc": "2.0", "id": id, "error": error.json]
            }
        }
    }

    private func answer(_ method: String, _ params: JSON) throws(RPCError) -> JSON {
        switch method {
        case "initialize":
            let requested = params["protocolVersion"]?.string ?? Self.protocolVersions[0]
            startSurvey()
            return [
                "protocolVersion": .string(Self.protocolVersions.contains(requested) ? requested : Self.protocolVersions[0]),
                "capabilities": ["tools": ["listChanged": false]],
                "serverInfo": ["name": "higlint", "version": .string(version)],
                "instructions": """
                    HIGLint checks SwiftUI code against Apple's Human Interface Guidelines for content views (lists, \
                    grids, charts, images, text, web views, sharing). Write a view, call lint_code on it, read \
                    explain_rule for any finding you do not understand, and call fix_code to apply the mechanical fixes.
                    """,
            ]
        case "ping":
            return [:]
        case "tools/list":
            return ["tools": .array(MCPTools.definitions)]
        case "tools/call":
            guard let name = params["name"]?.string else { throw .invalidParams("\"name\" must be a string") }
            guard let tool = MCPTools.Tool(rawValue: name) else {
                throw .invalidParams("unknown tool '\(name)'; tools/list lists them")
            }
            let arguments = params["arguments"] ?? [:]
            guard case .object(let members) = arguments else { throw .invalidParams("\"arguments\" must be an object") }
            return MCPTools(workspace: workspace).call(tool, Arguments(members: members))
        default:
            throw .methodNotFound(method)
        }
    }

    /// Surveys the root once, in the background, so that `lint_code` sees the module's facts.
    private func startSurvey() {
        guard !surveyed else { return }
        surveyed = true
        let workspace = workspace
        DispatchQueue.global().async { workspace.survey() }
    }
}

/// A tool's arguments, read with messages that tell an agent what to send instead.
struct Arguments {
    struct Problem: Error {
        var message: String
    }

    let members: [String: JSON]

    func string(_ key: String) throws(Problem) -> String {
        guard let value = members[key] else { throw Problem(message: "missing argument \"\(key)\" (a string)") }
        guard let string = value.string else { throw Problem(message: "argument \"\(key)\" must be a string") }
        return string
    }

    func optionalString(_ key: String) throws(Problem) -> String? {
        guard let value = members[key], value != .null else { return nil }
        guard let string = value.string else { throw Problem(message: "argument \"\(key)\" must be a string") }
        return string
    }

    func optionalStrings(_ key: String) throws(Problem) -> [String]? {
        guard let value = members[key], value != .null else { return nil }
        guard let array = value.array, let strings = Optional(array.compactMap(\.string)), strings.count == array.count else {
            throw Problem(message: "argument \"\(key)\" must be an array of strings")
        }
        return strings
    }

    func optionalObject(_ key: String) throws(Problem) -> JSON? {
        guard let value = members[key], value != .null else { return nil }
        guard value.object != nil else { throw Problem(message: "argument \"\(key)\" must be an object") }
        return value
    }
}
