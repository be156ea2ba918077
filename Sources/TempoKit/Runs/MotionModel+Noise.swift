import Foundation

extension MotionModel {
    /// The noise's growth rate, m²/s (0 on a clean track), measured from the track itself: what
    /// of the third differences of positions grows with the spacing the way a random walk's do.
    ///
    /// For a random walk of rate D the mean square of a third difference over spacing h is 6·D·h;
    /// for real motion (a runner's turns and surges: a random acceleration) it grows as h³, and a
    /// real device's smooth fixes are mostly that. Read as a random walk's rate at one and at two
    /// fixes' spacing, noise gives D₂ ≈ D₁ (white noise less) and motion alone D₂ = 4·D₁. So D is
    /// D₁ while D₂ / D₁ stays within `noiseOnlyRatio` (the scatter of noise alone: a simulated
    /// receiver reads 0.8–1.35) and falls linearly to 0 at `motionOnlyRatio`. Real devices filter
    /// their fixes before they log them: the fenix 2's runs read 1.7–2.9, its ride 4.4, and past
    /// 2.5 what is left of the noise is worth less than the turns a smoothing would cut (all four
    /// device files come closer to the devices' own totals with 2.5 than with 4, and no simulated
    /// class, noise alone, reads that high).
    struct NoiseEstimate: Sendable {
        static let noiseOnlyRatio = 1.5, motionOnlyRatio = 2.5
        private static let inverseRatioSpan = 1 / (motionOnlyRatio - noiseOnlyRatio)
        /// Third differences seen before the ratio of the two spacings is trusted.
        static let samplesBeforeRatio = 16

        /// The third differences of consecutive fixes and of every other fix.
        private var oneSpacing = NoiseScale(), twoSpacings = NoiseScale()
        /// The weights of the last four fixes' spacing, per spacing (a receiver logs at a steady
        /// rate, so they are mostly the same from one fix to the next).
        private var oneSpacingWeights = DividedDifference(), twoSpacingsWeights = DividedDifference()
        /// The current estimate, m²/s.
        private(set) var rate = 0.0
        /// Whether the estimate has seen enough fixes (60) to tell a clean track from a noisy one.
        var isSettled: Bool { oneSpacing.samples >= 120 }
        /// The part of the rate that wanders (a random walk's), m²/s: white noise, which reads twice
        /// as large at one fix's spacing as at two (20σ² over 6·h), counts in `rate` but not here,
        /// and a velocity fitted over a few seconds already averages it away.
        private(set) var wanderingRate = 0.0
        /// The rate read at one fix's spacing with nothing taken out for motion, m²/s: what the
        /// noise may be, where `rate` is what is surely noise. Every 3 s or more a rider's corners
        /// make the ratio read motion and `rate` 0, yet a stop's fixes carry their noise still; the
        /// moving/stopped test weighs velocities against this one (on such a ride through town,
        /// 0.2–0.4 m/s of noise at each light passed for movement: moving time up to 30 % long).
        var unseparatedRate: Double { oneSpacing.rate }

        /// Takes in the newest fix of `points` (the segment so far, oldest first).
        mutating func update(with points: [Point]) {
            let n = points.count
            guard n >= 4 else { return }
            // (From a buffer: the indices are in range; checking each of the 24 reads cost a tenth of this.)
            points.withUnsafeBufferPointer { points in
                Self.add(points, n - 4, n - 3, n - 2, n - 1, weights: &oneSpacingWeights, to: &oneSpacing)
                if n >= 7 { Self.add(points, n - 7, n - 5, n - 3, n - 1, weights: &twoSpacingsWeights, to: &twoSpacings) }
            }
            let one = oneSpacing.rate, two = twoSpacings.rate
            let motionShare = twoSpacings.samples >= Self.samplesBeforeRatio && one > 0 ? two / one : 1
            rate = one * min(1, max(0, (Self.motionOnlyRatio - motionShare) * Self.inverseRatioSpan))
            wanderingRate = min(rate, max(0, 2 * two - one))
        }

        /// Adds the third differences of four fixes, per axis.
        private static func add(_ points: UnsafeBufferPointer<Point>, _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int,
                                weights: inout DividedDifference, to noise: inout NoiseScale) {
            let t0 = points[i0].time, t1 = points[i1].time, t2 = points[i2].time, t3 = points[i3].time
            guard t1 > t0, t2 > t1, t3 > t2 else { return }
            weights.respace(t0, t1, t2, t3)
            let e0 = points[i0].east, n0 = points[i0].north
            let east = weights.w1 * (points[i1].east - e0) + weights.w2 * (points[i2].east - e0) + weights.w3 * (points[i3].east - e0)
            let north = weights.w1 * (points[i1].north - n0) + weights.w2 * (points[i2].north - n0) + weights.w3 * (points[i3].north - n0)
            noise.add(abs(east) * weights.scale)
            noise.add(abs(north) * weights.scale)
        }
    }

    /// The weights of a third divided difference over four fixes with the given spacing.
    ///
    /// The third divided difference, Σ xᵢ / Πⱼ≠ᵢ (tᵢ − tⱼ), is zero for any quadratic motion
    /// whatever the spacing (a device that logs every 1–8 s); 6·dt³ times it is the third
    /// difference at even spacing. Its weights sum to zero, so positions are taken from the first
    /// fix's, whose own weight is then not needed.
    struct DividedDifference: Sendable {
        /// The spacing the weights are for: t₁ − t₀, t₂ − t₁, t₃ − t₂ (seconds).
        private var spacing = (0.0, 0.0, 0.0)
        /// The weights of the second, third and fourth fix, and 6·dt³ / √(6·dt) for dt the mean spacing.
        private(set) var w1 = 0.0, w2 = 0.0, w3 = 0.0, scale = 0.0

        /// Makes the weights those of fixes at these times (computed only when the spacing changed).
        mutating func respace(_ t0: Double, _ t1: Double, _ t2: Double, _ t3: Double) {
            let d10 = t1 - t0, d21 = t2 - t1, d32 = t3 - t2
            guard d10 != spacing.0 || d21 != spacing.1 || d32 != spacing.2 else { return }
            spacing = (d10, d21, d32)
            let d20 = t2 - t0, d31 = t3 - t1, d30 = t3 - t0
            w1 = 1 / (d10 * -d21 * -d31)
            w2 = 1 / (d20 * d21 * -d32)
            w3 = 1 / (d30 * d31 * d32)
            let dt = d30 / 3
            scale = 6 * dt * dt * dt / (6 * dt).squareRoot()
        }
    }

    /// A running mean of |third difference| / √(6·dt) (the scale of a random walk's), in metres per √s.
    struct NoiseScale: Sendable {
        /// Samples after which a value far out of the mean is clipped, and the mean's memory.
        static let samplesBeforeClipping = 16, memory = 200
        /// How far out of the mean so far a value counts in full.
        static let clipFactor = 4.0
        /// E|N(0, 1)| = √(2/π): the mean of |x| for a normal x of standard deviation 1.
        static let meanAbsoluteOfStandardNormal = 0.797_884_560_802_865_4

        private(set) var mean = 0.0, samples = 0

        @inline(__always) mutating func add(_ value: Double) {
            // A turn's or a brake's onset is not noise: clip what stands far out of the noise so far.
            let sample = samples >= Self.samplesBeforeClipping ? min(value, Self.clipFactor * mean) : value
            samples += 1
            // Past `memory` samples the weight is fixed: a product, not a division, per fix.
            mean += (sample - mean) * (samples < Self.memory ? 1 / Double(samples) : Self.memoryWeight)
        }

        /// The random walk's rate this mean stands for, m²/s: (mean / E|N(0, 1)|)².
        var rate: Double { mean * mean * Self.rateScale }

        private static let memoryWeight = 1 / Double(memory)
        /// A mean |x| squared times this is the variance of the normal x it came from.
        static let rateScale = 1 / (meanAbsoluteOfStandardNormal * meanAbsoluteOfStandardNormal)
    }
}
