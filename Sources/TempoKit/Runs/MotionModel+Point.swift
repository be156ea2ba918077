import Foundation

extension MotionModel {
    /// A fix the model holds, on the segment's plane.
    struct Point: Sendable {
        /// Seconds since the reference date.
        var time: Double
        /// Metres east and north of the segment's origin.
        var east: Double, north: Double
        /// As received.
        var coordinate: Coordinate
        /// Metres; NaN when absent.
        var altitude: Double
        /// The receiver's own ground speed, m/s; NaN when absent.
        var deviceSpeed: Double
        /// The device's own odometer, metres; NaN when absent.
        var deviceDistance: Double
    }

    /// A fix decided: where the path was at it, and whether the receiver was moving there.
    struct Decision: Sendable {
        var point: Point
        var smoothed: Coordinate
        var moving: Bool
    }
}
