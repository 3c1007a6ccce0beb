import Foundation
import Testing

/// `higlint fix` killed at any moment leaves every file either exactly as it was or fully corrected.
@Suite("Fix interrupted", .serialized)
struct FixInterruptionTests {
    /// The example app, copied a few times over so a run takes long enough to be killed in the middle.
    static func project() throws -> (root: URL, originals: [String: Data]) {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let examples = repository.appendingPathComponent("Examples/Shop")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-kill-\(UUID().uuidString)")
        var originals: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: examples.path)!
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let data = try Data(contentsOf: examples.appendingPathComponent(relative))
            for copy in 0..<4 {
                let path = "Copy\(copy)/\(relative)"
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
                originals[path] = data
            }
        }
        return (root, originals)
    }

    static func contents(_ root: URL, _ originals: [String: Data]) -> [String: Data] {
        originals.keys.reduce(into: [:]) { $0[$1] = try? Data(contentsOf: root.appendingPathComponent($1)) }
    }

    @Test("killed at seeded random moments, every file is as it was or fully corrected")
    func killed() throws {
        // What a complete run makes of each file.
        let (reference, originals) = try Self.project()
        defer { try? FileManager.default.removeItem(at: reference) }
        let complete = try runBounded(["fix", "--quiet", "."], in: reference, seconds: 300)
        #expect(complete.status == 1 || complete.status == 0, "\(complete.stderr)")
        let corrected = Self.contents(reference, originals)
        #expect(corrected.contains { originals[$0.key] != $0.value }, "the examples have fixes to apply")

        var random = SeededGenerator(state: 9)
        var partial = 0
        for trial in 0..<6 {
            let (root, _) = try Self.project()
            defer { try? FileManager.default.removeItem(at: root) }
            let process = Process()
            process.executableURL = HIGLint.binary
            process.arguments = ["fix", "--quiet", "."]
            process.currentDirectoryURL = root
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: Double.random(in: 0.05...2.0, using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = Self.contents(root, originals)
            for (path, data) in after {
                #expect(data == originals[path] || data == corrected[path], "trial \(trial): \(path) is neither the original nor the corrected file")
            }
            if after.contains(where: { $0.value != originals[$0.key] }) && after != corrected { partial += 1 }
            // The only other thing a kill can leave is a hidden temporary file, never a .swift file.
            let leftovers = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") && originals[$0] == nil }
            #expect(leftovers.isEmpty, "trial \(trial): \(leftovers)")
        }
        // Not asserted (timing decides), but said: how many kills landed mid-run.
        print("fix interrupted mid-run in \(partial) of 6 trials")
    }
}

/// Deterministic pseudo-random numbers (SplitMix64), so a run reproduces from its seed.
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
