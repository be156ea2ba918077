import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-connection stand-in for gpsd on 127.0.0.1 (kernel-chosen port): waits for the client's
/// `?WATCH=...;` command, sends `lines`, closes.
final class PlaceFakeGPSD: @unchecked Sendable {
    struct Failure: Error { var what: String }

    let port: Int

    init(lines: [String]) throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(what: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 4) == 0 else { throw Failure(what: "bind/listen") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        // The thread only touches its own copies (fd, lines), hence @unchecked Sendable is safe.
        let thread = Thread {
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
            let payload = Array(lines.map { $0 + "\r\n" }.joined().utf8)
            _ = payload.withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) }
        }
        thread.start()
    }

    /// A gpsd TPV report (3-D fix) for a time and place; `eph` is gpsd's 95 % horizontal error, metres.
    static func tpv(_ time: Date, latitude: Double, longitude: Double, eph: Double = 10) -> String {
        let formatter = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        return "{\"class\":\"TPV\",\"device\":\"/dev/ttyUSB0\",\"mode\":3,\"time\":\"\(time.formatted(formatter))\","
            + "\"lat\":\(latitude),\"lon\":\(longitude),\"eph\":\(eph)}"
    }
}
