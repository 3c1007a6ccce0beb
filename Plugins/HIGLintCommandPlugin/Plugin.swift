import Foundation
import PackagePlugin

/// `swift package higlint [--target NAME …] [higlint options]`: lints the package's targets (or the named ones)
/// with the options given, from the package's folder, and fails when higlint does.
@main
struct HIGLintCommandPlugin: CommandPlugin {
    /// Commands that take no paths.
    static let pathlessCommands: Set<String> = ["rules", "explain", "init", "help", "--help", "-h", "--version", "version"]

    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let package = context.package.directoryURL.standardizedFileURL.path
        var options = extractor.remainingArguments
        let isPathless = options.first.map(Self.pathlessCommands.contains) ?? false
        if !isPathless, !options.contains("--stdin") {
            options += targets.compactMap(directoryURL(of:)).map { directory -> String in
                let path = directory.standardizedFileURL.path
                return path.hasPrefix(package + "/") ? String(path.dropFirst(package.count + 1)) : path
            }
        }
        try Self.run(tool: context.tool(named: "higlint").url, arguments: options, in: context.package.directoryURL)
    }

    /// Runs higlint from `directory` and passes its failure on.
    static func run(tool: URL, arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
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
        var options = extractor.remainingArguments
        let isPathless = options.first.map(Self.pathlessCommands.contains) ?? false
        if !isPathless, !options.contains("--stdin") {
            options += targets.flatMap { $0.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url.path) }
        }
        try Self.run(tool: context.tool(named: "higlint").url, arguments: options, in: context.xcodeProject.directoryURL)
    }
}
#endif
