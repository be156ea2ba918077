import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum TestSocketError: Error { case failed(String) }

/// A listening IPv4 TCP socket on 127.0.0.1 with a kernel-chosen port.
private func listeningSocket() throws -> (fd: Int32, port: Int) {
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw TestSocketError.failed("socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 4) == 0 else { throw TestSocketError.failed("bind/listen") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
}

enum FreePort {
    /// A port nothing listens on right now (bound, then released).
    static func find() throws -> Int {
        let (fd, port) = try listeningSocket()
        close(fd)
        return port
    }
}

/// A one-connection stand-in for gpsd: reads the client's command, sends `lines`, closes.
final class FakeGPSDServer: @unchecked Sendable {
    let port: Int
    private let lock = NSLock()
    // Guarded by `lock`.
    private var receivedText = ""

    init(lines: [String]) throws {
        let (fd, port) = try listeningSocket()
        self.port = port
        let thread = Thread { [self] in
            defer { close(fd) }
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            defer { close(client) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            var text = ""
            while !text.contains(";") {
                let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                if count <= 0 { break }
                text += String(decoding: buffer[0..<count], as: UTF8.self)
            }
            lock.withLock { receivedText = text }
            let payload = Array(lines.map { $0 + "\r\n" }.joined().utf8)
            _ = payload.withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) }
        }
        thread.start()
    }

    /// What the client sent before the server answered.
    func received() -> String { lock.withLock { receivedText } }
}
