import Foundation

/// The ellipsoid's constants and the inverse solver; kept apart from the public façade so the
/// precomputed series coefficients are built once.
struct GeodesicSolver: Sendable {
    static let wgs84 = GeodesicSolver(equatorialRadius: Geodesic.equatorialRadius, flattening: Geodesic.flattening)

    let a: Double, f: Double, b: Double
    let e2: Double, ep2: Double, n: Double
    /// Coefficients of A3 in powers of ε (each already a polynomial in n).
    let a3: [Double]
    /// Coefficients C3l, l = 1…5, each a list of ε-power coefficients (index 0 ↔ ε^1).
    let c3: [[Double]]

    init(equatorialRadius: Double, flattening: Double) {
        a = equatorialRadius
        f = flattening
        b = a * (1 - f)
        e2 = f * (2 - f)
        ep2 = e2 / ((1 - f) * (1 - f))
        n = f / (2 - f)
        let n2 = n * n
        // Karney (2013) eq. (24): A3 = 1 − Σ coefficients · ε^j.
        a3 = [
            1,
            -(1.0 / 2 - n / 2),
            -(1.0 / 4 + n / 8 - 3 * n2 / 8),
            -(1.0 / 16 + 3 * n / 16 + n2 / 16),
            -(3.0 / 64 + n / 32),
            -3.0 / 128,
        ]
        // Karney (2013) eq. (25).
        c3 = [
            [1.0 / 4 - n / 4, 1.0 / 8 - n2 / 8, 3.0 / 64 + 3 * n / 64 - n2 / 64, 5.0 / 128 + n / 64, 3.0 / 128],
            [0, 1.0 / 16 - 3 * n / 32 + n2 / 32, 3.0 / 64 - n / 32 - 3 * n2 / 64, 3.0 / 128 + n / 128, 5.0 / 256],
            [0, 0, 5.0 / 192 - 3 * n / 64 + 5 * n2 / 192, 3.0 / 128 - 5 * n / 192, 7.0 / 512],
            [0, 0, 0, 7.0 / 512 - 7 * n / 256, 7.0 / 512],
            [0, 0, 0, 0, 21.0 / 2560],
        ]
    }

    // MARK: - Series in ε (Karney 2013, eqs. 17, 18, 42, 43, 24, 25)

    static func a1(_ eps: Double) -> Double {
        let e2 = eps * eps
        return (1 + e2 * (1.0 / 4 + e2 * (1.0 / 64 + e2 / 256))) / (1 - eps)
    }

    static func c1(_ eps: Double) -> SineSeries {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e3 * e3
        return SineSeries(
            c1: -eps / 2 + 3 * e3 / 16 - e5 / 32,
            c2: -e2 / 16 + e4 / 32 - 9 * e6 / 2048,
            c3: -e3 / 48 + 3 * e5 / 256,
            c4: -5 * e4 / 512 + 3 * e6 / 512,
            c5: -7 * e5 / 1280,
            c6: -7 * e6 / 2048)
    }

    static func a2(_ eps: Double) -> Double {
        let e2 = eps * eps
        return (1 - e2 * (3.0 / 4 + e2 * (7.0 / 64 + e2 * 11 / 256))) / (1 + eps)
    }

    static func c2(_ eps: Double) -> SineSeries {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e3 * e3
        return SineSeries(
            c1: eps / 2 + e3 / 16 + e5 / 32,
            c2: 3 * e2 / 16 + e4 / 32 + 35 * e6 / 2048,
            c3: 5 * e3 / 48 + 5 * e5 / 256,
            c4: 35 * e4 / 512 + 7 * e6 / 512,
            c5: 63 * e5 / 1280,
            c6: 77 * e6 / 2048)
    }

    func a3(_ eps: Double) -> Double {
        var sum = 0.0
        for coefficient in a3.reversed() { sum = sum * eps + coefficient }
        return sum
    }

    func c3(_ eps: Double) -> SineSeries {
        func poly(_ powers: [Double]) -> Double {
            var sum = 0.0
            for coefficient in powers.reversed() { sum = sum * eps + coefficient }
            return sum * eps
        }
        return SineSeries(c1: poly(c3[0]), c2: poly(c3[1]), c3: poly(c3[2]), c4: poly(c3[3]), c5: poly(c3[4]))
    }

    // MARK: - Inverse problem

    func inverse(lat1 rawLat1: Double, lon1: Double, lat2 rawLat2: Double, lon2: Double) -> Geodesic.Inverse {
        guard rawLat1.isFinite, rawLat2.isFinite, lon1.isFinite, lon2.isFinite else {
            return Geodesic.Inverse(distanceMeters: .nan, initialAzimuthDegrees: .nan, finalAzimuthDegrees: .nan)
        }
        // Canonical configuration (Karney §5): λ12 ∈ [0, 180], |φ1| ≥ |φ2|, φ1 ≤ 0.
        var lam12Degrees = remainder(lon2 - lon1, 360)
        if lam12Degrees == -180 { lam12Degrees = 180 }
        let lonSign: Double = lam12Degrees < 0 ? -1 : 1
        lam12Degrees = abs(lam12Degrees)
        var lat1 = min(90, max(-90, rawLat1)), lat2 = min(90, max(-90, rawLat2))
        let swapped = abs(lat1) < abs(lat2)
        if swapped { swap(&lat1, &lat2) }
        let latSign: Double = lat1 > 0 ? -1 : 1
        lat1 *= latSign
        lat2 *= latSign

        let tiny = 1e-300
        let (sinPhi1, cosPhi1) = sinCosDegrees(lat1)
        var sbet1 = (1 - f) * sinPhi1, cbet1 = cosPhi1
        (sbet1, cbet1) = normalized(sbet1, cbet1)
        cbet1 = max(tiny, cbet1)
        let (sinPhi2, cosPhi2) = sinCosDegrees(lat2)
        var sbet2 = (1 - f) * sinPhi2, cbet2 = cosPhi2
        (sbet2, cbet2) = normalized(sbet2, cbet2)
        cbet2 = max(tiny, cbet2)
        // Make |β2| = |β1| exact when the latitudes are equal in size, so cos α2 is computed right.
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = sbet2 < 0 ? sbet1 : -sbet1 }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }
        let lam12 = lam12Degrees * .pi / 180
        let (slam12, clam12) = sinCosDegrees(lam12Degrees)

        var salp1 = 0.0, calp1 = 1.0, salp2 = 0.0, calp2 = 1.0
        var s12 = 0.0
        var solved = false

        // Along a meridian (or from a pole) the azimuth is known.
        if lat1 == -90 || slam12 == 0 {
            // Head for the target's meridian; whichever way, the path arrives heading north.
            salp1 = slam12; calp1 = clam12
            salp2 = 0; calp2 = 1
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = calp2 * cbet2
            let sig12 = atan2(nonNegative(csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
            let lengths = self.lengths(eps: epsilon(k2: ep2), k2: ep2, sig12: sig12,
                                       ssig1: ssig1, csig1: csig1, ssig2: ssig2, csig2: csig2)
            // Beyond σ12 = 1 rad a meridian through a pole may not be the shortest path.
            if sig12 < 1 || lengths.m12b >= 0 {
                s12 = b * lengths.s12b
                solved = true
            }
        }
        // Along the equator, while the equator is the shortest path.
        if !solved && sbet1 == 0 && sbet2 == 0 && lam12Degrees <= (1 - f) * 180 {
            salp1 = 1; calp1 = 0; salp2 = 1; calp2 = 0
            s12 = a * lam12
            solved = true
        }
        if !solved {
            (s12, salp1, calp1, salp2, calp2) = solveNewton(
                sbet1: sbet1, cbet1: cbet1, sbet2: sbet2, cbet2: cbet2, lam12: lam12, slam12: slam12, clam12: clam12)
        }

        // Undo the canonical transformation for the azimuths.
        if swapped {
            // Solving from the second point reverses the path (α → α + 180°); keeping λ12 ≥ 0 while
            // doing so mirrors it in longitude (sin α → −sin α): together only the cosines flip.
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
            calp1 = -calp1
            calp2 = -calp2
        }
        salp1 *= lonSign; salp2 *= lonSign
        calp1 *= latSign; calp2 *= latSign
        return Geodesic.Inverse(
            distanceMeters: s12,
            initialAzimuthDegrees: atan2(salp1, calp1) * 180 / .pi,
            finalAzimuthDegrees: atan2(salp2, calp2) * 180 / .pi)
    }

    private func epsilon(k2: Double) -> Double {
        k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
    }

    /// Distance and reduced length (both divided by b) between σ1 and σ2 on one geodesic.
    private func lengths(
        eps: Double, k2: Double, sig12: Double, ssig1: Double, csig1: Double, ssig2: Double, csig2: Double
    ) -> (s12b: Double, m12b: Double) {
        let c1 = Self.c1(eps), c2 = Self.c2(eps)
        let a1 = Self.a1(eps), a2 = Self.a2(eps)
        let b1 = c1.value(sin: ssig2, cos: csig2) - c1.value(sin: ssig1, cos: csig1)
        let b2 = c2.value(sin: ssig2, cos: csig2) - c2.value(sin: ssig1, cos: csig1)
        let s12b = a1 * (sig12 + b1)
        let j12 = (a1 - a2) * sig12 + (a1 * b1 - a2 * b2)
        let dn1 = (1 + k2 * ssig1 * ssig1).squareRoot()
        let dn2 = (1 + k2 * ssig2 * ssig2).squareRoot()
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (s12b, m12b)
    }

    /// One evaluation of the longitude difference for a trial azimuth α1 (Karney §4–5).
    private struct Trial {
        var lam12Error: Double
        var derivative: Double
        var salp2: Double, calp2: Double
        var s12: Double
    }

    private func trial(
        salp1: Double, calp1: Double, sbet1: Double, cbet1: Double, sbet2: Double, cbet2: Double,
        lam12: Double, slam12: Double, clam12: Double
    ) -> Trial {
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)
        let (ssig1, csig1) = normalized(sbet1, calp1 * cbet1)
        let somg1 = salp0 * sbet1, comg1 = calp1 * cbet1
        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        let calp2: Double
        if cbet2 != cbet1 || abs(sbet2) != -sbet1 {
            // cos²β2 − cos²β1 written as a product to keep its precision.
            let inner = calp1 * cbet1 * calp1 * cbet1
                + (cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2))
            calp2 = max(0, inner).squareRoot() / cbet2
        } else {
            calp2 = abs(calp1)
        }
        let (ssig2, csig2) = normalized(sbet2, calp2 * cbet2)
        let somg2 = salp0 * sbet2, comg2 = calp2 * cbet2
        let sig12 = atan2(nonNegative(csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
        // ω12 − λ12 directly, so the difference keeps its precision near the solution.
        let somg12 = nonNegative(comg1 * somg2 - somg1 * comg2)
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = atan2(somg12 * clam12 - comg12 * slam12, comg12 * clam12 + somg12 * slam12)
        let k2 = calp0 * calp0 * ep2
        let eps = epsilon(k2: k2)
        let c3 = self.c3(eps)
        let b312 = c3.value(sin: ssig2, cos: csig2) - c3.value(sin: ssig1, cos: csig1)
        let domg12 = -f * a3(eps) * salp0 * (sig12 + b312)
        let lamError = eta + domg12
        let lengths = self.lengths(eps: eps, k2: k2, sig12: sig12, ssig1: ssig1, csig1: csig1, ssig2: ssig2, csig2: csig2)
        let derivative: Double
        if calp2 == 0 {
            derivative = -2 * (1 - f) * (1 + ep2 * sbet1 * sbet1).squareRoot() / sbet1
        } else {
            derivative = lengths.m12b * (1 - f) / (calp2 * cbet2)
        }
        return Trial(lam12Error: lamError, derivative: derivative, salp2: salp2, calp2: calp2, s12: b * lengths.s12b)
    }

    private func solveNewton(
        sbet1: Double, cbet1: Double, sbet2: Double, cbet2: Double, lam12: Double, slam12: Double, clam12: Double
    ) -> (Double, Double, Double, Double, Double) {
        // Starting guess: the spherical solution on the auxiliary sphere, longitudes scaled by w̄.
        let meanCos = (cbet1 + cbet2) / 2
        let omg12 = lam12 / (1 - e2 * meanCos * meanCos).squareRoot()
        let somg12 = sin(omg12), comg12 = cos(omg12)
        let y = cbet2 * somg12
        let x = comg12 >= 0
            ? sbet2 * cbet1 - cbet2 * sbet1 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet2 * cbet1 - cbet2 * sbet1 * comg12
        var alpha = atan2(y, x)
        if !(alpha > 0 && alpha < .pi) { alpha = min(.pi - 1e-9, max(1e-9, alpha)) }
        var low = 0.0, high = Double.pi
        var best: Trial?
        var bestAlpha = alpha
        let tolerance = 4 * Double.ulpOfOne
        for iteration in 0..<200 {
            let salp1 = sin(alpha), calp1 = cos(alpha)
            let result = trial(salp1: salp1, calp1: calp1, sbet1: sbet1, cbet1: cbet1, sbet2: sbet2, cbet2: cbet2,
                               lam12: lam12, slam12: slam12, clam12: clam12)
            if best == nil || abs(result.lam12Error) <= abs(best?.lam12Error ?? .infinity) {
                best = result
                bestAlpha = alpha
            }
            if abs(result.lam12Error) <= tolerance { break }
            // λ12 grows with α1 in the canonical configuration, so the sign of the error brackets the root.
            if result.lam12Error > 0 { high = min(high, alpha) } else { low = max(low, alpha) }
            var next = alpha
            if iteration < 60, result.derivative > 0, result.derivative.isFinite {
                next = alpha - result.lam12Error / result.derivative
            }
            if !(next > low && next < high) { next = (low + high) / 2 }
            if next == alpha { break }
            alpha = next
        }
        guard let solution = best else { return (.nan, .nan, .nan, .nan, .nan) }
        return (solution.s12, sin(bestAlpha), cos(bestAlpha), solution.salp2, solution.calp2)
    }

    private func sinCosDegrees(_ degrees: Double) -> (Double, Double) {
        // Reduce to [−45, 45] first so that multiples of 90° give exact zeros and ones.
        var r = remainder(degrees, 360)
        let quarter = (r / 90).rounded()
        r -= 90 * quarter
        let radians = r * .pi / 180
        let s = sin(radians), c = cos(radians)
        switch ((Int(quarter) % 4) + 4) % 4 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// `x`, or +0 when it is not positive. (Not `max(0, x)`: that gives −0 for −0, and
    /// atan2(−0, −1) is −π, which made the distance between two points of the equator on
    /// opposite sides of the Earth negative.)
    private func nonNegative(_ x: Double) -> Double {
        x > 0 ? x : 0
    }

    private func normalized(_ s: Double, _ c: Double) -> (Double, Double) {
        let h = hypot(s, c)
        return (s / h, c / h)
    }
}
