import Foundation

/// A value shared between tasks or threads (the key reader and the display of `run record`, the
/// zone of focus messages).
///
/// `@unchecked Sendable` because every access goes through `lock`; NSLock rather than
/// `Synchronization.Mutex`, which needs macOS 15 / iOS 18 and Tempo supports macOS 14 / iOS 17.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
