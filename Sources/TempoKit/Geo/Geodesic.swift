import Foundation

/// Distances on the WGS84 ellipsoid.
///
/// OWNED BY THE GEO/RUNS WORK: this first version is Vincenty's inverse formula without the
/// antipodal fallback; it is replaced by Karney's method, checked against GeographicLib.
public enum Geodesic {
    /// WGS84 semi-major axis, metres.
    public static let equatorialRadius = 6_378_137.0
    /// WGS84 flattening.
    public static let flattening = 1 / 298.257_223_563

    /// The ellipsoidal distance in metres between two points.
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let f = flattening, semiMajor = equatorialRadius, semiMinor = (1 - f) * semiMajor
        let rad = Double.pi / 180
        let l = (b.longitude - a.longitude) * rad
        let u1 = atan((1 - f) * tan(a.latitude * rad)), u2 = atan((1 - f) * tan(b.latitude * rad))
        let sinU1 = sin(u1), cosU1 = cos(u1), sinU2 = sin(u2), cosU2 = cos(u2)
        var lambda = l, sinSigma = 0.0, cosSigma = 0.0, sigma = 0.0, cos2Alpha = 0.0, cos2SigmaM = 0.0
        for _ in 0..<200 {
            let sinLambda = sin(lambda), cosLambda = cos(lambda)
            sinSigma = ((cosU2 * sinLambda) * (cosU2 * sinLambda)
                + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) * (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda)).squareRoot()
            if sinSigma == 0 { return 0 }
            cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            cos2Alpha = 1 - sinAlpha * sinAlpha
            cos2SigmaM = cos2Alpha == 0 ? 0 : cosSigma - 2 * sinU1 * sinU2 / cos2Alpha
            let c = f / 16 * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha))
            let previous = lambda
            lambda = l + (1 - c) * f * sinAlpha
                * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda - previous) < 1e-12 { break }
        }
        let uSq = cos2Alpha * (semiMajor * semiMajor - semiMinor * semiMinor) / (semiMinor * semiMinor)
        let bigA = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
        let bigB = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
        let deltaSigma = bigB * sinSigma * (cos2SigmaM + bigB / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
            - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
        return semiMinor * bigA * (sigma - deltaSigma)
    }
}
