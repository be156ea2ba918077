/// When text output is coloured (`colour` in config.toml): on a terminal (`auto`), always or never.
enum ColourChoice: String, CaseIterable, Sendable {
    /// Colour only when standard output is a terminal.
    case auto
    /// Colour even into a pipe.
    case always
    /// No colour.
    case never

    /// Whether to colour output that goes to a terminal (`onTerminal`) or not.
    func isEnabled(onTerminal: Bool) -> Bool {
        switch self {
        case .auto: onTerminal
        case .always: true
        case .never: false
        }
    }
}
