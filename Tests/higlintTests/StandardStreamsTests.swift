import Foundation
import Testing

/// Standard input, output and error as a shell can leave them: closed, a folder, endless, full, or gone.
@Suite("Standard streams", .serialized)
struct StandardStreamsTests {
    /// Runs `higlint ARGUMENTS` through `sh -c`, so `redirections` (`<&-`, `> /dev/full`) apply to it.
    func run(_ arguments: [String], redirections: String, in directory: URL? = nil) throws -> HIGLint.Output {
        let folder = directory ?? FileManager.default.temporaryDirectory
        return try runBounded(arguments, in: folder, seconds: 120, prefix: ["/bin/sh", "-c", "exec \"$0\" \"$@\" \(redirections)"])
    }

    @Test("--stdin with standard input closed, a folder, or endless is exit 2 with the reason, never a crash",
          arguments: [
              ("<&-", "cannot read standard input (it is closed)"),
              ("< /", "cannot read standard input (it is a folder)"),
              ("< /dev/zero", "cannot read standard input (it is larger than 64 MiB)"),
          ])
    func badStandardInput(redirection: String, reason: String) throws {
        let output = try run(["--stdin", "--assume-filename", "View.swift"], redirections: redirection)
        expectNoCrash(output)
        #expect(output.status == 2)
        #expect(output.stderr.contains("View.swift: error: \(reason)"), "\(output.stderr)")
    }

    @Test("--stdin that never ends is given up after --file-timeout")
    func standardInputNeverClosed() throws {
        let process = Process()
        process.executableURL = HIGLint.binary
        process.arguments = ["--stdin", "--assume-filename", "View.swift", "--file-timeout", "1", "--no-cache"]
        let input = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data("struct A {}\n".utf8))   // and never closed until the end
        let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try input.fileHandleForWriting.close()
        #expect(process.terminationStatus == 2)
        #expect(stderr.contains("View.swift: error: cannot read standard input (nothing ended it within the time limit)"), "\(stderr)")
    }

    @Test("a report that cannot be written (a full device) is exit 2 with the reason; fix says so after writing the files")
    func fullOutput() throws {
        let root = try temporaryProject(["Sources/Receipt.swift": receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try run(["lint", ".", "--no-cache"], redirections: "> /dev/full", in: root)
        expectNoCrash(lint)
        #expect(lint.status == 2)
        #expect(lint.stderr.contains("higlint: error: cannot write to standard output (No space left on device)"), "\(lint.stderr)")

        let summary = try run(["lint", ".", "--no-cache"], redirections: "2> /dev/full", in: root)
        #expect(summary.status == 2)
        #expect(summary.stdout.contains("Receipt.swift:3:28"))

        let fix = try run(["fix", "."], redirections: "> /dev/full", in: root)
        expectNoCrash(fix)
        #expect(fix.status == 2)
        #expect(fix.stderr.contains("cannot write to standard output (No space left on device)"), "\(fix.stderr)")
        #expect(try String(contentsOf: root.appendingPathComponent("Sources/Receipt.swift"), encoding: .utf8).contains(".footnote"))
    }

    @Test("a reader that went away (a closed pipe) ends the run quietly: exit 2 where SIGPIPE is ignored, else the signal")
    func closedPipe() throws {
        let root = try temporaryProject(["Sources/Receipt.swift": receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        // `trap '' PIPE` is inherited through exec, as from a parent that ignores SIGPIPE (Python, many CI runners).
        for ignoresSignal in [true, false] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "\(ignoresSignal ? "trap '' PIPE; " : "")exec \"$0\" lint . --no-cache", HIGLint.binary.path]
            process.currentDirectoryURL = root
            let output = Pipe(), error = Pipe()
            process.standardOutput = output
            process.standardError = error
            process.standardInput = FileHandle.nullDevice
            try output.fileHandleForReading.close()   // nobody reads: the first write fails
            try process.run()
            let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if ignoresSignal {
                #expect(process.terminationReason == .exit && process.terminationStatus == 2, "\(process.terminationStatus)")
            } else {
                #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE)
            }
            #expect(stderr.isEmpty, "\(stderr)")
        }
    }
}

/// Links out of the tree are not followed by any phase of a run.
@Suite("Links out of the tree", .serialized)
struct LinksOutOfTheTreeTests {
    @Test("lint of a folder holding a link to / and a link loop checks the folder's own files and ends")
    func linkToRoot() throws {
        let root = try temporaryProject(["repo/Sources/Receipt.swift": receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("repo/root").path, withDestinationPath: "/")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("repo/loop").path, withDestinationPath: ".")
        let output = try runBounded(["lint", "repo", "--no-cache"], in: root, seconds: 300)
        expectNoCrash(output)
        #expect(output.status == 1)
        let files = Set(output.stdout.split(separator: "\n").map { $0.split(separator: ":").first.map(String.init) ?? "" })
        #expect(files == ["repo/Sources/Receipt.swift"], "\(output.stdout.prefix(500))")
    }
}
