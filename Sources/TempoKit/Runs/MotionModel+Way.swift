import Foundation

extension MotionModel {
    /// The length of the way between two fixes decided moving `seconds` apart, whose smoothed
    /// positions are `chord` metres apart (geodesic) and over which the device's own odometer
    /// `counted` metres (NaN where either fix has none). Across a gap in the fixes (more than
    /// `lagSeconds`: a tunnel, a receiver that lost the sky) the fixes say nothing of the way
    /// taken, and the chord is only its least: where the odometer counted more over the gap (a
    /// wheel sensor, a foot pod, the device's dead reckoning along a winding road), that is the
    /// way, within the physical bound. A clean straight gap and every step between fixes closer
    /// in time are the chord.
    func way(seconds: Double, counted: Double, chord: Double) -> Double {
        // (NaN is never more than the chord.)
        guard seconds > Self.lagSeconds, counted > chord else { return chord }
        return max(chord, min(counted, maxSpeedMetersPerSecond * seconds))
    }
}
