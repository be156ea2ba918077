#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command lines the front answers itself; every other one is the full tool's.
///
/// `--db PATH` (or `--db=PATH`) and `--json` may stand anywhere, as the full tool allows; any
/// other option, a repeated one, or `--` makes the line the full tool's, so that its parser
/// reports what is wrong.
enum QuickCommand: Equatable {
    case help
    case focusStatus(db: String?, json: Bool)
    case timerList(db: String?, json: Bool)

    init?(_ arguments: [String], environment: [String: String]) {
        if ["--help", "-h", "help"].contains(arguments.first ?? ""), arguments.count == 1 {
            guard Self.helpFits(environment) else { return nil }
            self = .help
            return
        }
        var words: [String] = [], db: String?, json = false
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--json", !json {
                json = true
            } else if argument == "--db", db == nil, index + 1 < arguments.endIndex {
                db = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("--db="), db == nil {
                db = String(argument.dropFirst(5))
            } else if argument.hasPrefix("-") {
                return nil
            } else {
                words.append(argument)
            }
            index += 1
        }
        if db?.isEmpty == true { return nil }
        switch words {
        case ["focus", "status"]: self = .focusStatus(db: db, json: json)
        case ["timer", "list"]: self = .timerList(db: db, json: json)
        default: return nil
        }
    }

    /// The stored help is the full tool's at 80 columns, none of whose lines is wrapped: the
    /// full tool prints the same text at any width of 80 or more (its `COLUMNS`, else the
    /// terminal's, else 80). A narrower one wraps, and is the full tool's.
    private static func helpFits(_ environment: [String: String]) -> Bool {
        if let columns = environment["COLUMNS"], !columns.isEmpty { return (Int(columns) ?? 0) >= 80 }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return true }
        return size.ws_col >= 80
    }
}
