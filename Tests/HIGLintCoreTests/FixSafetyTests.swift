import Foundation
import HIGLintCore
import HIGLintRules
import Testing

/// `fix` never loses data: a file is as it was or fully corrected, whatever happens while it runs.
@Suite("Fix safety")
struct FixSafetyTests {
    static let view = receiptView
    let engine = LintEngine(ruleTypes: allRules)

    func files(in folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    @Test("a file edited while it is being corrected is skipped and keeps the edit; the others are written")
    func editedDuringTheRun() throws {
        let folder = try TemporaryFolder()
        let edited = try folder.write("Edited.swift", Self.view)
        let other = try folder.write("Other.swift", Self.view)
        let engine = engine
        // Someone saves Edited.swift after HIGLint read it and before it writes the correction.
        let fixer = FixEngine { source, path in
            if path == edited, !source.contains("saved meanwhile") {
                try? Data((Self.view + "// saved meanwhile\n").utf8).write(to: URL(fileURLWithPath: edited))
            }
            return engine.lint(source: source, path: path)
        }
        let run = fixer.fix(paths: [folder.url.path], write: true)
        let outcomes = Dictionary(uniqueKeysWithValues: run.files.map { ($0.path, $0.outcome) })
        #expect(outcomes[edited] == .changedOnDisk)
        #expect(outcomes[other] == .written)
        #expect(try String(contentsOfFile: edited, encoding: .utf8) == Self.view + "// saved meanwhile\n")
        #expect(try String(contentsOfFile: other, encoding: .utf8).contains(".footnote"))
        #expect(try files(in: folder) == ["Edited.swift", "Other.swift"])
    }

    @Test("a file deleted while it is being corrected is reported, not recreated")
    func deletedDuringTheRun() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("Gone.swift", Self.view)
        let engine = engine
        let fixer = FixEngine { source, file in
            try? FileManager.default.removeItem(atPath: file)
            return engine.lint(source: source, path: file)
        }
        let run = fixer.fix(paths: [path], write: true)
        let outcome = try #require(run.files.first?.outcome)
        guard case .failed(let error) = outcome else { Issue.record("\(outcome)"); return }
        #expect(error.path == path)
        #expect(error.reason.contains("No such file"), "\(error.reason)")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try files(in: folder).isEmpty)
    }

    @Test("a write that fails (a full disk, an I/O error) is reported with its reason and leaves the file as it was")
    func failedWrite() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("A.swift", Self.view)
        var fixer = FixEngine(engine: engine)
        fixer.writer = { _, _ throws(AtomicFile.Failure) in throw .system("No space left on device") }
        let file = try #require(fixer.fix(paths: [path], write: true).files.first)
        #expect(file.outcome == .failed(FileError(path: path, reason: "cannot write the file (No space left on device); not changed")))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.view)
    }

    /// A 64 KiB tmpfs, when this process may mount one (root in a container that allows it).
    static func mountTinyFileSystem() -> URL? {
        guard geteuid() == 0 else { return nil }
        let point = URL(fileURLWithPath: "/tmp/higlint-full-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=64k", "tmpfs", point.path]
        mount.standardError = FileHandle.nullDevice
        guard (try? mount.run()) != nil else { return nil }
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: point)
            return nil
        }
        return point
    }

    static func unmount(_ point: URL) {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [point.path]
        try? umount.run()
        umount.waitUntilExit()
        try? FileManager.default.removeItem(at: point)
    }

    @Test("on a really full disk, AtomicFile reports it, the original stays intact and no temporary file is left")
    func fullDisk() throws {
        guard let point = Self.mountTinyFileSystem() else {
            // Without mount rights the injected failing writer above stands in for a full disk.
            return
        }
        defer { Self.unmount(point) }
        print("full disk: a 64 KiB tmpfs at \(point.path)")
        let path = point.appendingPathComponent("A.swift").path
        // Big enough that the file and its corrected copy cannot both fit in 64 KiB.
        let padding = String(repeating: "// padding padding padding padding padding padding padding padding\n", count: 600)
        let original = Self.view + padding
        try Data(original.utf8).write(to: URL(fileURLWithPath: path))
        // Fill what is left.
        let filler = point.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
        try? handle.close()

        let file = try #require(FixEngine(engine: engine).fix(paths: [path], write: true).files.first)
        guard case .failed(let error) = file.outcome else { Issue.record("\(file.outcome)"); return }
        #expect(error.reason.contains("No space left on device"), "\(error.reason)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: point.path).sorted() == ["A.swift", "filler"])
    }
}

let receiptView = """
    struct Receipt: View {
        var body: some View {
            Text("Total").font(.system(size: 13))
        }
    }

    """
