import Foundation
import Testing

/// Swift source of exactly `size` bytes with one `fixed-font-size` finding, padded with a comment.
private func view(bytes size: Int) -> String {
    let text = "struct Receipt: View {\n    var body: some View {\n        Text(\"Total\").font(.system(size: 13))\n    }\n}\n"
    return text + "//" + String(repeating: "x", count: size - text.utf8.count - 3) + "\n"
}

/// `maxFileSize` through the command line, the way a person meets it: a small limit, so the files stay small.
@Suite("maxFileSize, through the command line", .serialized)
struct MaxFileSizeCommandTests {
    /// A repository whose `.higlint.json` sets `maxFileSize: 300`, with a file at the limit and one a byte over.
    func project() throws -> URL {
        try temporaryProject([".git/HEAD": "", ".higlint.json": "{ maxFileSize: 300 }",
                              "At.swift": view(bytes: 300), "Over.swift": view(bytes: 301)])
    }

    @Test("lint checks the file at the limit and counts the one over it in the summary line")
    func summary() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["lint", "--no-cache"], in: root)
        #expect(output.status == 1)
        #expect(output.stdout.contains("At.swift:3:28: warning:"))
        #expect(!output.stdout.contains("Over.swift"))
        #expect(output.stderr.contains("HIGLint checked 1 file in "))
        #expect(output.stderr.contains("; 1 file passed over (1 larger than maxFileSize)\n"), "\(output.stderr)")
        let summary = try HIGLint.run(["lint", "--no-cache", "--format", "summary"], in: root)
        #expect(summary.stdout.contains("1 file passed over (1 larger than maxFileSize)."), "\(summary.stdout)")
    }

    @Test("a file over the limit named alone is an error that says why and what to change; --allow-empty accepts it")
    func namedAlone() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["lint", "Over.swift", "--no-cache"], in: root)
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == "higlint: error: nothing to check under Over.swift: 1 file passed over (1 larger than maxFileSize); raise maxFileSize in .higlint.json to check it (--allow-empty accepts this)\n")
        #expect(try HIGLint.run(["lint", "Over.swift", "--no-cache", "--allow-empty"], in: root).status == 0)
    }

    @Test("config --effective gives the limit, and for a file over it, why it is passed over")
    func effective() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let over = try HIGLint.run(["config", "--effective", "Over.swift"], in: root)
        #expect(over.status == 0)
        #expect(over.stdout.contains("\"passedOver\" : \"it has 301 bytes, larger than maxFileSize (300 bytes)\""), "\(over.stdout)")
        #expect(over.stdout.contains("\"maxFileSize\" : 300"))
        let at = try HIGLint.run(["config", "--effective", "At.swift"], in: root)
        #expect(!at.stdout.contains("passedOver"))
        #expect(at.stdout.contains("\"maxFileSize\" : 300"))
    }

    @Test("with no configuration the limit is 2,000,000 bytes")
    func defaultLimit() throws {
        let root = try temporaryProject([".git/HEAD": "", "At.swift": view(bytes: 300)])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["config", "--effective", "At.swift"], in: root)
        #expect(output.stdout.contains("\"maxFileSize\" : 2000000"), "\(output.stdout)")
    }

    @Test("standard input over the limit has no findings, a note and exit 0; fix gives it back unchanged")
    func standardInput() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let note = "View.swift: note: standard input passed over, not checked: larger than maxFileSize (300 bytes); raise maxFileSize in .higlint.json to check it\n"
        let lint = try HIGLint.run(["--stdin", "--assume-filename", "View.swift"], stdin: view(bytes: 301), in: root)
        #expect(lint.status == 0)
        #expect(lint.stdout.isEmpty)
        #expect(lint.stderr.hasPrefix(note), "\(lint.stderr)")
        #expect(lint.stderr.contains("HIGLint checked 0 files in "))
        #expect(lint.stderr.contains("; 1 file passed over (1 larger than maxFileSize)\n"))
        let checked = try HIGLint.run(["--stdin", "--assume-filename", "View.swift"], stdin: view(bytes: 300), in: root)
        #expect(checked.status == 1 && checked.stdout.contains("View.swift:3:28: warning:"))

        let fix = try HIGLint.run(["fix", "--stdin", "--assume-filename", "View.swift"], stdin: view(bytes: 301), in: root)
        #expect(fix.status == 0)
        #expect(fix.stdout == view(bytes: 301))
        #expect(fix.stderr == note)
        #expect(try HIGLint.run(["fix", "--stdin", "--assume-filename", "View.swift", "--quiet"], stdin: view(bytes: 301), in: root).stderr.isEmpty)
    }

    @Test("fix leaves a file over the limit as it is, and counts it in its summary")
    func fix() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["fix"], in: root)
        #expect(try String(contentsOf: root.appendingPathComponent("Over.swift"), encoding: .utf8) == view(bytes: 301))
        #expect(try String(contentsOf: root.appendingPathComponent("At.swift"), encoding: .utf8) != view(bytes: 300))
        #expect(output.stderr.contains("HIGLint fixed 1 finding in 1 file of 1 checked in "), "\(output.stderr)")
        #expect(output.stderr.contains("; 1 file passed over (1 larger than maxFileSize)"))
    }

    @Test("an invalid maxFileSize stops the run with exit 2, naming the file, line and key")
    func invalid() throws {
        let root = try temporaryProject([".git/HEAD": "", ".higlint.json": "{\n  maxFileSize: \"2 megs\",\n}", "At.swift": view(bytes: 300)])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["lint", "--no-cache"], in: root)
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix(".higlint.json:2: error: maxFileSize: '2 megs' is not a size; write a number of bytes (2000000) or a number and a unit, such as \"4MB\""), "\(output.stderr)")
    }
}
