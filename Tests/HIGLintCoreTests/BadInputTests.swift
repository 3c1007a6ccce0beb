import Foundation
import HIGLintCore
import HIGLintRules
import Testing

/// Runs `body` on a thread with the engine's stack size and waits at most `seconds` for it.
///
/// A hang is recorded as a failure naming `label`, and the test goes on (the stuck thread is left behind),
/// so one bad input cannot stall the suite. The limit bounds hangs; it does not measure speed.
func withWatchdog(_ label: String, seconds: TimeInterval = 60, _ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = 64 << 20
    thread.start()
    if done.wait(timeout: .now() + seconds) == .timedOut {
        Issue.record("no answer after \(Int(seconds)) s on \(label)")
    }
}

/// Deterministic pseudo-random numbers (SplitMix64), so a failing mutation reproduces from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Real SwiftUI code to break: the example app and every rule's own examples (never corpus code).
enum Samples {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let examples: [(name: String, data: Data)] = {
        let folder = repository.appendingPathComponent("Examples")
        let files = FileCollector.swiftFiles(under: [folder.path]).files
        return files.map { (URL(fileURLWithPath: $0).lastPathComponent, (try? Data(contentsOf: URL(fileURLWithPath: $0))) ?? Data()) }
    }()

    /// The triggering examples of every rule, markers removed: each is known to produce a finding, most with a fix.
    static let ruleExamples: [(name: String, data: Data)] = allRules.flatMap { rule in
        rule.description.triggeringExamples.prefix(2).enumerated().map { index, example in
            ("\(rule.description.id)#\(index)", Data(example.code.replacingOccurrences(of: "↓", with: "").utf8))
        }
    }
}

/// Lints `data` with every rule and applies every fix, checking what a crash-free run must also get right:
/// a finding lies inside the file, a file that cannot be checked says why, and the corrected text is checkable.
func survive(_ data: Data, label: String, engine: LintEngine, fixer: FixEngine) {
    switch engine.lint(data: data, path: "Sample.swift") {
    case .failure(let error):
        #expect(error.path == "Sample.swift", "\(label)")
        #expect(!error.reason.isEmpty, "\(label)")
    case .success(let diagnostics):
        for diagnostic in diagnostics {
            #expect(diagnostic.offset >= 0 && diagnostic.offset <= data.count, "\(label): \(diagnostic)")
            #expect(diagnostic.line >= 1 && diagnostic.column >= 1, "\(label): \(diagnostic)")
        }
        guard diagnostics.contains(where: { $0.fix != nil }), let text = String(data: data, encoding: .utf8) else { return }
        let correction = fixer.correct(text, path: "Sample.swift")
        _ = engine.lint(source: correction.corrected, path: "Sample.swift")
    }
}

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

@Suite("Bad input")
struct BadInputTests {
    let engine = LintEngine(ruleTypes: allRules)
    var fixer: FixEngine { FixEngine(engine: engine) }

    @Test("the samples are there to break")
    func samples() {
        #expect(Samples.examples.count >= 10)
        #expect(Samples.ruleExamples.count >= 37)
    }

    @Test("every example file, truncated at many points (mid-token and mid-character too)")
    func truncations() {
        let (engine, fixer) = (engine, fixer)
        for (name, data) in Samples.examples {
            // Thirty cut points spread over the file, plus one byte into a multi-byte character when there is one.
            var cuts = (0...30).map { data.count * $0 / 30 }
            if let multibyte = data.firstIndex(where: { $0 >= 0xC0 }) { cuts.append(multibyte + 1) }
            for cut in Set(cuts).sorted() {
                let prefix = data.prefix(cut)
                withWatchdog("\(name) cut at byte \(cut)") { survive(Data(prefix), label: "\(name)[..<\(cut)]", engine: engine, fixer: fixer) }
            }
        }
    }

    @Test("every rule example, truncated at every tenth of it")
    func ruleExampleTruncations() {
        let (engine, fixer) = (engine, fixer)
        for (name, data) in Samples.ruleExamples {
            for tenth in 1..<10 {
                let prefix = data.prefix(data.count * tenth / 10)
                withWatchdog("\(name) cut at \(tenth)/10") { survive(Data(prefix), label: "\(name)@\(tenth)/10", engine: engine, fixer: fixer) }
            }
        }
    }

    /// Bytes that matter to the parser and the model, and some that make text invalid.
    static let mutationBytes: [UInt8] = Array("{}()[]<>\"'#\\.,:;@$`/*\n\r\t 0aZ_".utf8) + [0x00, 0x80, 0xC3, 0xE2, 0xFF]

    @Test("every sample with seeded random byte mutations", arguments: [1, 2, 3])
    func mutations(seed: UInt64) {
        let (engine, fixer) = (engine, fixer)
        var random = SeededGenerator(state: seed)
        for (name, data) in Samples.examples + Samples.ruleExamples where !data.isEmpty {
            for round in 0..<4 {
                var bytes = [UInt8](data)
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let position = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[position] = Self.mutationBytes.randomElement(using: &random)!
                    case 1: bytes.insert(Self.mutationBytes.randomElement(using: &random)!, at: position)
                    default: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...16, using: &random)))
                    }
                    if bytes.isEmpty { bytes = [0x7B] }
                }
                let mutated = Data(bytes)
                withWatchdog("\(name), seed \(seed), round \(round)") {
                    survive(mutated, label: "\(name) seed \(seed) round \(round)", engine: engine, fixer: fixer)
                }
            }
        }
    }

    // MARK: Encodings and odd bytes

    static let receipt = """
        struct Receipt: View {
            var body: some View {
                Text("Total").font(.system(size: 13))
            }
        }

        """

    func lint(_ data: Data) -> Result<[Diagnostic], FileError> {
        engine.lint(data: data, path: "Odd.swift")
    }

    @Test("a file that is not text, or not UTF-8, is not checked and says why", arguments: [
        ("invalid UTF-8", Data([0x54, 0x65, 0x78, 0x74, 0xC3, 0x28, 0xFF]), "not valid UTF-8"),
        ("UTF-16 little endian with a BOM", Data([0xFF, 0xFE]) + receipt.data(using: .utf16LittleEndian)!, "UTF-16"),
        ("UTF-16 big endian with a BOM", Data([0xFE, 0xFF]) + receipt.data(using: .utf16BigEndian)!, "UTF-16"),
        ("NUL bytes in text", Data("let a = 1\n\0\0\0\n".utf8), "NUL bytes"),
        ("a binary file named .swift", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }), "NUL bytes"),
    ] as [(String, Data, String)])
    func notText(name: String, data: Data, reason: String) throws {
        let error = try #require(try? { () throws -> FileError? in
            if case .failure(let error) = lint(data) { return error }
            return nil
        }() ?? nil, "\(name) was checked")
        #expect(error.path == "Odd.swift")
        #expect(error.reason.contains(reason), "\(name): \(error.reason)")
        #expect(error.reason.contains("not checked"))
    }

    @Test("an empty file, a UTF-8 BOM, CRLF and lone CR line endings are checked, with the positions an editor shows")
    func lineEndings() throws {
        #expect(try lint(Data()).get().isEmpty)
        let lf = try lint(Data(Self.receipt.utf8)).get()
        #expect(lf.map { "\($0.line):\($0.column)" } == ["3:28"])
        let variants: [(String, Data)] = [
            ("UTF-8 BOM", Data([0xEF, 0xBB, 0xBF]) + Data(Self.receipt.utf8)),
            ("CRLF", Data(Self.receipt.replacingOccurrences(of: "\n", with: "\r\n").utf8)),
            ("lone CR", Data(Self.receipt.replacingOccurrences(of: "\n", with: "\r").utf8)),
        ]
        for (name, data) in variants {
            let found = try lint(data).get()
            #expect(found.map { "\($0.line):\($0.column) \($0.rule)" } == ["3:28 fixed-font-size"], "\(name)")
        }
        // On the first line, a BOM is not a column.
        let firstLine = Data([0xEF, 0xBB, 0xBF]) + Data(#"struct A: View { var body: some View { Text("Total").font(.system(size: 13)) } }"#.utf8)
        #expect(try lint(firstLine).get().map(\.column) == [59])
    }

    @Test("fixing keeps a UTF-8 BOM and lone CR line endings")
    func fixKeepsBytes() {
        let bom = "\u{FEFF}" + Self.receipt
        #expect(fixer.correct(bom, path: "A.swift").corrected == "\u{FEFF}" + Self.receipt.replacingOccurrences(of: ".system(size: 13)", with: ".footnote"))
        let cr = Self.receipt.replacingOccurrences(of: "\n", with: "\r")
        #expect(fixer.correct(cr, path: "A.swift").corrected == cr.replacingOccurrences(of: ".system(size: 13)", with: ".footnote"))
    }

    // MARK: Files that change under the run

    /// Gives every file the default configuration, and the first time it is asked about `trigger`,
    /// does `action`: the engine asks after it collected the files and before it reads them.
    struct Meddler: ConfigurationSource {
        let trigger: String
        let action: @Sendable () -> Void
        let done = Mutex()

        final class Mutex: @unchecked Sendable {
            let lock = NSLock()
            var fired = false
        }

        func configuration(forFile path: String) throws(ConfigurationError) -> Configuration? {
            if path.hasSuffix(trigger) {
                let fire = done.lock.withLock { () -> Bool in defer { done.fired = true }; return !done.fired }
                if fire { action() }
            }
            return Configuration()
        }
    }

    @Test("files deleted, emptied, replaced by a folder or a FIFO between the walk and the read: reported, the others checked")
    func changedUnderTheRun() throws {
        let folder = try TemporaryFolder()
        let deleted = try folder.write("A/Deleted.swift", Self.receipt)
        let emptied = try folder.write("B/Emptied.swift", Self.receipt)
        let becameFolder = try folder.write("C/Folder.swift", Self.receipt)
        let becamePipe = try folder.write("D/Pipe.swift", Self.receipt)
        try folder.write("E/Kept.swift", Self.receipt)
        let source = Meddler(trigger: "A/Deleted.swift") {
            try? FileManager.default.removeItem(atPath: deleted)
            try? Data().write(to: URL(fileURLWithPath: emptied))
            try? FileManager.default.removeItem(atPath: becameFolder)
            try? FileManager.default.createDirectory(atPath: becameFolder, withIntermediateDirectories: false)
            try? FileManager.default.removeItem(atPath: becamePipe)
            _ = mkfifo(becamePipe, 0o644)
        }
        let engine = LintEngine(ruleTypes: allRules, source: source)
        let root = folder.url.path
        withWatchdog("files changed under the run") {
            let result = engine.lint(paths: [root])
            #expect(result.errors.map(\.path) == [deleted, becameFolder, becamePipe])
            #expect(result.errors.map(\.reason) == ["cannot read the file (no such file)", "cannot read the file (it is a folder)",
                                                    "cannot read the file (it is a named pipe, not a regular file)"])
            #expect(result.diagnostics.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["Kept.swift"])
            #expect(result.filesChecked == 2)
        }
    }

    // MARK: Configuration files

    @Test("a broken configuration file is an error naming the file and the reason", arguments: [
        BrokenConfiguration("wrong type", "{ platforms: 5 }", "platforms: expected a list of strings"),
        BrokenConfiguration("wrong type deep down", #"{ rules: { "fixed-font-size": { severity: [1] } } }"#, "rules.fixed-font-size.severity"),
        BrokenConfiguration("unknown key", "{ bogus: 1 }", "unknown key 'bogus'"),
        BrokenConfiguration("unknown rule option", #"{ rules: { "fixed-font-size": { extra: { a: [[]] } } } }"#, "unknown option 'extra'"),
        BrokenConfiguration("huge number", #"{ rules: { "fixed-font-size": { severity: 1e999 } } }"#, "the number 1e999 is too large"),
        BrokenConfiguration("huge integer", #"{ deploymentTarget: { iOS: 123456789012345678901234567890 } }"#, "deploymentTarget.iOS"),
        BrokenConfiguration("deep nesting of lists", "{ include: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + " }", "nested more than 64 levels"),
        BrokenConfiguration("deep nesting of objects", String(repeating: "{ a: ", count: 5000) + "1" + String(repeating: " }", count: 5000), "nested more than 64 levels"),
        BrokenConfiguration("invalid JSON", "{ rules: { ", "the file ends"),
        BrokenConfiguration("not an object", "[]", "must be an object"),
        BrokenConfiguration("empty", "", "the file is empty"),
        BrokenConfiguration("not UTF-8", "\u{FFFD}", "a string value needs quotes"),
    ])
    func configuration(_ broken: BrokenConfiguration) {
        let (name, contents, message) = (broken.name, broken.contents, broken.message)
        withWatchdog("configuration: \(name)") {
            do throws(ConfigurationError) {
                _ = try ConfigurationFile(data: Data(contents.utf8), path: "/repo/.higlint.json", rules: allRules.map { $0.description })
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.path == "/repo/.higlint.json", "\(name)")
                #expect(error.description.contains(message), "\(name): \(error.description)")
            }
        }
    }
}
