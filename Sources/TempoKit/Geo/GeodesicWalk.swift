import Foundation

/// Geodesic distances between consecutive points of a track, for the price of one.
///
/// Each step is `Geodesic.distance`, but a step short enough for the short-line formula takes
/// the previous point's sin φ, cos φ and prime-vertical radius from the step before (the formula
/// derives them for its far end by the addition theorem) instead of calling libm again. Those
/// carried terms agree with libm's to within a few ulps; they are taken fresh from libm at
/// least every `refreshSteps` steps and after any long step, so they never drift. Each step
/// agrees with GeographicLib to 1e-8 m, as `Geodesic.distance` does, and differs from it by a
/// few nanometres at most (`GeodesicWalkTests`).
public struct GeodesicWalk: Sendable {
    /// Steps after which the carried terms are computed afresh.
    static let refreshSteps = 64

    private struct Point: Sendable {
        var coordinate: Coordinate
        var sine: Double
        var cosine: Double
        var primeVertical: Double
    }

    private var last: Point?
    private var carried = 0

    /// A walk that has not started.
    public init() {}

    /// The previous point: where the next step starts (`nil` before the first point).
    public var previous: Coordinate? { last?.coordinate }

    /// Forgets the previous point: the next one starts a new walk (a new segment).
    public mutating func restart() {
        last = nil
        carried = 0
    }

    /// Metres from the previous point to `coordinate` (`nil` for the first point of a walk);
    /// `coordinate` becomes the previous point.
    public mutating func step(to coordinate: Coordinate) -> Double? {
        guard let from = last else {
            last = Self.fresh(coordinate)
            carried = 0
            return nil
        }
        if carried < Self.refreshSteps, abs(coordinate.latitude - from.coordinate.latitude) < 0.1,
            let step = Geodesic.shortStep(
                from: from.coordinate, sine: from.sine, cosine: from.cosine, primeVertical: from.primeVertical, to: coordinate)
        {
            last = Point(coordinate: coordinate, sine: step.sine, cosine: step.cosine, primeVertical: step.primeVertical)
            carried += 1
            return step.meters
        }
        last = Self.fresh(coordinate)
        carried = 0
        // The first step after a refresh also starts from libm's terms, as `Geodesic.distance` does.
        return Geodesic.distance(from.coordinate, coordinate)
    }

    private static func fresh(_ coordinate: Coordinate) -> Point {
        let phi = coordinate.latitude * (Double.pi / 180)
        let sine = sin(phi)
        return Point(coordinate: coordinate, sine: sine, cosine: cos(phi), primeVertical: Geodesic.primeVerticalRadius(sine: sine))
    }
}
