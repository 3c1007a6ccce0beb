import Foundation
import PackagePlugin

/// `swift package higlint [--target NAME …] [higlint arguments]`: runs higlint from the package's folder with the
/// arguments given, and fails when higlint does.
///
/// The package's targets (or the named ones) are what `lint`, `fix` and `baseline write` check when the arguments
/// name no path; they reach higlint as its default paths (`HIGLINT_DEFAULT_PATHS`), not as arguments, so that a
/// path given (`swift package higlint Sources/Core`) replaces them, and commands that take other words or none
/// (`project`, `config --effective FILE`, `rules`, `explain ID`) get their arguments as written. Telling paths
/// from option values is higlint's to do: the plugin would need every option's arity.
@main
struct HIGLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let package = context.package.directoryURL.standardizedFileURL.path
        let folders = targets.compactMap(directoryURL(of:)).map { directory -> String in
            let path = directory.standardizedFileURL.path
            return path.hasPrefix(package + "/") ? String(path.dropFirst(package.count + 1)) : path
        }
        try Self.run(tool: context.tool(named: "higlint").url, arguments: extractor.remainingArguments, defaultPaths: folders,
                     in: context.package.directoryURL)
    }

    /// Runs higlint from `directory` and passes its failure on.
    static func run(tool: URL, arguments: [String], defaultPaths: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["HIGLINT_DEFAULT_PATHS"] = defaultPaths.joined(separator: "\n")
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            // higlint has printed its findings or its error; pass its status on (1 findings, 2 errors).
            exit(process.terminationStatus)
        }
    }
}

/// A source module's folder. `Target.directoryURL` needs tools version 6.1; the concrete targets have it in 6.0.
func directoryURL(of target: Target) -> URL? {
    switch target {
    case let target as SwiftSourceModuleTarget: target.directoryURL
    case let target as ClangSourceModuleTarget: target.directoryURL
    default: nil
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

// In an Xcode project: File ▸ Packages… ▸ HIGLint lints the targets chosen in Xcode's dialog (all by default).
// Compiled only where Xcode's plugin API exists: untested on Linux, where this block is not built.
extension HIGLintCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = Set(extractor.extractOption(named: "target"))
        let targets = context.xcodeProject.targets.filter { names.isEmpty || names.contains($0.displayName) }
        let files = targets.flatMap { $0.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url.path) }
        try Self.run(tool: context.tool(named: "higlint").url, arguments: extractor.remainingArguments, defaultPaths: files,
                     in: context.xcodeProject.directoryURL)
    }
}
#endif
