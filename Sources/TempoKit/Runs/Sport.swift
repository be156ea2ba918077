/// What kind of activity a run is: a prior for the motion model, never a verdict.
///
/// Files name sports many ways (GPX `<type>` as Strava writes it: `Run`, `Ride`, `VirtualRide`,
/// `Hike`, `NordicSki`…; TCX `Sport="Biking"`; FIT `sport`/`sub_sport`); `init?(name:)` reads
/// them all. A track with no sport is analysed just as well: its sport is inferred from its
/// speeds (`inferred(fromMovingSpeed:)`).
public enum Sport: String, Sendable, Hashable, Codable, CaseIterable {
    case running, walking, hiking, cycling, skiing, swimming, transition

    /// The sport a file or a user names, case and punctuation ignored; `nil` for names that say
    /// nothing about the motion ("generic", "Workout", "other", empty).
    public init?(name: String) {
        let key = String(name.lowercased().filter { $0.isLetter })
        if key.isEmpty { return nil }
        if let exact = Self.names[key] {
            self = exact
            return
        }
        if key.contains("ride") || key.contains("bik") || key.contains("cycl") { self = .cycling
        } else if key.contains("ski") || key.contains("skat") || key.contains("snowboard") { self = .skiing
        } else if key.contains("swim") { self = .swimming
        } else if key.contains("hik") || key.contains("trek") || key.contains("mountaineer") || key.contains("snowshoe") { self = .hiking
        } else if key.contains("walk") { self = .walking
        } else if key.contains("run") || key.contains("jog") { self = .running
        } else { return nil }
    }

    private static let names: [String: Sport] = [
        "run": .running, "running": .running, "trailrun": .running, "virtualrun": .running, "treadmill": .running,
        "walk": .walking, "walking": .walking, "hike": .hiking, "hiking": .hiking,
        "ride": .cycling, "virtualride": .cycling, "ebikeride": .cycling, "cycling": .cycling, "biking": .cycling,
        "velomobile": .cycling,
        "nordicski": .skiing, "alpineski": .skiing, "backcountryski": .skiing, "crosscountryskiing": .skiing,
        "swim": .swimming, "swimming": .swimming, "openwaterswimming": .swimming, "openwater": .swimming,
        "transition": .transition,
    ]

    /// The sport a track's moving speed (metres per second, moving distance over moving time)
    /// suggests: walking below 1.8 m/s, running below 5.5, cycling above.
    public static func inferred(fromMovingSpeed speed: Double) -> Sport {
        if speed < 1.8 { return .walking }
        if speed < 5.5 { return .running }
        return .cycling
    }

    /// A speed (metres per second) no one doing this sport reaches: only a physical sanity bound
    /// for steps between fixes, far above any real effort (a descent on a bike or skis included).
    public var maxSpeedMetersPerSecond: Double {
        switch self {
        case .running, .walking, .hiking, .transition: 30
        case .swimming: 15
        case .cycling, .skiing: 60
        }
    }
}
