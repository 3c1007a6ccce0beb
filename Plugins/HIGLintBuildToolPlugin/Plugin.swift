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
        guard let module = target as? SourceModuleTarget, let directory = directoryURL(of: target) else { return [] }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        let rootFile = context.package.directoryURL.appendingPathComponent(".higlint.json")
        if !sources.isEmpty, !FileManager.default.fileExists(atPath: rootFile.path) {
            Diagnostics.warning(Self.unplannedRootWarning)
        }
        return try Self.commands(tool: context.tool(named: "higlint").url, name: target.name, sources: sources,
                                 directory: directory, root: context.package.directoryURL,
                                 workDirectory: context.pluginWorkDirectoryURL)
    }

    /// SwiftPM cannot watch a file that does not exist (a missing input fails the build), and plans the build again
    /// (running this plugin, which then declares the file) when the manifest or a target's folder changes, not
    /// the package root: a `.higlint.json` added there later is not seen until then.
    static let unplannedRootWarning = "HIGLint: this package has no .higlint.json at its root; after adding one, touch Package.swift once so that SwiftPM plans the build again and lints when it changes"

    /// The lint command of one target: Swift packages and Xcode projects alike.
    static func commands(tool: URL, name: String, sources: [URL], directory: URL, root: URL, workDirectory: URL) -> [Command] {
        guard !sources.isEmpty else { return [] }
        let stamp = workDirectory.appendingPathComponent("HIGLint+\(name).swift")
        let configuration = configurationFiles(above: directory, upTo: root)
        // higlint warns about a .higlint.json that is not among these: SwiftPM will not see it change.
        let planned = configuration.filter { $0.lastPathComponent == ".higlint.json" }.map(\.path)
        return [.buildCommand(
            displayName: "HIGLint \(name)",
            executable: tool,
            arguments: ["lint", "--quiet", "--fail-on", "error", "--allow-empty", "--stamp", stamp.path] + sources.map(\.path),
            environment: ["HIGLINT_PLANNED_CONFIGURATIONS": planned.joined(separator: "\n")],
            inputFiles: sources + configuration,
            outputFiles: [stamp])]
    }

    /// What can change the configuration of the target: every `.higlint.json` from its folder up to the package or
    /// project root (included), so that editing one lints again; and those folders themselves. A file that does not
    /// exist yet cannot be an input (the build system refuses the build: "couldn't build … because of missing
    /// inputs"), and SwiftPM's build system does not rerun a command when an input folder gains a file. One added
    /// to the target's folder makes SwiftPM plan again, which declares it; one added above is not seen until the
    /// manifest changes. When a lint runs anyway (a source changed), higlint applies it and warns that its edits
    /// are not seen (`HIGLINT_PLANNED_CONFIGURATIONS`); the plugin warns when the root has none.
    static func configurationFiles(above directory: URL, upTo root: URL) -> [URL] {
        var inputs: [URL] = []
        // Both resolved, so that a symbolic link on the way (/var → /private/var) cannot hide the root.
        var folder = directory.resolvingSymlinksInPath().standardizedFileURL
        let top = root.resolvingSymlinksInPath().standardizedFileURL.path
        while folder.path.hasPrefix(top) {
            inputs.append(folder)
            let file = folder.appendingPathComponent(".higlint.json")
            if FileManager.default.fileExists(atPath: file.path) { inputs.append(file) }
            if folder.path == top { break }
            folder.deleteLastPathComponent()
        }
        return inputs
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

// Xcode projects (not packages) get the same command. Compiled only where Xcode's plugin API exists: untested on
// Linux, where this block is not built.
extension HIGLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        return try Self.commands(tool: context.tool(named: "higlint").url, name: target.displayName, sources: sources,
                                 directory: sources.first?.deletingLastPathComponent() ?? context.xcodeProject.directoryURL,
                                 root: context.xcodeProject.directoryURL, workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
