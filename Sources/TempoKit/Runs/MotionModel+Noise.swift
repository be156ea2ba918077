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
    /// receiver reads 0.8–1.35) and falls linearly to 0 at `motionOnlyRatio` (the fenix 2's
    /// runs read 1.7–2.9, its ride 4.4).
    struct NoiseEstimate: Sendable {
        static let noiseOnlyRatio = 1.5, motionOnlyRatio = 4.0
        /// Third differences seen before the ratio of the two spacings is trusted.
        static let samplesBeforeRatio = 16

        /// The third differences of consecutive fixes and of every other fix.
        private var oneSpacing = NoiseScale(), twoSpacings = NoiseScale()
        /// The current estimate, m²/s.
        private(set) var rate = 0.0

        /// Takes in the newest fix of `points` (the segment so far, oldest first).
        mutating func update(with points: [Point]) {
            let n = points.count
            guard n >= 4 else { return }
            Self.add(points[n - 4], points[n - 3], points[n - 2], points[n - 1], to: &oneSpacing)
            if n >= 7 { Self.add(points[n - 7], points[n - 5], points[n - 3], points[n - 1], to: &twoSpacings) }
            let one = oneSpacing.rate, two = twoSpacings.rate
            let motionShare = twoSpacings.samples >= Self.samplesBeforeRatio && one > 0 ? two / one : 1
            rate = one * min(1, max(0, (Self.motionOnlyRatio - motionShare) / (Self.motionOnlyRatio - Self.noiseOnlyRatio)))
        }

        /// Adds the third differences of four fixes, per axis.
        private static func add(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, to noise: inout NoiseScale) {
            guard p1.time > p0.time, p2.time > p1.time, p3.time > p2.time else { return }
            // The third divided difference, Σ xᵢ / Πⱼ≠ᵢ (tᵢ − tⱼ), is zero for any quadratic motion
            // whatever the spacing (a device that logs every 1–8 s); 6·dt³ times it is the third
            // difference at even spacing. Its weights sum to zero, so positions are taken from p0's.
            let d10 = p1.time - p0.time, d20 = p2.time - p0.time, d30 = p3.time - p0.time
            let d21 = p2.time - p1.time, d31 = p3.time - p1.time, d32 = p3.time - p2.time
            let w1 = 1 / (d10 * -d21 * -d31), w2 = 1 / (d20 * d21 * -d32), w3 = 1 / (d30 * d31 * d32)
            let dt = d30 / 3
            let scale = 6 * dt * dt * dt / (6 * dt).squareRoot()
            let east = w1 * (p1.east - p0.east) + w2 * (p2.east - p0.east) + w3 * (p3.east - p0.east)
            let north = w1 * (p1.north - p0.north) + w2 * (p2.north - p0.north) + w3 * (p3.north - p0.north)
            noise.add(abs(east) * scale)
            noise.add(abs(north) * scale)
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

        mutating func add(_ value: Double) {
            // A turn's or a brake's onset is not noise: clip what stands far out of the noise so far.
            let sample = samples >= Self.samplesBeforeClipping ? min(value, Self.clipFactor * mean) : value
            samples += 1
            mean += (sample - mean) / Double(min(samples, Self.memory))
        }

        /// The random walk's rate this mean stands for, m²/s.
        var rate: Double {
            let scale = mean / Self.meanAbsoluteOfStandardNormal
            return scale * scale
        }
    }
}
