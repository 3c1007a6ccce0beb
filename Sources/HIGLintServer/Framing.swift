import Foundation

/// How messages are delimited on the byte stream.
public enum Framing: Sendable {
    /// LSP's base protocol: `Content-Length: N\r\n\r\n` headers, then N bytes of JSON.
    case contentLength
    /// MCP's stdio transport: one JSON text per line, no embedded line breaks.
    case newlineDelimited
}

/// Splits a byte stream into JSON-RPC message bodies.
///
/// It reads through a closure (a file descriptor in the servers, chunks in tests), so it never sees more than
/// one message ahead, and it recovers from framing mistakes: a header block without `Content-Length` is
/// skipped, and a message longer than `maximumSize` is read past rather than kept.
public final class MessageReader {
    /// Why a frame yielded no message; the reader can go on after any of these.
    public enum FrameError: Error, Equatable {
        case missingContentLength(String)
        case tooLarge(Int)
    }

    private let framing: Framing
    private let maximumSize: Int
    private let readChunk: () -> [UInt8]?
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    /// - Parameter readChunk: the next bytes of the stream, `nil` (or nothing) at its end.
    public init(framing: Framing, maximumSize: Int = 64 << 20, readChunk: @escaping () -> [UInt8]?) {
        self.framing = framing
        self.maximumSize = maximumSize
        self.readChunk = readChunk
    }

    /// Reads standard input (or another descriptor) with `read(2)`.
    public convenience init(framing: Framing, fileDescriptor: Int32, maximumSize: Int = 64 << 20) {
        self.init(framing: framing, maximumSize: maximumSize) {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return nil }
                return Array(chunk[..<count])
            }
        }
    }

    /// The next message body, a frame error, or `nil` at the end of the stream.
    public func next() -> Result<Data, FrameError>? {
        switch framing {
        case .contentLength: nextFramed()
        case .newlineDelimited: nextLine()
        }
    }

    private var available: Int { buffer.count - start }

    /// Reads more bytes; false at the end of the stream.
    private func fill() -> Bool {
        guard !atEnd, let chunk = readChunk(), !chunk.isEmpty else {
            atEnd = true
            return false
        }
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer += chunk
        return true
    }

    private func firstIndex(of byte: UInt8, from offset: Int) -> Int? {
        var index = offset
        while index < buffer.count {
            if buffer[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private func nextLine() -> Result<Data, FrameError>? {
        // Bytes after `start` already searched for a line break; relative, since `fill` may move the buffer.
        var searched = 0
        var skipping = false
        while true {
            if let newline = firstIndex(of: UInt8(ascii: "\n"), from: start + searched) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = buffer[start..<end]
                start = newline + 1
                searched = 0
                if skipping { return .failure(.tooLarge(maximumSize)) }
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                return .success(Data(line))
            }
            searched = available
            if available > maximumSize {
                // Too long to keep: drop what is buffered and everything up to the next line break.
                skipping = true
                start = buffer.count
                searched = 0
            }
            guard fill() else {
                if skipping { return .failure(.tooLarge(maximumSize)) }
                let rest = buffer[start...]
                start = buffer.count
                return rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) ? nil : .success(Data(rest))
            }
        }
    }

    private func nextFramed() -> Result<Data, FrameError>? {
        // Headers end at the first empty line.
        var headerEnd: (Int, Int)?
        while headerEnd == nil {
            headerEnd = headerTerminator()
            if headerEnd == nil {
                if available > 64 << 10 {
                    // No header block is this long: the stream is not LSP; drop it up to here.
                    let junk = String(decoding: buffer[start..<min(start + 80, buffer.count)], as: UTF8.self)
                    start = buffer.count
                    return .failure(.missingContentLength(junk))
                }
                guard fill() else { return nil }
            }
        }
        let (headersEnd, bodyStart) = headerEnd!
        let headers = String(decoding: buffer[start..<headersEnd], as: UTF8.self)
        start = bodyStart
        var length: Int?
        for line in headers.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, String(parts[0]).trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                length = Int(String(parts[1]).trimmingCharacters(in: .whitespaces))
            }
        }
        guard let length, length >= 0 else { return .failure(.missingContentLength(headers)) }
        if length > maximumSize {
            var remaining = length
            while remaining > 0 {
                if available == 0, !fill() { return nil }
                let taken = min(remaining, available)
                start += taken
                remaining -= taken
            }
            return .failure(.tooLarge(length))
        }
        while available < length {
            guard fill() else { return nil }
        }
        let body = Data(buffer[start..<start + length])
        start += length
        return .success(body)
    }

    /// The end of the header text and the start of the body, when a whole header block is buffered.
    /// Headers end with `\r\n\r\n`; a bare `\n\n` is accepted from clients that write it.
    private func headerTerminator() -> (Int, Int)? {
        var index = start
        while index + 1 < buffer.count {
            if buffer[index] == UInt8(ascii: "\n") {
                if buffer[index + 1] == UInt8(ascii: "\n") { return (index, index + 2) }
                if index + 2 < buffer.count, buffer[index + 1] == UInt8(ascii: "\r"), buffer[index + 2] == UInt8(ascii: "\n") {
                    return (index, index + 3)
                }
            }
            index += 1
        }
        return nil
    }
}

/// Writes JSON-RPC messages, whole, from any thread.
public final class MessageWriter: @unchecked Sendable {
    private let framing: Framing
    private let lock = NSLock()
    private let write: (Data) -> Void

    public init(framing: Framing, write: @escaping (Data) -> Void) {
        self.framing = framing
        self.write = write
    }

    /// Writes to standard output (or another descriptor), ignoring a closed pipe: the client left.
    public convenience init(framing: Framing, fileDescriptor: Int32) {
        self.init(framing: framing) { data in
            data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = Foundation.write(fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }

    public func send(_ message: JSON) {
        let body = Data(message.serialized.utf8)
        var frame: Data
        switch framing {
        case .contentLength:
            frame = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
            frame.append(body)
        case .newlineDelimited:
            // Serialized JSON escapes every line break inside strings, so a message is one line.
            frame = body
            frame.append(UInt8(ascii: "\n"))
        }
        lock.withLock { write(frame) }
    }
}
