import Foundation
import TempoKit
@testable import TempoServer
import Testing

/// The fast reader of fix batches agrees with Foundation's `JSONDecoder` (the oracle, through
/// `FixBatch`'s decoding) on every body it reads, and reads the plain bodies clients send.
struct FixBatchScannerTests {
    /// The seeded generator the other server tests use, so a failure can be replayed.
    typealias SplitMix = SameNumbersTests.Random

    /// A value for `key`: usually valid, sometimes one of the ways clients get it wrong.
    static func value(_ key: String, _ rng: inout SplitMix) -> String {
        let odd = Int.random(in: 0..<10, using: &rng) == 0
        switch key {
        case "lat", "lon", "accuracy_m":
            if odd {
                return ["01", "+1", "1.", ".5", "1e", "-", "1e400", "\"5\"", "true", "NaN", "-0", "1E2", "2.5e-3", "null", "[1]", "95", "-181"]
                    .randomElement(using: &rng)!
            }
            let bound = key == "lat" ? 90.0 : key == "lon" ? 180.0 : 50
            let number = Double.random(in: (key == "accuracy_m" ? 0 : -bound)...bound, using: &rng)
            return [String(number), String(format: "%.6f", number), String(Int(number))].randomElement(using: &rng)!
        default:
            if odd {
                return ["\"2026-11-18T09:00:00\"", "\"2026-11-18T09:00:00\\u005A\"", "\"2026-02-30T09:00:00Z\"", "\"\"", "5", "null",
                        "\"2026-11-18 09:00:00+09:00\"", "\"2026-11-18T09:00:00.5+09:00\""].randomElement(using: &rng)!
            }
            let seconds = Int.random(in: 0..<86_400, using: &rng)
            return String(format: "\"2026-11-18T%02d:%02d:%02d%@\"", seconds / 3600, seconds / 60 % 60, seconds % 60,
                          ["Z", "+09:00", "-05:30", ".250Z"].randomElement(using: &rng)!)
        }
    }

    static func body(_ rng: inout SplitMix) -> String {
        let space = { (rng: inout SplitMix) in ["", " ", "\n  ", "\t"].randomElement(using: &rng)! }
        var fixes: [String] = []
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
            var keys = ["lat", "lon", "time"]
            if Bool.random(using: &rng) { keys.append("accuracy_m") }
            if Int.random(in: 0..<12, using: &rng) == 0 { keys.removeLast() }
            if Int.random(in: 0..<12, using: &rng) == 0 { keys.append(["lat", "speed", "time"].randomElement(using: &rng)!) }
            keys.shuffle(using: &rng)
            let members = keys.map { "\(space(&rng))\"\($0)\"\(space(&rng)):\(space(&rng))\(value($0, &rng))" }
            fixes.append("{" + members.joined(separator: ",") + space(&rng) + "}")
        }
        var body = "{\(space(&rng))\"fixes\":\(space(&rng))[" + fixes.joined(separator: "," + space(&rng)) + "]\(space(&rng))}"
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: body = body.replacingOccurrences(of: "\"fixes\"", with: "\"fixes\",\"x\":1,\"fixes\"")
        case 1: body += "x"
        case 2: body = String(body.dropLast())
        case 3: body = body.replacingOccurrences(of: "\"fixes\"", with: "\"fix\\u0065s\"")
        default: break
        }
        return body
    }

    @Test func theScannerReadsWhatTheDecoderReadsAndNothingElse() throws {
        var rng = SplitMix(state: 20_261_125)
        var scanned = 0
        for _ in 0..<5_000 {
            let text = Self.body(&rng)
            let data = Data(text.utf8)
            let decoded = try? JSONDecoder().decode(FixBatch.self, from: data).fixes
            guard let fast = FixBatchScanner.fixes(in: data) else { continue }
            scanned += 1
            #expect(decoded == fast, "\(text)")
        }
        #expect(scanned > 1_000, "the scanner should read most plain bodies")
    }

    @Test func aPlainBatchTakesTheFastPath() throws {
        let fixes = (0..<1000).map { index in
            #"{"lat": 37.5\#(index), "lon": 126.97, "time": "2026-11-18T09:00:\#(String(format: "%02d", index % 60))Z", "accuracy_m": 5}"#
        }
        let body = Data(#"{"fixes": [\#(fixes.joined(separator: ","))]}"#.utf8)
        let fast = try #require(FixBatchScanner.fixes(in: body))
        #expect(fast == (try JSONDecoder().decode(FixBatch.self, from: body)).fixes)
        #expect(fast.count == 1000)
    }
}
