import Foundation
import Testing

/// Runs the built binary with a watchdog: a run still going after `seconds` is killed and recorded as a hang.
/// Output goes through files, not pipes, so a full pipe cannot stall either side.
func runBounded(_ arguments: [String], in directory: URL, seconds: TimeInterval = 120,
                prefix: [String] = []) throws -> HIGLint.Output {
    let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-out-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outputs) }
    let (out, err) = (outputs.appendingPathComponent("out"), outputs.appendingPathComponent("err"))
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    if let launcher = prefix.first {
        process.executableURL = URL(fileURLWithPath: launcher)
        process.arguments = Array(prefix.dropFirst()) + [HIGLint.binary.path] + arguments
    } else {
        process.executableURL = HIGLint.binary
        process.arguments = arguments
    }
    process.currentDirectoryURL = directory
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date(timeIntervalSinceNow: seconds)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
        process.terminate()
        process.waitUntilExit()
        Issue.record("higlint \(arguments.joined(separator: " ")) still ran after \(Int(seconds)) s")
    }
    process.waitUntilExit()
    return HIGLint.Output(status: process.terminationStatus,
                          stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                          stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
}

/// A crash shows as a signal: `Process` reports it as `uncaughtSignal`, and the status is the signal number.
func expectNoCrash(_ output: HIGLint.Output, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!output.stderr.contains("Program crashed"), "\(comment?.rawValue ?? ""): \(output.stderr.prefix(600))", sourceLocation: sourceLocation)
    #expect([0, 1, 2].contains(output.status), "\(comment?.rawValue ?? ""): exit \(output.status)", sourceLocation: sourceLocation)
}

let receipt = """
    struct Receipt: View {
        var body: some View {
            Text("Total").font(.system(size: 13))
        }
    }

    """

/// A broken configuration file, named in the test log by `name`: swift-testing prints each case's arguments in
/// full, and some of these texts run to 25,000 characters.
struct BrokenConfiguration: Sendable, CustomTestStringConvertible {
    var name: String
    var contents: String
    var message: String

    init(_ name: String, _ contents: String, _ message: String) {
        (self.name, self.contents, self.message) = (name, contents, message)
    }

    var testDescription: String { name }
}

@Suite("Bad input, through the command line", .serialized)
struct BadInputCommandTests {
    func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

    @Test("a 50,000-line file, 5,000-deep closures and parentheses, 5,000 operators, a long modifier chain: no crash, each checked")
    func bigAndDeep() throws {
        var fiftyThousand = ""
        for index in 0..<10_000 {
            fiftyThousand += "struct Row\(index): View {\n    var body: some View {\n        Text(\"Row\").font(.headline)\n    }\n}\n"
        }
        let root = try temporaryProject([
            "Big.swift": fiftyThousand,
            "Closures.swift": "struct Deep: View {\n    var body: some View {\n" + repeated("VStack {\n", 5000) + "Text(\"x\")\n" + repeated("}\n", 5000) + "    }\n}\n",
            "Parentheses.swift": "let x = " + repeated("(", 5000) + "1" + repeated(")", 5000) + "\n",
            "ClosureLiterals.swift": "let f = " + repeated("{ ", 5000) + "1" + repeated(" }", 5000) + "\n",
            // 1,500, not 5,000: rules walk up the chain from each modifier, which is quadratic (issue 8) and takes
            // about a minute for 5,000 in a debug build; .ci/run checks 5,000 with the release binary.
            "Chain.swift": "struct Long: View {\n    var body: some View {\n        Text(\"x\")\n" + (0..<1500).map { "            .padding(\($0))\n" }.joined() + "    }\n}\n",
            "Operators.swift": "let sum = " + (0..<5000).map(String.init).joined(separator: " + ") + "\n",
            "Receipt.swift": receipt,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try runBounded(["lint", "--format", "json", "--quiet"], in: root, seconds: 300)
        expectNoCrash(output)
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout.contains("Receipt.swift"))
        #expect(output.stderr.isEmpty, "\(output.stderr.prefix(600))")
    }

    @Test("brackets nested so deep that the parser would take exponential time: the file is given up, the others checked, exit 2")
    func exponentialParse() throws {
        let root = try temporaryProject([
            // Each holds a view, so the prefilter (which skips files no rule could speak about) still parses it.
            "Brackets.swift": "let title = Text(\"Matrix\")\nlet matrix = " + repeated("[", 5000) + "1" + repeated("]", 5000) + "\n",
            "Attributes.swift": "let title = Text(\"Attributes\")\nlet f = " + repeated("(@", 40) + "\n",
            "Receipt.swift": receipt,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try runBounded(["lint", "--file-timeout", "3"], in: root, seconds: 60)
        expectNoCrash(output)
        #expect(output.status == 2)
        #expect(output.stdout.contains("Receipt.swift:3:28: warning:"))
        #expect(output.stderr.contains("Brackets.swift: error: not checked: checking it took longer than 3 s"))
        #expect(output.stderr.contains("Attributes.swift: error: not checked: checking it took longer than 3 s"))
        #expect(output.stderr.contains("2 could not be checked"))

        let fix = try runBounded(["fix", "--file-timeout", "3", "Brackets.swift", "Receipt.swift"], in: root, seconds: 120)
        expectNoCrash(fix)
        #expect(fix.status == 2)
        #expect(fix.stderr.contains("Brackets.swift: error: not checked"))
        #expect(try String(contentsOf: root.appendingPathComponent("Receipt.swift"), encoding: .utf8).contains(".font(.footnote)"))
    }

    @Test("a FIFO and a folder named .swift, a symlink loop, a dangling link: no hang, clear messages, the rest checked")
    func oddFileSystemEntries() throws {
        let root = try temporaryProject(["Sources/Receipt.swift": receipt, "Sources/Folder.swift/Inner.swift": receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        let sources = root.appendingPathComponent("Sources")
        #expect(mkfifo(sources.appendingPathComponent("Pipe.swift").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: sources.appendingPathComponent("Loop").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: sources.appendingPathComponent("Gone.swift").path, withDestinationPath: "Nowhere.swift")
        try FileManager.default.createSymbolicLink(atPath: sources.appendingPathComponent("A").path, withDestinationPath: "B")
        try FileManager.default.createSymbolicLink(atPath: sources.appendingPathComponent("B").path, withDestinationPath: "A")
        let output = try runBounded(["lint", "Sources"], in: root, seconds: 60)
        expectNoCrash(output)
        #expect(output.status == 2)
        #expect(output.stderr.contains("Sources/Pipe.swift: error: cannot read the file (it is a named pipe, not a regular file)"))
        #expect(output.stdout.contains("Sources/Receipt.swift:3:28"))
        #expect(output.stdout.contains("Sources/Folder.swift/Inner.swift:3:28"))

        // Named directly: a FIFO is refused the same way; a folder named .swift is walked.
        let direct = try runBounded(["lint", "Sources/Pipe.swift", "Sources/Folder.swift"], in: root, seconds: 60)
        #expect(direct.status == 2)
        #expect(direct.stderr.contains("named pipe"))
        #expect(direct.stdout.contains("Inner.swift:3:28"))
        let fix = try runBounded(["fix", "Sources/Pipe.swift"], in: root, seconds: 60)
        #expect(fix.status == 2)
        #expect(fix.stderr.contains("Sources/Pipe.swift: error: cannot read the file (it is a named pipe"))
    }

    @Test("a FIFO named .higlint.json or Contents.json is an error naming it, not a hang")
    func pipesAsOtherInputs() throws {
        let root = try temporaryProject(["App/Receipt.swift": receipt, "Assets.xcassets/Contents.json": "{}"])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Assets.xcassets/Logo.imageset"), withIntermediateDirectories: true)
        #expect(mkfifo(root.appendingPathComponent("Assets.xcassets/Logo.imageset/Contents.json").path, 0o644) == 0)
        let assets = try runBounded(["lint"], in: root, seconds: 60)
        expectNoCrash(assets)
        #expect(assets.status == 2)
        #expect(assets.stderr.contains("Assets.xcassets/Logo.imageset/Contents.json: error: cannot read the file (it is a named pipe"), "\(assets.stderr)")
        #expect(assets.stdout.contains("App/Receipt.swift:3:28"))

        #expect(mkfifo(root.appendingPathComponent(".higlint.json").path, 0o644) == 0)
        let configuration = try runBounded(["lint", "App"], in: root, seconds: 60)
        expectNoCrash(configuration)
        #expect(configuration.status == 2)
        #expect(configuration.stderr.contains(".higlint.json: error: cannot read the configuration file (it is a named pipe"), "\(configuration.stderr)")
    }

    @Test("paths with spaces and non-ASCII names are read and reported as they are")
    func unusualNames() throws {
        let root = try temporaryProject(["Mes vues/Écran d’accueil.swift": receipt, "日本語/ビュー.swift": receipt, "Tab\there.swift": receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try runBounded(["lint"], in: root, seconds: 60)
        expectNoCrash(output)
        #expect(output.status == 1)
        #expect(output.stdout.contains("Mes vues/Écran d’accueil.swift:3:28: warning:"))
        #expect(output.stdout.contains("日本語/ビュー.swift:3:28: warning:"))
        #expect(output.stdout.contains("Tab\there.swift:3:28: warning:"))
        let fix = try runBounded(["fix", "Mes vues"], in: root, seconds: 60)
        #expect(fix.status == 0)
        #expect(try String(contentsOf: root.appendingPathComponent("Mes vues/Écran d’accueil.swift"), encoding: .utf8).contains(".footnote"))
    }

    @Test("a file name that is not valid UTF-8 is read, fixed and reported with its bytes percent-escaped")
    func invalidUTF8Name() throws {
        let root = try temporaryProject([".git/HEAD": ""])
        defer { try? FileManager.default.removeItem(at: root) }
        // b"bad\xFF\xFE%.swift": two bytes that are no UTF-8, and a `%`, which is escaped too so the name reads back.
        let name: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array("%.swift".utf8)
        let path = Array(root.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) } }
        try #require(descriptor >= 0)
        _ = Array(receipt.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let output = try runBounded(["lint", "--no-cache"], in: root, seconds: 60)
        expectNoCrash(output)
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("bad%FF%FE%25.swift:3:28: warning:"), "\(output.stdout)")
        let json = try runBounded(["lint", "--no-cache", "--format", "json"], in: root, seconds: 60)
        #expect(json.stdout.contains(#""path" : "bad%FF%FE%25.swift""#), "\(json.stdout)")
        let sarif = try runBounded(["lint", "--no-cache", "--format", "sarif"], in: root, seconds: 60)
        #expect(sarif.stdout.contains(#""uri" : "bad%FF%FE%25.swift""#), "\(sarif.stdout)")
        let fix = try runBounded(["fix"], in: root, seconds: 60)
        #expect(fix.status == 0, "\(fix.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0 != ".git" }
        #expect(names.count == 1, "\(names)")
        // Foundation would decode the name with U+FFFD too: read it by its bytes.
        let reader = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY) } }
        try #require(reader >= 0)
        var fixed = [UInt8](repeating: 0, count: 4096)
        let count = read(reader, &fixed, fixed.count)
        close(reader)
        #expect(String(decoding: fixed.prefix(max(0, count)), as: UTF8.self).contains(".footnote"))
    }

    @Test("a file name with an escape sequence or a line break neither recolours the terminal nor splits a finding")
    func controlCharactersInName() throws {
        let root = try temporaryProject([".git/HEAD": "", "a\u{1B}[31mred\nb.swift": receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try runBounded(["lint", "--no-cache"], in: root, seconds: 60)
        expectNoCrash(output)
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("a%1B[31mred%0Ab.swift:3:28: warning: "), "\(output.stdout.debugDescription)")
        let fix = try runBounded(["fix", "--dry-run"], in: root, seconds: 60)
        #expect(fix.stdout.hasPrefix("--- \"a\\033[31mred\\nb.swift\"\n"), "\(fix.stdout.debugDescription)")
        #expect(!(output.stdout + output.stderr + fix.stdout + fix.stderr).contains("\u{1B}"))
    }

    /// Tests run as root, whom permission bits do not stop; `setpriv` runs the binary as `nobody` instead.
    static let canDropPrivileges = geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    static let asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

    @Test("a folder and a file without read permission are reported; the others are checked",
          .enabled(if: canDropPrivileges, "needs root and setpriv to run as another user"))
    func unreadable() throws {
        let root = URL(fileURLWithPath: "/tmp").appendingPathComponent("higlint-perm-\(UUID().uuidString)")
        let files = ["Open/Receipt.swift": receipt, "Closed/Hidden.swift": receipt, "Locked.swift": receipt]
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        defer { try? FileManager.default.removeItem(at: root) }
        // The binary is under the build folder; it and the tree must be reachable by `nobody`.
        guard FileManager.default.isReadableFile(atPath: HIGLint.binary.path),
              access(HIGLint.binary.path, X_OK) == 0 else { return }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: root.appendingPathComponent("Open").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: root.appendingPathComponent("Open/Receipt.swift").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: root.appendingPathComponent("Closed").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: root.appendingPathComponent("Locked.swift").path)
        let output = try runBounded(["lint", "."], in: root, seconds: 60, prefix: Self.asNobody)
        guard !output.stderr.contains("setpriv:") else {
            Issue.record("setpriv could not run the binary as nobody: \(output.stderr)")
            return
        }
        expectNoCrash(output)
        #expect(output.status == 2)
        #expect(output.stderr.contains("Closed: error: cannot read the folder (permission denied)"), "\(output.stderr)")
        #expect(output.stderr.contains("Locked.swift: error: cannot read the file (permission denied)"), "\(output.stderr)")
        #expect(output.stdout.contains("Open/Receipt.swift:3:28"))

        // fix: the unreadable file is an error and stays as it was; the readable one is fixed.
        let fix = try runBounded(["fix", "."], in: root, seconds: 60, prefix: Self.asNobody)
        #expect(fix.status == 2)
        #expect(fix.stderr.contains("Locked.swift: error: cannot read the file (permission denied)"))
        #expect(try String(contentsOf: root.appendingPathComponent("Locked.swift"), encoding: .utf8) == receipt)
        #expect(try String(contentsOf: root.appendingPathComponent("Open/Receipt.swift"), encoding: .utf8).contains(".footnote"))
    }

    @Test("broken configuration files: exit 2 naming the file and the reason, never a crash", arguments: [
        BrokenConfiguration("wrong type", "{ platforms: 5 }", "platforms: expected a list of strings"),
        BrokenConfiguration("unknown key", "{ bogus: 1 }", "unknown key 'bogus'"),
        BrokenConfiguration("huge number", #"{ rules: { "fixed-font-size": { severity: 1e999 } } }"#, "the number 1e999 is too large"),
        BrokenConfiguration("deep nesting of lists", "{ include: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + " }",
                            "nested more than 64 levels"),
        BrokenConfiguration("deep nesting of objects", String(repeating: "{ a: ", count: 5000) + "1" + String(repeating: " }", count: 5000),
                            "nested more than 64 levels"),
        BrokenConfiguration("invalid JSON", "{ rules: ", "the file ends"),
    ])
    func brokenConfiguration(_ broken: BrokenConfiguration) throws {
        let (contents, message) = (broken.contents, broken.message)
        let root = try temporaryProject([".higlint.json": contents, "Receipt.swift": receipt])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let output = try runBounded(["lint"], in: root, seconds: 60)
        expectNoCrash(output)
        #expect(output.status == 2)
        #expect(output.stderr.contains(".higlint.json:1: error:") || output.stderr.contains(".higlint.json: error:"), "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
        let explicit = try runBounded(["lint", "--config", ".higlint.json"], in: root, seconds: 60)
        #expect(explicit.status == 2)
        #expect(explicit.stderr.contains(message))
    }
}
