import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking TCP connection to gpsd, used from one reader thread; `shutdown()` may be called
/// from any thread to wake that reader (this is why it is a lock-protected class).
final class GPSDSocket: @unchecked Sendable {
    let host: String
    let port: Int
    private let lock = NSLock()
    // Guarded by `lock`: -1 when closed.
    private var descriptor: Int32 = -1
    private var isShutDown = false

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Resolves `host` and connects; throws a one-line `GPSDError`.
    func connect() throws(GPSDError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .cannotResolve(host: host, port: port, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = ECONNREFUSED
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if fd < 0 {
                lastError = errno
                continue
            }
            if Foundation.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                lock.lock()
                let cancelled = isShutDown
                if !cancelled { descriptor = fd }
                lock.unlock()
                if cancelled {
                    close(fd)
                    throw .connectionFailed(host: host, port: port, reason: "cancelled")
                }
                return
            }
            lastError = errno
            close(fd)
        }
        throw .cannotConnect(host: host, port: port, reason: String(cString: strerror(lastError)))
    }

    /// Sends all of `text`.
    func send(_ text: String) throws(GPSDError) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let fd = currentDescriptor()
            let count = bytes[sent...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(fd, buffer.baseAddress, buffer.count, 0)
                #endif
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .connectionFailed(host: host, port: port, reason: String(cString: strerror(errno)))
            }
            sent += count
        }
    }

    /// Up to 64 KiB; empty at the end of the connection (or after `shutdown()`).
    func receive() throws(GPSDError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let fd = currentDescriptor()
            guard fd >= 0 else { return [] }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 { return Array(buffer[0..<count]) }
            if count == 0 { return [] }
            if errno == EINTR { continue }
            if isClosing() { return [] }
            throw .connectionFailed(host: host, port: port, reason: String(cString: strerror(errno)))
        }
    }

    /// Wakes a blocked `receive()`, which then returns end of stream; safe from any thread.
    func shutdown() {
        lock.lock()
        defer { lock.unlock() }
        isShutDown = true
        #if canImport(Glibc)
        if descriptor >= 0 { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
        #else
        if descriptor >= 0 { _ = Darwin.shutdown(descriptor, SHUT_RDWR) }
        #endif
    }

    /// Closes the descriptor; call once, from the reader thread, when done.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        if descriptor >= 0 { _ = closeDescriptor(descriptor) }
        descriptor = -1
    }

    private func currentDescriptor() -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        return descriptor
    }

    private func isClosing() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return isShutDown
    }

    private func close(_ fd: Int32) { _ = closeDescriptor(fd) }

    private func closeDescriptor(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.close(fd)
        #else
        Darwin.close(fd)
        #endif
    }
}
