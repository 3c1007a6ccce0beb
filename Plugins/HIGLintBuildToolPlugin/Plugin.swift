import Foundation
import PackagePlugin

/// Lints a target's Swift files whenever they change, during `swift build` and Xcode builds.
///
/// Findings are printed in the compiler's format, so they show up as build warnings; only error-level findings
/// fail the build. The command's declared output is an empty Swift file the target compiles: build systems run
/// a build command only when something consumes its output.
@main
struct HIGLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("HIGLint+\(target.name).swift")
        return [.buildCommand(
            displayName: "HIGLint \(target.name)",
            executable: try context.tool(named: "higlint").url,
            arguments: ["lint", "--quiet", "--fail-on", "error", "--allow-empty", "--stamp", stamp.path] + sources.map(\.path),
            inputFiles: sources + configurationFiles(above: URL(fileURLWithPath: target.directory.string), in: context.package.directoryURL),
            outputFiles: [stamp])]
    }

    /// The `.higlint.json` files that can apply to the target, so that editing one lints again.
    func configurationFiles(above directory: URL, in package: URL) -> [URL] {
        var files: [URL] = []
        var folder = directory.standardizedFileURL
        let top = package.standardizedFileURL.deletingLastPathComponent().path
        while folder.path.count > top.count {
            let candidate = folder.appendingPathComponent(".higlint.json")
            if FileManager.default.fileExists(atPath: candidate.path) { files.append(candidate) }
            folder.deleteLastPathComponent()
        }
        return files
    }
}
