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

    /// Least-squares straight line through the fixes within the window around `index`: the
    /// position at the fix's time, the velocity, the window's span and how many fixes it holds.
    mutating func fit(around index: Int, before: Double, after: Double, reachNeighbours: Bool = true) -> Line {
        // (On buffers: a checked read of a stored array reloads and checks it at every step.)
        let (first, last) = points.withUnsafeBufferPointer { points in
            let centreTime = points[index].time, earliest = centreTime - before, latest = centreTime + after
            var first = index, last = index
            while first > 0 && points[first - 1].time >= earliest { first -= 1 }
            while last + 1 < points.count && points[last + 1].time <= latest { last += 1 }
            // Sparse fixes (one every 5 or 10 s): a velocity's window reaches at least the neighbours
            // (a position's does not: a line through three fixes around a corner cuts it).
            if reachNeighbours && first == index && index > 0 && before > 0 { first -= 1 }
            if reachNeighbours && last == index && last + 1 < points.count && after > 0 { last += 1 }
            return (first, last)
        }
        return line(first: first, last: last, at: index)
    }

    /// `velocity(around: index, before: speedWindowSeconds, after: speedWindowSeconds)` for a fix
    /// decided after the one asked about last: fixes are decided in order, so the window's ends only
    /// move on from the last one's (`speedWindow`), and are not searched for from the centre again.
    mutating func speedVelocity(around index: Int) -> (east: Double, north: Double, span: Double) {
        var (first, last) = points.withUnsafeBufferPointer { points in
            let centreTime = points[index].time
            var first = speedWindow.first, last = max(speedWindow.last, index)
            while points[first].time < centreTime - Self.speedWindowSeconds { first += 1 }
            while last + 1 < points.count && points[last + 1].time <= centreTime + Self.speedWindowSeconds { last += 1 }
            return (first, last)
        }
        speedWindow = (first, last)
        // As `fit` reaches the neighbours.
        if first == index && index > 0 { first -= 1 }
        if last == index && last + 1 < points.count { last += 1 }
        let fit = line(first: first, last: last, at: index)
        return (fit.velocityEast, fit.velocityNorth, fit.span)
    }

    /// What `fit` gives.
    typealias Line = (east: Double, north: Double, velocityEast: Double, velocityNorth: Double, span: Double, count: Int)

    /// The least-squares line through the fixes `first...last`, at the fix `index`.
    mutating func line(first: Int, last: Int, at index: Int) -> Line {
        let origin = sumsOrigin
        return points.withUnsafeBufferPointer { points in
            sums.withUnsafeBufferPointer { sums in
                let count = last - first + 1
                guard count >= 2 else { return (points[index].east, points[index].north, 0, 0, 0, count) }
                let from = sums[first], to = sums[last + 1]
                let st = to.t - from.t, stt = to.tt - from.tt, se = to.e - from.e, sn = to.n - from.n
                let ste = to.te - from.te, stn = to.tn - from.tn
                let c = Double(count)
                let det = c * stt - st * st
                guard det > 0 else { return (points[index].east, points[index].north, 0, 0, 0, count) }
                let ve = (c * ste - st * se) / det, vn = (c * stn - st * sn) / det
                // The line through the window's mean, at the centre's time.
                let dt = points[index].time - origin.time - st / c
                return (origin.east + se / c + ve * dt, origin.north + sn / c + vn * dt, ve, vn,
                        points[last].time - points[first].time, count)
            }
        }
    }

    /// The velocity of `fit`'s line, and its window's span.
    mutating func velocity(around index: Int, before: Double, after: Double) -> (east: Double, north: Double, span: Double) {
        let fit = self.fit(around: index, before: before, after: after)
        return (fit.velocityEast, fit.velocityNorth, fit.span)
    }

    /// The fix's position on the smoothed path, given the speed its window is sized for (fitted
    /// within `speedWindowSeconds` of it; beside a stop, never below the share of the pace that
    /// moving means),
    /// from fixes taken within `run` (on a quiet track, the fix's run of movement as far as decided:
    /// a line through a stop's fixes and the movement around it put the fixes next to the stop metres
    /// off it, and the way across each stop of a ride at 6 m/s grew by 10–20 m).
    mutating func smoothed(_ index: Int, speed: Double, within run: ClosedRange<Double>) -> Coordinate {
        let point = points[index]
        let v = max(Self.slowestMovementMetersPerSecond, speed)
        // The noise lengthens the path by about 0.3·D / (W·v²): the window that keeps it within `noiseInflation`.
        // Within the run, and as far back as ahead: a line reaching out of the run, or ahead of its
        // first fix only, puts a fix next to a stop metres off it.
        let halfWindow = min(Self.lagSeconds, 0.3 * noiseRate / (Self.noiseInflation * v * v),
                             point.time - run.lowerBound, run.upperBound - point.time)
        guard halfWindow >= 0.5 else { return point.coordinate }
        let fit = self.fit(around: index, before: halfWindow, after: halfWindow, reachNeighbours: false)
        // Sparse or "smart" recording (fixes more than 2.5 s apart on average) keeps the fixes
        // the device chose, often on corners: a line through three or four of them would cut the
        // corner, so such a window needs five. Where it holds fewer (a 5 s device skipped a fix,
        // smart recording left a longer gap, or the window is shorter than four spacings), it
        // reaches back twice as far, within the run, for its five: left unsmoothed, such fixes
        // lengthened a 5 s hike with a tenth of its fixes missing by up to 10 %.
        let dense = fit.span <= Self.denseSpacingSeconds * Double(fit.count - 1)
        if !dense && fit.count < 5 {
            let back = min(2 * halfWindow, point.time - run.lowerBound)
            let wider = self.fit(around: index, before: back, after: halfWindow, reachNeighbours: false)
            guard wider.count >= 5 else { return point.coordinate }
            return plane?.unproject(east: wider.east, north: wider.north) ?? point.coordinate
        }
        guard fit.count >= (dense ? 3 : 5) else { return point.coordinate }
        return plane?.unproject(east: fit.east, north: fit.north) ?? point.coordinate
    }
}
