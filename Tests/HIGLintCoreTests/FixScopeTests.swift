import Foundation
import HIGLintCore
import HIGLintRules
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `fix` writes only what it was asked to, exactly the file it read, and never loses what a rename would drop.
@Suite("Fix scope and file identity")
struct FixScopeTests {
    static let view = receiptView
    let engine = LintEngine(ruleTypes: allRules)

    func link(_ path: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
    }

    func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    // MARK: Nothing outside the given paths

    @Test("fix never writes through a folder link to another project outside the given paths")
    func folderLinkOutOfTheTree() throws {
        let folder = try TemporaryFolder()
        let ours = try folder.write("repo/App.swift", Self.view)
        let theirs = try folder.write("other/Sources/Theirs.swift", Self.view)
        try link(folder.url.appendingPathComponent("repo/Vendor").path, to: "../other/Sources")
        let repo = folder.url.appendingPathComponent("repo").path

        #expect(FileCollector.swiftFiles(under: [repo]).files == [ours])
        let run = FixEngine(engine: engine).fix(paths: [repo], write: true)
        #expect(run.files.map(\.path) == [ours])
        #expect(try text(ours).contains(".footnote"))
        #expect(try text(theirs) == Self.view)
    }

    @Test("fix never writes a non-Swift file behind a link named .swift, nor a Swift file outside the tree")
    func fileLinksOutOfTheTree() throws {
        let folder = try TemporaryFolder()
        let notes = try folder.write("home/notes.txt", Self.view)
        let outside = try folder.write("home/Outside.swift", Self.view)
        let repo = folder.url.appendingPathComponent("repo").path
        try folder.write("repo/App.swift", Self.view)
        try link(repo + "/Notes.swift", to: "../home/notes.txt")
        try link(repo + "/Outside.swift", to: "../home/Outside.swift")

        let run = FixEngine(engine: engine).fix(paths: [repo], write: true)
        let outcomes = Dictionary(uniqueKeysWithValues: run.files.map { ($0.path, $0.outcome) })
        #expect(outcomes[repo + "/App.swift"] == .written)
        let notesReason = "it is a link to '\(FileCollector.realPath(notes)!)', which is not a .swift file; not changed"
        #expect(outcomes[repo + "/Notes.swift"] == .skipped(notesReason))
        let outsideReason = "it is a link to '\(FileCollector.realPath(outside)!)', outside the paths given; not changed"
        #expect(outcomes[repo + "/Outside.swift"] == .skipped(outsideReason))
        #expect(try text(notes) == Self.view)
        #expect(try text(outside) == Self.view)
    }

    @Test("a file link given by name is fixed: the path given is the scope")
    func fileLinkGivenByName() throws {
        let folder = try TemporaryFolder()
        let real = try folder.write("home/Real.swift", Self.view)
        let named = folder.url.appendingPathComponent("Named.swift").path
        try link(named, to: "home/Real.swift")
        let run = FixEngine(engine: engine).fix(paths: [named], write: true)
        #expect(run.files.map(\.outcome) == [.written])
        #expect(try text(real).contains(".footnote"))
    }

    @Test("the walk does not follow a link to the root folder, and walks a link loop once")
    func linkToRootAndLoop() throws {
        let folder = try TemporaryFolder()
        let app = try folder.write("repo/App.swift", Self.view)
        let repo = folder.url.appendingPathComponent("repo").path
        try link(repo + "/root", to: "/")
        try link(repo + "/loop", to: ".")
        #expect(FileCollector.swiftFiles(under: [repo]).files == [app])
    }

    @Test("a link to a Swift file the walk also reaches is checked and fixed once, as the file itself")
    func linkedFileInsideTheTree() throws {
        let folder = try TemporaryFolder()
        let real = try folder.write("Real.swift", Self.view)
        try link(folder.url.appendingPathComponent("Alias.swift").path, to: "Real.swift")
        #expect(FileCollector.swiftFiles(under: [folder.url.path]).files == [real])
        let run = FixEngine(engine: engine).fix(paths: [folder.url.path], write: true)
        #expect(run.files.map(\.outcome) == [.written])
        #expect(run.errors.isEmpty)
    }

    @Test("fix a/link/../f.swift writes the file the kernel read, not the one the text of the path names")
    func dotDotAfterALink() throws {
        let folder = try TemporaryFolder()
        let read = try folder.write("other/f.swift", Self.view)
        let notNamed = try folder.write("tree/f.swift", Self.view)
        try FileManager.default.createDirectory(atPath: folder.url.path + "/other/deep", withIntermediateDirectories: true)
        try link(folder.url.path + "/tree/link", to: "../other/deep")
        let given = folder.url.path + "/tree/link/../f.swift"

        let run = FixEngine(engine: engine).fix(paths: [given], write: true)
        #expect(run.files.map(\.outcome) == [.written])
        #expect(try text(read).contains(".footnote"))
        #expect(try text(notNamed) == Self.view)
    }

    // MARK: What a rename would lose

    @Test("a file with another hard link is skipped with the reason, and both names keep one text")
    func hardLinks() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("Sources/A.swift", Self.view)
        let other = folder.url.path + "/Shared-A.swift"
        try FileManager.default.linkItem(atPath: path, toPath: other)
        let file = try #require(FixEngine(engine: engine).fix(paths: [path], write: true).files.first)
        #expect(file.outcome == .skipped("the file has 2 hard links, and writing a corrected copy would split them; not changed"))
        #expect(try text(path) == Self.view)
        var first = stat(), second = stat()
        #expect(stat(path, &first) == 0 && stat(other, &second) == 0 && first.st_ino == second.st_ino)
    }

    @Test("extended attributes survive a fix")
    func extendedAttributes() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("A.swift", Self.view)
        func withFile<T>(_ body: (Int32) -> T) -> T {
            let descriptor = open(path, O_RDONLY)
            defer { close(descriptor) }
            return body(descriptor)
        }
        let value = Array("keep".utf8)
        if let failure = withFile({ ExtendedAttributes.set($0, "user.higlint-test", value) }) {
            print("extended attributes: not supported here (\(String(cString: strerror(failure)))); not tested")
            return
        }
        #expect(FixEngine(engine: engine).fix(paths: [path], write: true).files.map(\.outcome) == [.written])
        #expect(try text(path).contains(".footnote"))
        #expect(withFile { ExtendedAttributes.value($0, "user.higlint-test") } == .success(value))
    }

    @Test("a superuser fixing another user's setuid file keeps its owner and its mode")
    func ownerAndSetUID() throws {
        guard geteuid() == 0, let nobody = getpwnam("nobody") else {
            print("owner and setuid: needs root; not tested")
            return
        }
        let folder = try TemporaryFolder()
        let path = try folder.write("S.swift", Self.view)
        #expect(chown(path, nobody.pointee.pw_uid, nobody.pointee.pw_gid) == 0)
        #expect(chmod(path, 0o6755) == 0)
        #expect(FixEngine(engine: engine).fix(paths: [path], write: true).files.map(\.outcome) == [.written])
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o6755)
        #expect(info.st_uid == nobody.pointee.pw_uid)
        #expect(try text(path).contains(".footnote"))
    }

    // MARK: Other writers

    @Test("a file another process still holds open for writing is skipped and keeps what it writes next")
    func openForWriting() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("Generated.swift", Self.view)
        let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try writer.seekToEnd()
        let file = try #require(FixEngine(engine: engine).fix(paths: [path], write: true).files.first)
        #expect(file.outcome == .skipped("another process has the file open for writing; not changed"))
        try writer.write(contentsOf: Data("// the rest of the write\n".utf8))
        try writer.close()
        #expect(try text(path) == Self.view + "// the rest of the write\n")
    }

    @Test("a file whose modification time changed since it was read is skipped, even with the same bytes")
    func touchedSinceRead() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("A.swift", Self.view)
        let snapshot = try FixEngine.read(path).get()
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(FixEngine(engine: engine).fix(snapshot, write: true).outcome == .changedOnDisk)
        #expect(try text(path) == Self.view)
    }

    @Test("a file whose name is near the system's limit is fixed: the temporary name is never longer")
    func longName() throws {
        let folder = try TemporaryFolder()
        let name = String(repeating: "注文詳細画面", count: 13) + ".swift"   // 240 bytes
        let path = try folder.write(name, Self.view)
        #expect(FixEngine(engine: engine).fix(paths: [path], write: true).files.map(\.outcome) == [.written])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [name])
        for original in ["A.swift", ".swift", name, "é" + name.dropFirst(3)] {
            let temporary = AtomicFile.temporaryName(beside: String(original))
            #expect(temporary.utf8.count <= original.utf8.count, "\(temporary)")
            #expect(temporary.hasPrefix(".") && !temporary.hasSuffix(".swift"))
        }
    }
}
