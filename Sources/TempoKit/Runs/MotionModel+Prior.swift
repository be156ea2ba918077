import Foundation

extension MotionModel {
    /// The moving speed a sport starts from, m/s, before the run's own pace is learned (`typicalSpeed`).
    static func priorSpeed(_ sport: Sport?) -> Double {
        switch sport {
        case .running: 3
        case .walking, .swimming: 1.2
        case .hiking: 0.9
        case .cycling: 6
        case .skiing: 4
        case .transition, nil: 1.5
        }
    }
}
