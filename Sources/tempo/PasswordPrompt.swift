import Foundation

/// The account password of `tempo login`: `TEMPO_PASSWORD` when set, else typed at a terminal
/// without echo. Without either there is no way to ask, and that is the error.
enum PasswordPrompt {
    /// The password, or a `CLIError` when none can be had.
    static func password(environment: [String: String]) throws -> String {
        if let password = environment["TEMPO_PASSWORD"], !password.isEmpty { return password }
        guard isatty(STDIN_FILENO) == 1 else {
            throw CLIError("no password: set TEMPO_PASSWORD or run `tempo login` at a terminal to type it")
        }
        FileHandle.standardError.write(Data("Password: ".utf8))
        var original = termios()
        let canHide = tcgetattr(STDIN_FILENO, &original) == 0
        if canHide {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        let line = readLine(strippingNewline: true)
        if canHide { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
        FileHandle.standardError.write(Data("\n".utf8))
        guard let line, !line.isEmpty else { throw CLIError("no password typed") }
        return line
    }
}
