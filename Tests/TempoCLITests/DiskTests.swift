import Foundation
import Testing
import TempoTestSupport

/// Issue 14, disk: the store on a real small filesystem (a tmpfs mounted for the test) that
/// fills up, and one remounted read-only. Needs root to mount; CI runs as root.
@Suite(.serialized, .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
struct DiskTests {
    /// A tmpfs of `megabytes` at a fresh folder, unmounted by `unmount()`.
    struct SmallDisk {
        let folder: URL

        init(megabytes: Int) throws {
            folder = TestDirectory.root.appendingPathComponent("tempo-disk-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.mount(["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", folder.path])
        }

        func remountReadOnly() throws { try Self.mount(["-o", "remount,ro", folder.path]) }

        func unmount() {
            _ = try? Self.run("/bin/umount", [folder.path])
            try? FileManager.default.removeItem(at: folder)
        }

        /// Fills the disk to the last byte with a file named `filler`.
        func fill() throws {
            let path = folder.path + "/filler"
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteUnknown) }
            let block = Data(count: 4096)
            while (try? handle.write(contentsOf: block)) != nil {}
            try? handle.close()
        }

        func emptyFiller() throws { try FileManager.default.removeItem(atPath: folder.path + "/filler") }

        private static func mount(_ arguments: [String]) throws {
            guard try run("/bin/mount", arguments) == 0 else { throw CocoaError(.fileWriteNoPermission) }
        }

        private static func run(_ path: String, _ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// Watson frames of one hour each, a day apart, from 2020 on.
    static func watsonFrames(_ count: Int) -> String {
        let frames = (0..<count).map { index in
            let start = 1_577_872_800 + index * 86_400
            return "[\(start), \(start + 3600), \"project\(index % 7)\", \"frame\(index)\", [], \(start + 3600)]"
        }
        return "[" + frames.joined(separator: ",\n") + "]"
    }

    @Test func aFullDiskRefusesCleanlyAndTheNextCommandWorksOnceSpaceIsBack() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let disk = try SmallDisk(megabytes: 2)
        defer { disk.unmount() }
        let database = disk.folder.appendingPathComponent("tempo.sqlite").path
        #expect(try tempo.run("focus", "add", "--start", "2019-06-01T09:00Z", "--end", "2019-06-01T10:00Z", "--db", database).status == 0)
        let frames = tempo.file("frames.json")
        try Data(Self.watsonFrames(2000).utf8).write(to: URL(fileURLWithPath: frames))

        try disk.fill()
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let full = try tempo.run("focus", "import", frames, "--db", database)
        #expect(full.status == 1, "\(full.stdout) \(full.stderr)")
        #expect(full.stderr.contains("disk is full") && full.stderr.split(separator: "\n").count == 1, "\(full.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        #expect(!FileManager.default.fileExists(atPath: database + "-journal"))
        #expect(try tempo.run("focus", "report", "--from", "2019-06-01", "--to", "2019-06-01", "--db", database).status == 0)

        try disk.emptyFiller()
        let imported = try tempo.run("focus", "import", frames, "--db", database)
        #expect(imported.status == 0, "\(imported.stderr)")
        let report = try tempo.run("focus", "report", "--from", "2019-01-01", "--to", "2026-01-01", "--json", "--db", database)
        #expect((try report.json() as? [String: Any])?["total_s"] as? Double == 2001 * 3600)
    }

    @Test func aReadOnlyStoreRefusesWritesAndStillReads() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let disk = try SmallDisk(megabytes: 2)
        defer { disk.unmount() }
        let database = disk.folder.appendingPathComponent("tempo.sqlite").path
        #expect(try tempo.run("focus", "add", "--start", "2019-06-01T09:00Z", "--end", "2019-06-01T10:00Z", "--db", database).status == 0)
        try disk.remountReadOnly()
        for arguments in [["focus", "start"], ["timer", "start", "5m"], ["places", "add", "x", "--at", "1,2", "--radius", "5m"]] {
            let result = try tempo.run(arguments + ["--db", database])
            #expect(result.status == 1 && result.stderr.contains("read-only"), "\(arguments): \(result.stderr)")
        }
        let report = try tempo.run("focus", "report", "--from", "2019-06-01", "--to", "2019-06-01", "--json", "--db", database)
        #expect((try report.json() as? [String: Any])?["total_s"] as? Double == 3600, "\(report.stderr)")
        #expect(try tempo.run("focus", "status", "--db", database).status == 0)
    }
}
