import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// One HTTP/1.1 request and its response over a fresh TCP connection, on SwiftNIO (which the
/// binary already links for `tempo serve`). Not URLSession: FoundationNetworking would load
/// libcurl and some thirty more libraries at the start of every `tempo` command, sync or not.
/// Plain `http://` only.
enum HTTPExchange {
    /// A failure before a response arrived.
    enum Failure: Error {
        case cannotConnect(String)
        case timedOut
        case connectionClosed
    }

    /// Sends `method path` with `body` to `host:port`; returns the status and the body.
    static func send(
        host: String, port: Int, method: String, path: String, headers: [(String, String)], body: Data?, timeout: Duration
    ) async throws -> (status: Int, body: Data) {
        try await withThrowingTaskGroup(of: (status: Int, body: Data).self) { group in
            group.addTask { try await exchange(host: host, port: port, method: method, path: path, headers: headers, body: body) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw Failure.timedOut
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw Failure.connectionClosed }
            return first
        }
    }

    private static func exchange(
        host: String, port: Int, method: String, path: String, headers: [(String, String)], body: Data?
    ) async throws -> (status: Int, body: Data) {
        let channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(10))
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw Failure.cannotConnect(reason(error))
        }
        return try await channel.executeThenClose { inbound, outbound in
            var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method), uri: path)
            head.headers.add(name: "Host", value: "\(host):\(port)")
            head.headers.add(name: "Connection", value: "close")
            head.headers.add(name: "Content-Length", value: "\(body?.count ?? 0)")
            for (name, value) in headers { head.headers.add(name: name, value: value) }
            var unsent: (any Error)?
            do {
                try await outbound.write(.head(head))
                if let body, !body.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
                try await outbound.write(.end(nil))
            } catch {
                // A server may answer before it has read the whole request (a refusal) and close the
                // connection: its answer is still read below; without one, this is the failure.
                unsent = error
            }
            var status = 0
            var received = Data()
            do {
                for try await part in inbound {
                    switch part {
                    case .head(let response): status = Int(response.status.code)
                    case .body(let buffer): received.append(contentsOf: buffer.readableBytesView)
                    case .end: return (status, received)
                    }
                }
            } catch {
                throw unsent ?? error
            }
            throw unsent ?? Failure.connectionClosed
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError, let first = error.connectionErrors.first {
            return "\(first.error)"
        }
        return "\(error)"
    }
}
