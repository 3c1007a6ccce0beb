// swift-tools-version:6.0
// A package that uses HIGLint's plugins the way a team would, depending on HIGLint by path so that it builds
// offline. `.ci/plugin-tests` builds it and runs the command plugin.
import PackageDescription

let package = Package(
    name: "PluginConsumer",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "HIGLint", path: "../..")],
    targets: [
        .target(name: "Shop", plugins: [.plugin(name: "HIGLintBuildToolPlugin", package: "HIGLint")]),
    ]
)
