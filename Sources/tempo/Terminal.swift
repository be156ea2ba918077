#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// The terminal a live display draws on: in-place redraw and single-key input on a terminal,
/// plain lines otherwise.
///
/// Raw mode turns off echo, line buffering and signal keys, so Ctrl-C arrives as the key
/// `.interrupt` and the command can leave its state saved; the terminal's settings are
/// restored on every way out (`restore()`, SIGTERM, SIGHUP, process exit).
final class Terminal: Sendable {
    /// A key the user pressed.
    enum Key: Equatable, Sendable {
        case character(Character)
        case interrupt
        case endOfInput
    }

    /// Whether standard output is a terminal (live redraw and colour only then).
    let isInteractive: Bool
    /// Keys as they are pressed; empty (finishes at once) when standard input is not a terminal.
    let keys: AsyncStream<Key>
    private let saved: termios?

    /// Opens the terminal; `readKeys` puts standard input in raw mode when it is a terminal.
    init(readKeys: Bool) {
        isInteractive = isatty(STDOUT_FILENO) == 1
        guard readKeys, isatty(STDIN_FILENO) == 1 else {
            saved = nil
            keys = AsyncStream { $0.finish() }
            return
        }
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        saved = original
        Terminal.restoreOnExit(original)
        let (stream, continuation) = AsyncStream.makeStream(of: Key.self)
        keys = stream
        // A blocking read needs its own thread; it ends with the process.
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 {
                continuation.yield(byte == 3 ? .interrupt : .character(Character(Unicode.Scalar(byte))))
            }
            continuation.yield(.endOfInput)
            continuation.finish()
        }
    }

    /// Draws `text` as the live line: in place on a terminal, as a new line otherwise.
    func draw(_ text: String) {
        write(isInteractive ? "\r\u{1B}[2K" + text : text + "\n")
    }

    /// Ends the live line so the next output starts on a fresh line.
    func endLine() {
        if isInteractive { write("\n") }
    }

    /// Prints a whole line (after ending the live line if one is drawn).
    func line(_ text: String) {
        write(text + "\n")
    }

    /// Rings the terminal bell.
    func bell() {
        write("\u{07}")
    }

    /// Puts the terminal back as it was.
    func restore() {
        guard var saved else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    private static func restoreOnExit(_ original: termios) {
        let settings = original
        for number in [SIGTERM, SIGHUP] {
            _ = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                var copy = settings
                tcsetattr(STDIN_FILENO, TCSANOW, &copy)
                exit(128 + number)
            }
            source.resume()
            signalSources.append(source)
        }
    }

    /// Kept alive for the life of the process; touched only while opening the terminal.
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []
}
