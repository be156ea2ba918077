import Foundation

/// The identity of a run read from a file, derived from the file's bytes: the same file imported
/// on a device and uploaded to a server is the same run everywhere, and storing it twice stores it
/// once.
public enum RunID {
    /// The id of the run in a file with these bytes: the first 16 bytes of their SHA-256 as a
    /// UUID, with the version bits set to 4 and the variant bits to RFC 4122 (so it reads as an
    /// ordinary random UUID).
    public static func forContent(_ data: Data) -> UUID {
        forDigest(SHA256.digest(data))
    }

    /// The id for content whose SHA-256 is `digest` (when the caller needs the digest too).
    public static func forDigest(_ digest: [UInt8]) -> UUID {
        var bytes = Array(digest.prefix(16))
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
