import Foundation
import HIGLintProject
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `--stdin`: source read from standard input under the limits a file has.
///
/// Standard input may be anything: closed, a folder, `/dev/zero`, a pipe that never ends or never closes. It is
/// read with `read(2)` (Foundation's `readDataToEndOfFile` stops the process on a read error), up to the size a
/// file may have, and reading and checking together get the time one file gets.
public enum StandardInput {
    /// Reads standard input to its end, failing past `maximumSize` bytes or after `deadline`.
    public static func read(descriptor: Int32 = STDIN_FILENO, path: String, maximumSize: Int = SourceReader.maximumSize,
                            deadline: Date? = nil) -> Result<Data, FileError> {
        func failure(_ reason: String) -> Result<Data, FileError> {
            .failure(FileError(path: path, reason: "cannot read standard input (\(reason))"))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return failure(errno == EBADF ? "it is closed" : SourceReader.errorText(errno))
        }
        if info.st_mode & S_IFMT == S_IFDIR { return failure("it is a folder") }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let deadline {
                let milliseconds = deadline.timeIntervalSinceNow * 1000
                guard milliseconds > 0 else { return failure("nothing ended it within the time limit") }
                var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&request, 1, Int32(min(milliseconds.rounded(.up), Double(Int32.max))))
                if ready < 0, errno != EINTR { return failure(SourceReader.errorText(errno)) }
                if ready <= 0 { continue }
            }
            let count = chunk.withUnsafeMutableBytes { readInput(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return failure(SourceReader.errorText(errno))
            }
            if count == 0 { return .success(data) }
            guard data.count + count <= maximumSize else {
                return failure("it is larger than \(maximumSize >> 20) MiB")
            }
            data.append(contentsOf: chunk[..<count])
        }
    }
}

/// `read(2)`, under a name `StandardInput.read` does not hide.
private func readInput(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

extension LintEngine {
    /// Lints standard input as the file at `path`, with the size and time limits of a file (`fileTimeLimit`): its
    /// findings (one file checked), why it could not be read or checked (`errors`), or, when it is larger than the
    /// file's `maxFileSize`, no findings and one file passed over (`passedOver`), unparsed.
    public func lintStandardInput(descriptor: Int32 = STDIN_FILENO, path: String) -> LintResult {
        let limit = fileTimeLimit
        // Reading gives up a little before the thread's limit, so input that never ends is reported as such
        // rather than as a check that took too long.
        let deadline = limit.map { Date(timeIntervalSinceNow: $0 * 0.9) }
        let result = ConcurrentResults<LintResult>(count: 1)
        // On a thread of its own, with the large stack files are checked on, so it can be given up like a file.
        ParallelRunner.forEach(count: 1, timeLimit: limit, onTimeout: { _ in
            result.setIfEmpty(0, LintResult(diagnostics: [], errors: [FileError(path: path, reason: LintEngine.timeoutReason(limit ?? 0))],
                                            filesChecked: 0))
        }) { _ in
            let data: Data
            switch StandardInput.read(descriptor: descriptor, path: path, deadline: deadline) {
            case .success(let read): data = read
            case .failure(let error):
                result.setIfEmpty(0, LintResult(diagnostics: [], errors: [error], filesChecked: 0))
                return
            }
            // Too large to parse: the module around it is not even surveyed.
            if passOverReason(byteCount: data.count, path: path) != nil {
                var passedOver = LintResult(diagnostics: [], errors: [], filesChecked: 0)
                passedOver.passedOver.counts[.tooLarge] = 1
                result.setIfEmpty(0, passedOver)
                return
            }
            // The buffer stands for its file in the module the projects around it build, surveyed as `lint` surveys
            // it, so that both give the same findings; a file no target builds yet is checked alone.
            switch prepare(paths: moduleFolders(around: path)).lint(data: data, path: path) {
            case .success(let diagnostics): result.setIfEmpty(0, LintResult(diagnostics: diagnostics, errors: [], filesChecked: 1))
            case .failure(let error): result.setIfEmpty(0, LintResult(diagnostics: [], errors: [error], filesChecked: 0))
            }
        }
        return result[0] ?? LintResult(diagnostics: [], errors: [], filesChecked: 1)
    }

    /// The folders a run over which sees the whole module of the file at `path`: those of the projects whose targets
    /// build it; for a file no project claims, the highest folder above it that holds no project file and is no
    /// repository's root (`Examples/` in a package's repository, `Sources/` beside a manifest HIGLint cannot read):
    /// the folder of code that `lint` of the folder or the repository surveys as one module. None for standard input
    /// without a file name, or a file a project passes over (a new file no target builds yet is checked alone).
    func moduleFolders(around path: String) -> [String] {
        guard path != "<stdin>" else { return [] }
        let directory = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: directory.isEmpty ? "." : directory) else { return [] }
        let facts = ProjectFacts.read(for: [directory.isEmpty ? "." : directory], reading: .bounded(by: fileTimeLimit))
        let folders = facts.projectFolders(forFile: path)
        let fileFacts = facts.facts(forFile: path)
        guard folders.isEmpty, fileFacts.targets.isEmpty, fileFacts.passOverReason == nil else { return folders }
        var folder = (ProjectFacts.standardized(path) as NSString).deletingLastPathComponent
        var module: String?
        while folder.count > 1, !ProjectFacts.holdsProjectOrRepository(folder) {
            module = folder
            folder = (folder as NSString).deletingLastPathComponent
        }
        return module.map { [$0] } ?? []
    }
}
