/// `--db PATH` and `--json`, which every command takes, accepted anywhere on the line:
/// `tempo --db x.sqlite timer list`, `tempo timer --json list` and `tempo timer list --db x.sqlite`
/// all mean the same.
///
/// The argument parser reads an option only after the subcommand that declares it (it has no
/// inherited options), and every leaf command declares these two (``GlobalOptions``,
/// ``OutputOptions``). So before parsing they are moved after the last word, ahead of a `--`
/// terminator, where the leaf reads them; a command that does not take `--json` still refuses it.
enum AnywhereOptions {
    /// Options that take no value.
    static let flags: Set<String> = ["--json"]
    /// Options that take the next word as their value.
    static let valued: Set<String> = ["--db"]

    /// `arguments` (without the program name) with every flag and valued option moved to the end.
    static func reordered(_ arguments: [String]) -> [String] {
        var kept: [String] = [], moved: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" {
                break
            } else if flags.contains(argument) || valued.contains(where: { argument.hasPrefix($0 + "=") }) {
                moved.append(argument)
            } else if valued.contains(argument), index + 1 < arguments.endIndex {
                moved += [argument, arguments[index + 1]]
                index += 1
            } else {
                kept.append(argument)
            }
            index += 1
        }
        return kept + moved + arguments[index...]
    }
}
