import Foundation
import Testing

/// Option values that used to hang a run or write somewhere unexpected are usage errors.
@Suite("Option validation", .serialized)
struct OptionValidationTests {
    @Test("--file-timeout below a millisecond, negative, or beyond a year is a usage error, for lint and fix", arguments: [
        ["lint", "--file-timeout", "1e-9"], ["fix", "--file-timeout", "1e-7"], ["lint", "--file-timeout", "-1"],
        ["fix", "--file-timeout", "1e300"], ["lint", "--file-timeout", "nan"],
    ])
    func fileTimeout(arguments: [String]) throws {
        let output = try HIGLint.run(arguments)
        #expect(output.status == 2)
        #expect(output.stderr.contains("--file-timeout needs 0 (no limit) or a number of seconds from 0.001 to 31536000"), "\(output.stderr)")
    }

    @Test("--cache-path with an empty value is a usage error, not the current folder")
    func emptyCachePath() throws {
        let root = try temporaryProject(["A.swift": receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["lint", ".", "--cache-path", ""], in: root)
        #expect(output.status == 2)
        #expect(output.stderr.contains("--cache-path needs a path, not an empty string"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("v2").path))
    }
}

/// Messages for bad paths name the problem, not a system error code.
@Suite("Messages for bad paths", .serialized)
struct BadPathMessageTests {
    @Test("a socket, a report into a folder, a FIFO baseline and an unwritable stamp are named for what they are")
    func namedForWhatTheyAre() throws {
        let root = try temporaryProject(["Sources/Receipt.swift": receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(atPath: root.appendingPathComponent("Sockets").path, withIntermediateDirectories: true)
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let socketDescriptor = socket(AF_UNIX, stream, 0)
        defer { close(socketDescriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in "Sockets/Live.swift".utf8.enumerated() { buffer[index] = byte }
        }
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(root.path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        _ = FileManager.default.changeCurrentDirectoryPath(previous)
        #expect(bound == 0)
        let sockets = try HIGLint.run(["lint", "Sockets", "--no-cache"], in: root)
        #expect(sockets.stderr.contains("Sockets/Live.swift: error: cannot read the file (it is a socket, not a regular file)"), "\(sockets.stderr)")

        let folder = try HIGLint.run(["lint", "Sources", "--no-cache", "--output", "Sources"], in: root)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("cannot write the report to Sources (it is a folder)"), "\(folder.stderr)")

        #expect(mkfifo(root.appendingPathComponent("baseline.json").path, 0o644) == 0)
        let fifo = try HIGLint.run(["lint", "Sources", "--no-cache", "--baseline", "baseline.json"], in: root)
        #expect(fifo.status == 2)
        #expect(fifo.stderr.contains("cannot read the baseline (it is a named pipe, not a regular file)"), "\(fifo.stderr)")

        let stamp = try HIGLint.run(["lint", "Sources", "--no-cache", "--stamp", "missing/stamp"], in: root)
        #expect(stamp.status == 2)
        #expect(stamp.stderr.contains("cannot write the stamp missing/stamp (No such file or directory)"), "\(stamp.stderr)")
    }
}

/// `fix --dry-run` prints what `patch -p0` applies, whatever the paths and line endings.
@Suite("Dry-run patches", .serialized)
struct DryRunPatchTests {
    @Test("a path with spaces and a file with lone CR line endings: patch -p0 applies the diff and gives fix's result",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/patch"), "needs patch(1)"))
    func patchApplies() throws {
        let files = ["My App/Receipt.swift": receipt, "Old Mac/Receipt.swift": receipt.replacingOccurrences(of: "\n", with: "\r")]
        let dry = try temporaryProject(files)
        let fixed = try temporaryProject(files)
        defer {
            try? FileManager.default.removeItem(at: dry)
            try? FileManager.default.removeItem(at: fixed)
        }
        let diff = try HIGLint.run(["fix", ".", "--dry-run"], in: dry)
        #expect(diff.stdout.contains("--- \"./My App/Receipt.swift\"") || diff.stdout.contains("--- \"My App/Receipt.swift\""), "\(diff.stdout)")
        _ = try HIGLint.run(["fix", "."], in: fixed)

        let patch = Process()
        patch.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
        patch.arguments = ["-p0", "--batch", "--silent"]
        patch.currentDirectoryURL = dry
        let input = Pipe()
        patch.standardInput = input
        patch.standardOutput = FileHandle.nullDevice
        try patch.run()
        input.fileHandleForWriting.write(Data(diff.stdout.utf8))
        try input.fileHandleForWriting.close()
        patch.waitUntilExit()
        #expect(patch.terminationStatus == 0)
        for path in files.keys {
            let patched = try Data(contentsOf: dry.appendingPathComponent(path))
            let written = try Data(contentsOf: fixed.appendingPathComponent(path))
            #expect(patched == written, "\(path)")
            #expect(patched != Data(files[path]!.utf8), "\(path) was not fixed")
        }
    }
}
