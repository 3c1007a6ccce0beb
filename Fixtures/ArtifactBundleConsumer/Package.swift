// swift-tools-version:6.0
// A package that uses higlint from an artifact bundle through `.binaryTarget`, as SwiftLint's plugin package does:
// nothing of HIGLint is built from source, so no unsafe flags and no SwiftSyntax reach it. `.ci/artifactbundle-tests`
// writes higlint.artifactbundle into a copy of this folder (Scripts/make-artifactbundle) and builds it. Users do not
// write such a plugin: they depend on HIGLintPlugins (Scripts/make-plugins-package, Fixtures/PluginsPackageConsumer).
import PackageDescription

let package = Package(
    name: "ArtifactBundleConsumer",
    platforms: [.macOS(.v13)],
    targets: [
        .binaryTarget(name: "higlint", path: "higlint.artifactbundle"),
        .plugin(name: "HIGLintBundledPlugin", capability: .buildTool(), dependencies: ["higlint"]),
        .target(name: "Shop", plugins: ["HIGLintBundledPlugin"]),
    ]
)
