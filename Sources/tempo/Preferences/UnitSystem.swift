import ArgumentParser

/// The units distances, paces and heights are shown in (`units` in config.toml, `--units`).
///
/// Only text output changes: JSON keeps metres and seconds per kilometre.
enum UnitSystem: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// Kilometres, minutes per kilometre, metres.
    case metric
    /// Miles, minutes per mile, feet.
    case imperial
}
