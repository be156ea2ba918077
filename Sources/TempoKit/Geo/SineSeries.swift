/// Six Fourier coefficients c₁…c₆ of a series Σ cₗ sin 2lσ, kept inline (no heap allocation:
/// the inverse solver evaluates several per call).
struct SineSeries: Sendable {
    var c1 = 0.0, c2 = 0.0, c3 = 0.0, c4 = 0.0, c5 = 0.0, c6 = 0.0

    /// Σ cₗ sin 2lσ by Clenshaw summation, given sin σ and cos σ.
    func value(sin s: Double, cos c: Double) -> Double {
        let x = 2 * (c - s) * (c + s)
        var b1 = 0.0, b2 = 0.0, t = 0.0
        t = c6 + x * b1 - b2; b2 = b1; b1 = t
        t = c5 + x * b1 - b2; b2 = b1; b1 = t
        t = c4 + x * b1 - b2; b2 = b1; b1 = t
        t = c3 + x * b1 - b2; b2 = b1; b1 = t
        t = c2 + x * b1 - b2; b2 = b1; b1 = t
        t = c1 + x * b1 - b2; b2 = b1; b1 = t
        return 2 * s * c * b1
    }
}
