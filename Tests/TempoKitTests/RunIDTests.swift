import Foundation
import Testing
import TempoKit

/// A file's run id is its SHA-256's first 16 bytes as a version 4 UUID; the expected ids are
/// Python's (`hashlib.sha256(b).digest()[:16]` with the version and variant bits set, read by `uuid.UUID`).
struct RunIDTests {
    @Test(arguments: [
        ("", "E3B0C442-98FC-4C14-9AFB-F4C8996FB924"),
        ("abc", "BA7816BF-8F01-4FEA-8141-40DE5DAE2223"),
    ])
    func theIDIsTheDigestsFirstBytesAsAVersion4UUID(content: String, expected: String) {
        #expect(RunID.forContent(Data(content.utf8)).uuidString == expected)
    }

    @Test func differentBytesGiveDifferentIDs() {
        #expect(RunID.forContent(Data("run a".utf8)) != RunID.forContent(Data("run b".utf8)))
    }
}
