import Foundation
import HIGLintProject

/// Gives the engine the configuration of each file it checks.
public protocol ConfigurationSource: Sendable {
    /// The configuration for the file at `path`, or `nil` when configuration leaves the file out.
    func configuration(forFile path: String) throws(ConfigurationError) -> Configuration?
}

/// One configuration for every file: what tests and library users pass.
extension Configuration: ConfigurationSource {
    public func configuration(forFile path: String) throws(ConfigurationError) -> Configuration? { self }
}

/// Maps each file to its effective configuration from the `.higlint.json` files above it.
///
/// The nearest file above a Swift file applies to it, refining the files further up (up to the repository root,
/// the first folder holding `.git`, or the file system root). Results are cached per folder, so a run reads each
/// configuration file once however many files it checks. With an explicit file (`--config`), discovery is off.
public final class ConfigurationResolver: ConfigurationSource, @unchecked Sendable {
    private struct Chain {
        var files: [ConfigurationFile]
        var configuration: Configuration
    }

    private let rules: [RuleDescription]
    private let defaults: Configuration
    private let explicitFile: ConfigurationFile?
    /// Command-line settings (`--only`, `--disable`), applied over every file's configuration.
    private let overrides: @Sendable (inout Configuration) -> Void
    private let lock = NSLock()
    private var chains: [String: Result<Chain, ConfigurationError>] = [:]

    /// - Parameters:
    ///   - rules: the rules configuration may name.
    ///   - configurationFile: a file that replaces discovery (`--config`).
    public init(rules: [RuleDescription], defaults: Configuration = Configuration(), configurationFile: String? = nil,
                overrides: @escaping @Sendable (inout Configuration) -> Void = { _ in }) throws(ConfigurationError) {
        self.rules = rules
        self.defaults = defaults
        self.overrides = overrides
        explicitFile = try configurationFile.map { path throws(ConfigurationError) in
            guard Self.exists(path) else { throw ConfigurationError(path: path, message: "no such configuration file") }
            return try ConfigurationFile.load(path: path, rules: rules)
        }
    }

    public func configuration(forFile path: String) throws(ConfigurationError) -> Configuration? {
        let absolute = Self.absolute(path)
        let chain = try chain(forDirectory: (absolute as NSString).deletingLastPathComponent)
        if chain.files.contains(where: { $0.excludes(absolutePath: absolute) }) { return nil }
        return chain.configuration
    }

    /// The configuration files that apply in `directory`, outermost first.
    public func files(forDirectory directory: String) throws(ConfigurationError) -> [ConfigurationFile] {
        try chain(forDirectory: Self.absolute(directory)).files
    }

    private func chain(forDirectory directory: String) throws(ConfigurationError) -> Chain {
        if let cached = lock.withLock({ chains[directory] }) { return try cached.get() }
        let result: Result<Chain, ConfigurationError>
        do throws(ConfigurationError) {
            result = .success(try makeChain(forDirectory: directory))
        } catch {
            result = .failure(error)
        }
        lock.withLock { chains[directory] = result }
        return try result.get()
    }

    private func makeChain(forDirectory directory: String) throws(ConfigurationError) -> Chain {
        var files: [ConfigurationFile]
        if let explicitFile {
            files = [explicitFile]
        } else {
            let parent = (directory as NSString).deletingLastPathComponent
            // Discovery stops at a repository's root, and at the folder reads are confined to (`ReadBoundary`):
            // no folder above it is searched.
            let boundary = ReadBoundary.root
            let isTop = parent == directory || directory == "/" || FileManager.default.fileExists(atPath: directory + "/.git")
                || boundary.map { ReadBoundary.resolved(directory) == $0 } == true
            let isOutside = boundary.map { !ReadBoundary.isInside(ReadBoundary.resolved(directory), $0) } == true
            files = isTop || isOutside ? [] : try chain(forDirectory: parent).files
            let candidate = (directory as NSString).appendingPathComponent(ConfigurationFile.name)
            // Whatever has the name (a folder, a dangling link) is loaded, so that what is wrong with it is said
            // (a link out of the boundary is refused by `SourceReader` without being opened).
            if !isOutside, Self.exists(candidate) {
                files.append(try ConfigurationFile.load(path: Self.displayPath(candidate), rules: rules))
            }
        }
        var configuration = defaults
        for file in files { file.apply(to: &configuration) }
        overrides(&configuration)
        return Chain(files: files, configuration: configuration)
    }

    /// Whether anything, even a dangling link, has this path.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return FileName.withFileSystemPath(path) { lstat($0, &info) } == 0
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// A path relative to the current folder when it lies inside it, as people typed it.
    static func displayPath(_ absolute: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        return ConfigurationFile.relativePath(absolute, to: current) ?? absolute
    }
}
