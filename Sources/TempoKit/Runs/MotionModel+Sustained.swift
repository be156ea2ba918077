import Foundation

extension MotionModel {
    /// The speed fitted from `sustainedWindowBefore` before the fix at `index` (or from the last fix
    /// judged moving, at most `longestSustainedWindowBefore`) to `lagSeconds` after it, when the
    /// noise alone would make it in fewer than one window in a hundred (and it is at least
    /// `slowestMovementMetersPerSecond`): the pace of a walker too slow for the stop window to tell
    /// from the noise, which the typical speed learns even while the fixes are judged stopped, so
    /// that a slow hiker is not held to a runner's pace by a sport's prior; with the seconds its
    /// window spans.
    mutating func sustainedSpeed(_ index: Int) -> (speed: Double, span: Double)? {
        let time = points[index].time
        let before = min(Self.longestSustainedWindowBefore, max(Self.sustainedWindowBefore, time - lastMovingTime))
        let velocity = self.velocity(around: index, before: before, after: Self.lagSeconds)
        guard velocity.span > 0 else { return nil }
        let speed2 = velocity.east * velocity.east + velocity.north * velocity.north
        // A noise velocity's squared speed over 2·σ² per axis is χ² with two degrees: above 9.2 in 1 %.
        let axisVariance = 1.2 * noiseRate / velocity.span
        guard speed2 >= 9.2 * axisVariance, speed2 >= Self.slowestMovementMetersPerSecond * Self.slowestMovementMetersPerSecond
        else { return nil }
        return (speed2.squareRoot(), velocity.span)
    }

    /// How far back the window of `sustainedSpeed` reaches at least, seconds.
    static let sustainedWindowBefore = 30.0
    /// How far back it may reach over a stretch judged stopped throughout, seconds: over minutes
    /// the noise stays within its bounds while a slow walker's way keeps growing.
    static let longestSustainedWindowBefore = 120.0
}
