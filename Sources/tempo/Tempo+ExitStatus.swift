import ArgumentParser
import TempoKit
import TempoStore

extension Tempo {
    /// The one map from an error to the process's exit status: 64 for a usage error (the
    /// argument parser's own, or a value the user typed that cannot be read or is out of range),
    /// 0 for help and `--version`, 1 for every other failure (``CLIError``, the store's, a file's).
    /// A config file that cannot be used exits 78 (`EX_CONFIG` of sysexits.h).
    static func exitStatus(for error: any Error) -> ExitCode {
        if error is PreferencesError { return ExitCode(78) }
        return isBadValue(error) ? .validationFailure : exitCode(for: error)
    }

    /// A value the user typed that cannot be read or is out of range: a usage error (64), like
    /// the argument parser's own.
    private static func isBadValue(_ error: any Error) -> Bool {
        switch error {
        case is DurationParseError, is LocalDateError, is DayTimeError, is DayCalendarError, is OutOfRange, is RunRecordingError: true
        case let error as FocusError:
            switch error {
            case .invalidTime, .nonexistentLocalTime, .invalidDuration, .outOfRange, .atInFuture: true
            default: false
            }
        case let error as PlaceError:
            switch error {
            case .invalidCenter, .invalidRadius, .emptyName: true
            default: false
            }
        default: false
        }
    }
}
