/// A config file that cannot be used: which file, where, which key, and what is wrong with it.
///
/// Exit status 78 (`EX_CONFIG`): the command line was fine, the configuration was not.
struct PreferencesError: Error, Equatable, CustomStringConvertible {
    /// The config file's path.
    var file: String
    /// 1-based line of the problem, when known.
    var line: Int?
    /// The key (`timer.notify`), when the problem is a value.
    var key: String?
    /// What is wrong, for people.
    var problem: String

    /// `~/.config/tempo/config.toml:3: units: "furlongs" is not metric or imperial`.
    var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return key.map { "\(place): \($0): \(problem)" } ?? "\(place): \(problem)"
    }
}
