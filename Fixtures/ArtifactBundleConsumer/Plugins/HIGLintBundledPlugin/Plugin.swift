import Foundation
import PackagePlugin

/// The build-tool plugin of a package that ships higlint as an artifact bundle: lints each target's Swift files.
@main
struct HIGLintBundledPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("HIGLint+\(target.name).swift")
        return [.buildCommand(
            displayName: "HIGLint \(target.name)",
            executable: try context.tool(named: "higlint").url,
            arguments: ["lint", "--quiet", "--fail-on", "error", "--allow-empty", "--stamp", stamp.path] + sources.map(\.path),
            inputFiles: sources,
            outputFiles: [stamp])]
    }
}
