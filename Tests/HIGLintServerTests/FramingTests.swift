import Foundation
import Testing
@testable import HIGLintServer

/// A reader over fixed chunks, as if they arrived one `read` at a time.
private func reader(_ framing: Framing, _ chunks: [String], maximumSize: Int = 1 << 20) -> MessageReader {
    var remaining = chunks.map { Array($0.utf8) }[...]
    return MessageReader(framing: framing, maximumSize: maximumSize) { remaining.popFirst() }
}

private func bodies(_ reader: MessageReader) -> [String] {
    var result: [String] = []
    while let frame = reader.next() {
        switch frame {
        case .success(let data): result.append(String(decoding: data, as: UTF8.self))
        case .failure(let error): result.append("error: \(error)")
        }
    }
    return result
}

@Suite("Message framing")
struct FramingTests {
    @Test("reads Content-Length frames split across reads and packed into one")
    func contentLengthFrames() {
        let one = #"{"a":1}"#
        let two = #"{"b":"é"}"#
        let stream = "Content-Length: \(one.utf8.count)\r\n\r\n\(one)Content-Length: \(two.utf8.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n\(two)"
        let split = stream.utf8.indices.count / 3
        let parts = [String(stream.prefix(split)), String(stream.dropFirst(split).prefix(split)), String(stream.dropFirst(2 * split))]
        #expect(bodies(reader(.contentLength, parts)) == [one, two])
        #expect(bodies(reader(.contentLength, [stream])) == [one, two])
    }

    @Test("counts Content-Length in bytes, not characters")
    func contentLengthCountsBytes() {
        let body = #"{"text":"👍🏽 Überschrift"}"#
        #expect(bodies(reader(.contentLength, ["Content-Length: \(body.utf8.count)\r\n\r\n" + body])) == [body])
    }

    @Test("skips a header block without Content-Length and goes on")
    func missingContentLength() {
        let body = #"{"ok":true}"#
        let result = bodies(reader(.contentLength, ["Content-Type: x\r\n\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"]))
        #expect(result.count == 2)
        #expect(result.first?.hasPrefix("error: missingContentLength") == true)
        #expect(result.last == body)
    }

    @Test("reads past a message larger than the limit and reads the next one")
    func tooLarge() {
        let big = String(repeating: "x", count: 5000)
        let body = #"{"ok":true}"#
        let result = bodies(reader(.contentLength, ["Content-Length: 5000\r\n\r\n", big, "Content-Length: 11\r\n\r\n\(body)"], maximumSize: 1000))
        #expect(result == ["error: tooLarge(5000)", body])
    }

    @Test("ends at a body cut short by the end of input")
    func truncatedBody() {
        #expect(bodies(reader(.contentLength, ["Content-Length: 100\r\n\r\n{\"a\":"])) == [])
    }

    @Test("reads newline-delimited messages, with CRLF and blank lines, and a last line without a break")
    func newlineDelimited() {
        let result = bodies(reader(.newlineDelimited, ["{\"a\":1}\r\n\n  \n{\"b\"", ":2}\n{\"c\":3}"]))
        #expect(result == [#"{"a":1}"#, #"{"b":2}"#, #"{"c":3}"#])
    }

    @Test("drops a line longer than the limit and keeps the next")
    func newlineTooLong() {
        let long = String(repeating: "y", count: 3000)
        let result = bodies(reader(.newlineDelimited, [long, long, "\n{\"d\":4}\n"], maximumSize: 1000))
        #expect(result == ["error: tooLarge(1000)", #"{"d":4}"#])
    }

    @Test("writes a Content-Length header counting UTF-8 bytes, and one line per newline-delimited message")
    func writing() {
        final class Sink: @unchecked Sendable { var data = Data() }
        let sink = Sink()
        MessageWriter(framing: .contentLength) { sink.data.append($0) }.send(["t": "é\n"])
        #expect(String(decoding: sink.data, as: UTF8.self) == "Content-Length: 12\r\n\r\n{\"t\":\"é\\n\"}")
        let lines = Sink()
        MessageWriter(framing: .newlineDelimited) { lines.data.append($0) }.send(["a": [1, 2.5, nil, true]])
        #expect(String(decoding: lines.data, as: UTF8.self) == "{\"a\":[1,2.5,null,true]}\n")
    }
}

@Suite("JSON-RPC messages")
struct MessageTests {
    private func decode(_ text: String) -> Result<RPCMessage, RPCFailure> { RPCMessage.decode(Data(text.utf8)) }

    @Test("tells requests, notifications and responses apart")
    func kinds() throws {
        #expect(try decode(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"x":1}}"#).get() == .request(id: 1, method: "m", params: ["x": 1]))
        #expect(try decode(#"{"jsonrpc":"2.0","method":"n"}"#).get() == .notification(method: "n", params: .null))
        #expect(try decode(#"{"jsonrpc":"2.0","id":"a","result":null}"#).get() == .response(id: "a", result: .null, error: nil))
    }

    @Test("answers malformed messages with the error codes JSON-RPC names")
    func malformed() {
        func code(_ text: String) -> Int? {
            if case .failure(let failure) = decode(text) { return failure.error.code }
            return nil
        }
        #expect(code("{not json") == RPCError.parseErrorCode)
        #expect(code("[1,2]") == RPCError.invalidRequestCode)
        #expect(code(#"{"jsonrpc":"1.0","id":1,"method":"m"}"#) == RPCError.invalidRequestCode)
        #expect(code(#"{"jsonrpc":"2.0","id":1,"method":7}"#) == RPCError.invalidRequestCode)
        #expect(code(#"{"jsonrpc":"2.0","id":{},"method":"m"}"#) == RPCError.invalidRequestCode)
        #expect(code(#"{"jsonrpc":"2.0","id":1,"method":"m","params":3}"#) == RPCError.invalidRequestCode)
    }

    @Test("keeps the id of an invalid request so the error can be answered to it")
    func invalidRequestKeepsID() {
        guard case .failure(let failure) = decode(#"{"jsonrpc":"2.0","id":9,"params":{}}"#) else {
            Issue.record("expected an invalid request")
            return
        }
        #expect(failure.id == 9)
    }

    @Test("refuses JSON nested deeper than the decoder allows instead of exhausting the stack")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .failure(let failure) = decode(deep) else {
            Issue.record("expected an error")
            return
        }
        #expect(failure.error.code == RPCError.parseErrorCode || failure.error.code == RPCError.invalidRequestCode)
    }
}
