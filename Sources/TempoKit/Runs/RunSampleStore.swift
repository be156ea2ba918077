import Foundation

/// The recorder's accepted fixes kept column by column, without optionals: a missing time,
/// altitude, timer or moving time is NaN.
///
/// About 60 bytes a fix (44 without coordinates) instead of a ~100-byte `RunSample` with its
/// optionals, and each column grows on its own (a million-fix file never reallocates one huge
/// buffer). Times are seconds since the reference date exactly as `Date` stores them, so nothing
/// is rounded on the way.
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
    /// Whether coordinates are kept. A summary reads none: without them (`RunReplay.keepsPositions`)
    /// a sample takes 44 bytes, and its position reads as NaN.
    var keepsCoordinates = true {
        willSet { precondition(isEmpty || newValue == keepsCoordinates, "coordinates are kept or not from the first sample") }
    }

    var count: Int { distances.count }
    var isEmpty: Bool { distances.isEmpty }

    mutating func append(
        time: Date?, coordinate: Coordinate, altitudeMeters: Double?, segment: Int,
        distanceMeters: Double, timerSeconds: Double?, movingSeconds: Double?
    ) {
        times.append(time?.timeIntervalSinceReferenceDate ?? .nan)
        if keepsCoordinates {
            latitudes.append(coordinate.latitude)
            longitudes.append(coordinate.longitude)
        }
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
        if keepsCoordinates {
            reserve(&latitudes)
            reserve(&longitudes)
        }
        reserve(&altitudes)
        reserve(&segments)
        reserve(&distances)
        reserve(&timers)
        reserve(&movings)
    }

    /// Each column's reserved memory, for another thread to have its pages provided ahead.
    func pagesAhead() -> SamplePagesAhead {
        func region<Element>(_ column: [Element]) -> (UnsafeRawBufferPointer, Int) {
            let stride = MemoryLayout<Element>.stride
            // Only the address goes out: `SamplePagesAhead` hands it to the kernel, never reads or writes through it.
            let start = column.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            return (UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : column.capacity * stride), stride)
        }
        let regions = [region(times), region(latitudes), region(longitudes), region(altitudes), region(segments),
                       region(distances), region(timers), region(movings)]
        return SamplePagesAhead(regions.map(\.0), bytesPerSample: regions.map(\.1))
    }

    func time(_ index: Int) -> Date? {
        let t = times[index]
        return t.isNaN ? nil : Date(timeIntervalSinceReferenceDate: t)
    }

    func coordinate(_ index: Int) -> Coordinate {
        guard keepsCoordinates else { return Coordinate(latitude: .nan, longitude: .nan) }
        return Coordinate(latitude: latitudes[index], longitude: longitudes[index])
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

    /// Pace over the last `windowSeconds` of moving time within the last sample's segment,
    /// seconds per km (`RunRecorder.currentPace(windowSeconds:)`).
    func pace(overLastMovingSeconds windowSeconds: Double) -> Double? {
        let last = count - 1
        guard last >= 0, let lastMoving = moving(last) else { return nil }
        var first = last
        for index in stride(from: last, through: 0, by: -1) {
            guard let seconds = moving(index), segments[index] == segments[last] else { break }
            first = index
            if lastMoving - seconds >= windowSeconds { break }
        }
        guard let firstMoving = moving(first), lastMoving - firstMoving > 0 else { return nil }
        return Pace.secondsPerKilometer(seconds: lastMoving - firstMoving, meters: distances[last] - distances[first])
    }
}
