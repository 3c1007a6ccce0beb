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
