import Foundation

/// A JSON-RPC 2.0 error: code, message, and optional data.
public struct RPCError: Error, Sendable, Equatable {
    public var code: Int
    public var message: String
    public var data: JSON?

    public init(code: Int, message: String, data: JSON? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    /// LSP: a request before `initialize`.
    public static let serverNotInitializedCode = -32002
    /// LSP: the client cancelled the request (`$/cancelRequest`).
    public static let requestCancelledCode = -32800

    public static func parseError(_ detail: String) -> RPCError { RPCError(code: parseErrorCode, message: "Parse error: \(detail)") }
    public static func invalidRequest(_ detail: String) -> RPCError { RPCError(code: invalidRequestCode, message: "Invalid request: \(detail)") }
    public static func methodNotFound(_ method: String) -> RPCError { RPCError(code: methodNotFoundCode, message: "Method not found: \(method)") }
    public static func invalidParams(_ detail: String) -> RPCError { RPCError(code: invalidParamsCode, message: "Invalid params: \(detail)") }

    var json: JSON {
        var members: [String: JSON] = ["code": JSON(code), "message": .string(message)]
        if let data { members["data"] = data }
        return .object(members)
    }
}

/// A message that cannot be handled, and the id to answer its error to (`null` when it has none).
public struct RPCFailure: Error, Sendable {
    public var id: JSON
    public var error: RPCError
}

/// One incoming JSON-RPC message.
public enum RPCMessage: Equatable, Sendable {
    case request(id: JSON, method: String, params: JSON)
    case notification(method: String, params: JSON)
    /// A response to a request this server sent (LSP's `client/registerCapability`).
    case response(id: JSON, result: JSON?, error: JSON?)

    /// Reads a message body. A body that is not JSON is a parse error; JSON that is not a JSON-RPC message is an
    /// invalid request, answered to its `id` when it has a usable one. Batches are not part of LSP or of MCP's
    /// current protocol, and are refused as invalid requests.
    public static func decode(_ body: Data) -> Result<RPCMessage, RPCFailure> {
        let json: JSON
        do {
            json = try JSON.parse(body)
        } catch {
            return .failure(RPCFailure(id: .null, error: .parseError("the message is not valid JSON")))
        }
        guard case .object(let members) = json else {
            return .failure(RPCFailure(id: .null, error: .invalidRequest("a message must be a JSON object")))
        }
        var id: JSON? = members["id"]
        switch id {
        case .string?, .integer?, .number?, nil: break
        case .null?: id = nil
        default: return .failure(RPCFailure(id: .null, error: .invalidRequest("\"id\" must be a number or a string")))
        }
        guard members["jsonrpc"] == "2.0" else {
            return .failure(RPCFailure(id: id ?? .null, error: .invalidRequest("\"jsonrpc\" must be \"2.0\"")))
        }
        guard let methodValue = members["method"] else {
            if let id, members["result"] != nil || members["error"] != nil {
                return .success(.response(id: id, result: members["result"], error: members["error"]))
            }
            return .failure(RPCFailure(id: id ?? .null, error: .invalidRequest("no \"method\"")))
        }
        guard let method = methodValue.string else {
            return .failure(RPCFailure(id: id ?? .null, error: .invalidRequest("\"method\" must be a string")))
        }
        let params = members["params"] ?? .null
        switch params {
        case .object, .array, .null: break
        default: return .failure(RPCFailure(id: id ?? .null, error: .invalidRequest("\"params\" must be an object or an array")))
        }
        if let id { return .success(.request(id: id, method: method, params: params)) }
        return .success(.notification(method: method, params: params))
    }
}

extension MessageWriter {
    func respond(to id: JSON, result: JSON) {
        send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    func respond(to id: JSON, error: RPCError) {
        send(["jsonrpc": "2.0", "id": id, "error": error.json])
    }

    func notify(_ method: String, _ params: JSON) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }
}

/// Reads params: each accessor throws an invalid-params error that names what is missing or wrong.
struct Params {
    let json: JSON

    func string(_ key: String) throws(RPCError) -> String {
        guard let value = json[key]?.string else { throw .invalidParams("\"\(key)\" must be a string") }
        return value
    }

    func object(_ key: String) throws(RPCError) -> Params {
        guard let value = json[key], value.object != nil else { throw .invalidParams("\"\(key)\" must be an object") }
        return Params(json: value)
    }

    func integer(_ key: String) throws(RPCError) -> Int {
        guard let value = json[key]?.integer else { throw .invalidParams("\"\(key)\" must be an integer") }
        return value
    }

    func array(_ key: String) throws(RPCError) -> [JSON] {
        guard let value = json[key]?.array else { throw .invalidParams("\"\(key)\" must be an array") }
        return value
    }
}
