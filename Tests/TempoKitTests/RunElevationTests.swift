import Foundation
import Testing
import TempoKit

/// Elevation on constructed profiles (expected values are the constructed climbs).
@Suite struct RunElevationTests {
    private func samples(_ altitudes: [Double]) -> [RunSample] {
        altitudes.enumerated().map { index, altitude in
            RunSample(time: Date(timeIntervalSince1970: Double(index)), coordinate: Coordinate(latitude: 46, longitude: 14),
                      altitudeMeters: altitude, segment: 0, distanceMeters: Double(index) * 3, timerSeconds: Double(index),
                      movingSeconds: Double(index))
        }
    }

    @Test func spikesAndNoiseOnFlatGroundAreNotClimbing() throws {
        var random = SeededRandom(seed: 11)
        var altitudes = (0..<1800).map { _ in 300 + random.gaussian() * 1.0 }
        for spike in stride(from: 100, to: 1800, by: 150) { altitudes[spike] += 90; altitudes[spike + 1] += 90 }
        let profile = try #require(ElevationProfile(samples: samples(altitudes)))
        #expect(profile.gainMeters < 5)
        #expect(profile.lossMeters < 5)
    }

    @Test func aNoisyHillIsMeasured() throws {
        // Up 60 m over 10 minutes, down 60 m over 10 minutes, with 1 m noise and two 90 m spikes.
        var random = SeededRandom(seed: 12)
        var altitudes = (0..<1200).map { i in 200 + 60 * (1 - abs(Double(i) - 600) / 600) + random.gaussian() }
        altitudes[300] += 90
        altitudes[900] -= 90
        let profile = try #require(ElevationProfile(samples: samples(altitudes)))
        #expect(abs(profile.gainMeters - 60) < 6)
        #expect(abs(profile.lossMeters - 60) < 6)
    }

    @Test func noAltitudesGiveNoProfile() {
        let none = (0..<10).map { i in
            RunSample(time: nil, coordinate: Coordinate(latitude: 46, longitude: 14), altitudeMeters: nil, segment: 0,
                      distanceMeters: Double(i), timerSeconds: nil, movingSeconds: nil)
        }
        #expect(ElevationProfile(samples: none) == nil)
    }
}
