import Foundation
import Testing

@testable import TempoKit

/// The elevation profile looks for spikes a block of fixes at a time and fix by fix only where a
/// block varies by more than the spike limit. Block size 1 is the fix-by-fix reading (each fix's
/// own neighbourhood); every block size must give the same gain and loss to the last bit.
@Suite struct ElevationSpikeBlockTests {
    /// Profiles of every kind the limit meets: flat and calm, rolling hills, steep descents that
    /// move more than the limit within a block, GPS noise of 0.5–5 m, and spikes of 12–60 m on
    /// one fix or two in a row; 1 s and 5 s fixes, lengths from a few fixes to thousands.
    @Test(arguments: 1...40)
    func everyBlockSizeFindsTheSameSpikes(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        let count = [3, 9, 40, 700, 3_000][seed % 5]
        let step = seed % 3 == 0 ? 5.0 : 1.0
        let noise = [0.5, 2, 5][seed % 3], slope = [0, 0.02, -0.25, 0.6][seed % 4]
        var xs: [Double] = [], distances: [Double] = [], altitudes: [Double] = []
        var distance = 0.0, spikeLeft = 0, spike = 0.0
        for index in 0..<count {
            let speed = Double.random(in: 1...12, using: &random)
            distance += speed * step
            if spikeLeft == 0, Int.random(in: 0..<60, using: &random) == 0 {
                spikeLeft = Int.random(in: 1...2, using: &random)
                spike = Double.random(in: 12...60, using: &random) * (Bool.random(using: &random) ? 1 : -1)
            }
            var altitude = 200 + slope * distance + 15 * sin(distance / 300) + noise * random.gaussian()
            if spikeLeft > 0 {
                altitude += spike
                spikeLeft -= 1
            }
            xs.append(1_000 + Double(index) * step)
            distances.append(distance)
            altitudes.append(altitude)
        }
        var prefix = [Double](repeating: 0, count: count + 1)
        func gainAndLoss(block: Int) -> (UInt64, UInt64) {
            let (gain, loss) = xs.withUnsafeBufferPointer { xs in
                distances.withUnsafeBufferPointer { distances in
                    altitudes.withUnsafeBufferPointer { altitudes in
                        prefix.withUnsafeMutableBufferPointer { prefix in
                            ElevationProfile.gainAndLoss(xs: xs, distances: distances, altitudes: altitudes, timed: true,
                                                         prefix: prefix, spikeBlock: block)
                        }
                    }
                }
            }
            return (gain.bitPattern, loss.bitPattern)
        }
        let fixByFix = gainAndLoss(block: 1)
        for block in [2, 7, ElevationProfile.spikeBlock, 4_096] {
            #expect(gainAndLoss(block: block) == fixByFix, "block \(block)")
        }
    }
}
