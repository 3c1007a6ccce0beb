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
            options += targets.compactMap { $0 as? SourceModuleTarget }.map { target -> String in
                let path = URL(fileURLWithPath: target.directory.string).standardizedFileURL.path
                return path.hasPrefix(package + "/") ? String(path.dropFirst(package.count + 1)) : path
            }
        }
        let process = Process()
        process.executableURL = try context.tool(named: "higlint").url
        process.arguments = options
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            // higlint has printed its findings or its error; pass its status on (1 findings, 2 errors).
            exit(process.terminationStatus)
        }
    }
}
