import Foundation

/// The running statistics the motion model keeps: the noise's scale and a window's sums.
extension MotionModel {
    /// A running mean of |third difference| / √(6·dt) (the scale of a random walk's), in metres per √s.
    struct NoiseScale: Sendable {
        var mean = 0.0, samples = 0

        mutating func add(_ value: Double) {
            // A turn's or a brake's onset is not noise: clip what stands far out of the noise so far.
            let sample = samples >= 16 ? min(value, 4 * mean) : value
            samples += 1
            mean += (sample - mean) / Double(min(samples, 200))
        }

        /// The random walk's rate this mean stands for, m²/s.
        var rate: Double {
            let scale = mean / 0.797_884_560_802_865_4  // E|N(0, σ)| = σ·√(2/π)
            return scale * scale
        }
    }

    /// Sums of a window's times, positions and their products, measured from `sumsOrigin`.
    struct Sums: Sendable {
        var t = 0.0, tt = 0.0, e = 0.0, n = 0.0, te = 0.0, tn = 0.0

        func adding(_ point: Point, from origin: (time: Double, east: Double, north: Double)) -> Sums {
            let t = point.time - origin.time, e = point.east - origin.east, n = point.north - origin.north
            return Sums(t: self.t + t, tt: tt + t * t, e: self.e + e, n: self.n + n, te: te + t * e, tn: tn + t * n)
        }
    }
}
