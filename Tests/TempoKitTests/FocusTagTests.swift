import Foundation
import TempoKit
import Testing

/// A session's tags: trimmed of white space, U+001F (the store's separator) read as a space,
/// empty and repeated ones dropped, the rest kept as given.
@Suite struct FocusTagTests {
    /// ``FocusSession/normalized(_:)`` skips Foundation's trimming for tags that need none; over
    /// random tags made of ASCII, white space of every kind, U+001F, combining marks and
    /// non-ASCII letters, it equals the plain rule (Foundation's trimming, then dropping empty
    /// and repeated tags).
    @Test func normalizedIsThePlainRule() {
        let pieces = ["a", "Z", "x y", " ", "\t", "\n", "\u{1F}", "\u{A0}", "\u{2003}", "\u{3000}", "ü", "u\u{308}", "\u{301}", "~", "-", "😀", ""]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let tags = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            }
            var seen = Set<String>()
            let plain = tags.compactMap { tag -> String? in
                let trimmed = tag.replacingOccurrences(of: "\u{1F}", with: " ").trimmingCharacters(in: .whitespacesAndNewlines)
                return !trimmed.isEmpty && seen.insert(trimmed).inserted ? trimmed : nil
            }
            #expect(FocusSession.normalized(tags) == plain, "\(tags.map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
        }
    }
}
