// swift-tools-version:6.0
// A package that uses HIGLint's plugins the way SwiftLint's users use SwiftLintPlugins: it depends on the plugin
// package, which runs higlint from its artifact bundle, so nothing of HIGLint is built here. `.ci/plugins-package-tests`
// writes that package (Scripts/make-plugins-package) into ../HIGLintPlugins beside a copy of this folder and
// builds the copy; in the repository the path leads nowhere.
import PackageDescription

let package = Package(
    name: "PluginsPackageConsumer",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "HIGLintPlugins", path: "../HIGLintPlugins")],
    targets: [
        .target(name: "Shop", plugins: [.plugin(name: "HIGLintBuildToolPlugin", package: "HIGLintPlugins")]),
    ]
)
