#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Logging
import MCP

/// JSON-RPC messages a line each over two file descriptors, read by a thread of its own that
/// blocks in `read` and written with blocking `write`s. The SDK's stdio transport polls a
/// non-blocking descriptor and sleeps 10 ms whenever nothing is there, which made every call
/// take 10 ms where the command takes a fraction of one.
actor LineTransport: Transport {
    nonisolated let logger = Logger(label: "strut.mcp", factory: { _ in SwiftLogNoOpLogHandler() })
    private nonisolated let messages: AsyncThrowingStream<Data, Error>
    private let continuation: AsyncThrowingStream<Data, Error>.Continuation
    private let input: Int32
    private let output: Int32
    private var reading = false

    init(input: Int32 = 0, output: Int32 = 1) {
        (messages, continuation) = AsyncThrowingStream.makeStream()
        self.input = input
        self.output = output
    }

    func connect() async throws {
        guard !reading else { return }
        reading = true
        let (descriptor, continuation) = (input, self.continuation)
        let reader = Thread { LineTransport.readLines(from: descriptor, into: continuation) }
        reader.start()
    }

    /// Reads until the end of input, yielding each non-empty line.
    static func readLines(from descriptor: Int32, into continuation: AsyncThrowingStream<Data, Error>.Continuation) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending += buffer[..<count]
            var start = 0
            while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                if end > start { continuation.yield(Data(pending[start..<end])) }
                start = end + 1
            }
            pending.removeFirst(start)
        }
        if !pending.isEmpty { continuation.yield(Data(pending)) }
        continuation.finish()
    }

    func disconnect() async {
        continuation.finish()
    }

    func send(_ data: Data) async throws {
        var bytes = [UInt8](data)
        bytes.append(UInt8(ascii: "\n"))
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw MCPError.transportError(POSIXError(.EPIPE)) }
            written += count
        }
    }

    nonisolated func receive() -> AsyncThrowingStream<Data, Error> {
        messages
    }
}
