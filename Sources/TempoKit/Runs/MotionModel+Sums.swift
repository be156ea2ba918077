import Foundation

extension MotionModel {
    /// Sums of a window's times, positions and their products, measured from `sumsOrigin`.
    struct Sums: Sendable {
        var t = 0.0, tt = 0.0, e = 0.0, n = 0.0, te = 0.0, tn = 0.0

        func adding(_ point: Point, from origin: (time: Double, east: Double, north: Double)) -> Sums {
            let t = point.time - origin.time, e = point.east - origin.east, n = point.north - origin.north
            return Sums(t: self.t + t, tt: tt + t * t, e: self.e + e, n: self.n + n, te: te + t * e, tn: tn + t * n)
        }
    }
}
