// swift-tools-version:6.0
// A package that uses HIGLint as a library, depending on it by path so that it builds offline.
// `.ci/library-consumer-tests` builds and runs it: with swift-syntax from source (`HIGLINT_SWIFT_SYNTAX_PATH`),
// and with the toolchain's SwiftSyntax. It passes no flag of its own either way.
import PackageDescription

let package = Package(
    name: "LibraryConsumer",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "HIGLint", path: "../..")],
    targets: [
        .executableTarget(name: "LintDemo", dependencies: [.product(name: "HIGLintKit", package: "HIGLint")]),
    ]
)
