import Foundation

/// The recorder's accepted fixes kept column by column, without optionals: a missing time,
/// altitude, timer or moving time is NaN.
///
/// About 60 bytes a fix instead of a ~100-byte `RunSample` with its optionals, and each column
/// grows on its own (a million-fix file never reallocates one huge buffer). Times are seconds
/// since the reference date exactly as `Date` stores them, so nothing is rounded on the way.
struct RunSampleStore: Sendable {
    var times: [Double] = []
    var latitudes: [Double] = []
    var longitudes: [Double] = []
    var altitudes: [Double] = []
    var segments: [Int32] = []
    var distances: [Double] = []
    var timers: [Double] = []
    var movings: [Double] = []
    /// Samples whose timer is NaN (untimed): when 0, the timer column is complete.
    private(set) var untimedCount = 0
    /// Samples whose moving time is NaN.
    private(set) var unmovingCount = 0

    var count: Int { distances.count }
    var isEmpty: Bool { distances.isEmpty }

    mutating func append(
        time: Date?, coordinate: Coordinate, altitudeMeters: Double?, segment: Int,
        distanceMeters: Double, timerSeconds: Double?, movingSeconds: Double?
    ) {
        times.append(time?.timeIntervalSinceReferenceDate ?? .nan)
        latitudes.append(coordinate.latitude)
        longitudes.append(coordinate.longitude)
        altitudes.append(altitudeMeters ?? .nan)
        segments.append(Int32(truncatingIfNeeded: segment))
        distances.append(distanceMeters)
        timers.append(timerSeconds ?? .nan)
        movings.append(movingSeconds ?? .nan)
        if timerSeconds == nil { untimedCount += 1 }
        if movingSeconds == nil { unmovingCount += 1 }
    }

    /// Makes room for `count` samples in every column, in buffers offered for huge pages when
    /// `hugePages` (see `RunRecorder.reserveCapacity(_:hugePages:)`).
    mutating func reserveCapacity(_ count: Int, hugePages: Bool = false) {
        func reserve<Element>(_ column: inout [Element]) { LargeArray.reserveCapacity(count, in: &column, hugePages: hugePages) }
        reserve(&times)
        reserve(&latitudes)
        reserve(&longitudes)
        reserve(&altitudes)
        reserve(&segments)
        reserve(&distances)
        reserve(&timers)
        reserve(&movings)
    }

    /// Keeps the first `count` samples.
    mutating func truncate(to count: Int) {
        guard count < self.count else { return }
        for index in count..<self.count {
            if timers[index].isNaN { untimedCount -= 1 }
            if movings[index].isNaN { unmovingCount -= 1 }
        }
        let range = count...
        times.removeSubrange(range)
        latitudes.removeSubrange(range)
        longitudes.removeSubrange(range)
        altitudes.removeSubrange(range)
        segments.removeSubrange(range)
        distances.removeSubrange(range)
        timers.removeSubrange(range)
        movings.removeSubrange(range)
    }

    func time(_ index: Int) -> Date? {
        let t = times[index]
        return t.isNaN ? nil : Date(timeIntervalSinceReferenceDate: t)
    }

    func coordinate(_ index: Int) -> Coordinate {
        Coordinate(latitude: latitudes[index], longitude: longitudes[index])
    }

    func segment(_ index: Int) -> Int { Int(segments[index]) }

    func moving(_ index: Int) -> Double? {
        let m = movings[index]
        return m.isNaN ? nil : m
    }

    subscript(index: Int) -> RunSample {
        let altitude = altitudes[index], timer = timers[index]
        return RunSample(
            time: time(index), coordinate: coordinate(index), altitudeMeters: altitude.isNaN ? nil : altitude,
            segment: segment(index), distanceMeters: distances[index], timerSeconds: timer.isNaN ? nil : timer,
            movingSeconds: moving(index))
    }

    /// Every sample as a value (allocates; for export and tests, not the hot path).
    var samples: [RunSample] { (0..<count).map { self[$0] } }

    /// Number of distinct segments (segment numbers only grow).
    var segmentCount: Int {
        guard var last = segments.first else { return 0 }
        var result = 1
        for segment in segments where segment != last {
            result += 1
            last = segment
        }
        return result
    }
}
