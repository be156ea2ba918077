import Foundation

/// Failed sign-ins remembered per account and per client address: after `limit` failures
/// within `window` seconds, either key is refused (429) until the oldest failure ages out,
/// so guessing one account's password from many addresses, or many accounts' from one
/// address, is slowed alike.
actor LoginThrottle {
    static let limit = 5
    static let window: TimeInterval = 60

    private var failures: [String: [Date]] = [:]

    /// Seconds until `keys` may try again (nil: now).
    func retryAfter(_ keys: [String], now: Date) -> TimeInterval? {
        let waits = keys.compactMap { key -> TimeInterval? in
            let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < Self.window }
            failures[key] = recent.isEmpty ? nil : recent
            guard recent.count >= Self.limit, let oldest = recent.first else { return nil }
            return Self.window - now.timeIntervalSince(oldest)
        }
        return waits.max()
    }

    /// Notes a failed attempt under each of `keys`.
    func fail(_ keys: [String], now: Date) {
        for key in keys { failures[key, default: []].append(now) }
    }

    /// Forgets the account's failures after a successful sign-in (not the address's).
    func succeed(_ key: String) {
        failures[key] = nil
    }
}
