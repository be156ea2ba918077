import ArgumentParser
import Foundation
import TempoStore

/// Shell completions read from the store: the shell runs `tempo ---completion …` and offers
/// what this prints (timer labels and ids, run ids), so the store named by `--db` on the line
/// being completed (else `$TEMPO_DB` and the defaults) is opened read-only.
enum StoreCompletion {
    /// Timer labels, then short ids, newest first.
    static let timers = CompletionKind.custom { words, _, prefix in
        candidates(words: words, prefix: prefix) { database in
            let timers = try database.timers()
            return timers.compactMap(\.label) + timers.map(\.shortID)
        }
    }

    /// Run ids (the first eight hex digits), newest first.
    static let runs = CompletionKind.custom { words, _, prefix in
        candidates(words: words, prefix: prefix) { database in
            try database.runs().map { String($0.id.uuidString.prefix(8)).lowercased() }
        }
    }

    /// What `read` finds that starts with `prefix`, each once; nothing when the store cannot be read
    /// (a completion never prints an error in the middle of the user's line).
    private static func candidates(words: [String], prefix: String, _ read: (AppDatabase) throws -> [String]) -> [String] {
        var db: String?
        if let index = words.firstIndex(of: "--db"), index + 1 < words.count {
            db = words[index + 1]
        } else if let option = words.first(where: { $0.hasPrefix("--db=") }) {
            db = String(option.dropFirst("--db=".count))
        }
        let path = GlobalOptions.databasePath(db)
        guard let database = try? AppDatabase.open(path: path, access: .readOnly), let all = try? read(database) else { return [] }
        var seen = Set<String>()
        return all.filter { $0.hasPrefix(prefix) && seen.insert($0).inserted }
    }
}
