// swift-tools-version:6.0
import Foundation
import PackageDescription

// SwiftSyntax and SwiftParser come, by default, from the toolchain that builds
// this package: it ships them in `usr/lib/swift/host` (textual interfaces plus
// shared libraries), so a clean clone builds with no network in a few seconds.
// That copy is built for library evolution and parses roughly twelve times
// slower than swift-syntax compiled into the tool, so release builds for
// users should pick a source build instead:
//
//   HIGLINT_SWIFT_SYNTAX_PATH=/path/to/swift-syntax  a local checkout
//   HIGLINT_SWIFT_SYNTAX=package                     the swift-syntax package
//   HIGLINT_SWIFT_SYNTAX=toolchain                   insist on the toolchain's copy
//
// A toolchain without `lib/swift/host` falls back to the package.
//
// As a dependency by URL (`.package(url: …, from: …)`), neither the toolchain's copy nor a local checkout can be
// used: the first needs unsafe flags (`-I`, `-L`) and the second a path dependency, and SwiftPM refuses both
// below a versioned dependency. There it is always the swift-syntax package, with no unsafe flag; to build it
// offline, mirror its URL to a local clone (`swift package config set-mirror`, see README).

let environment = ProcessInfo.processInfo.environment
/// The swift-syntax releases HIGLint is built and tested with (603 goes with Swift 6.3).
let swiftSyntaxVersions: Range<Version> = "603.0.0"..<"604.0.0"

/// Whether this package is a dependency by URL: SwiftPM keeps those in `.build/checkouts/NAME`, Xcode in
/// `SourcePackages/checkouts/NAME`, and while choosing a version SwiftPM reads the manifest out of the git
/// repository, where the package directory is `/`. A root package or a path dependency is a folder of its own.
let isCheckedOutDependency = Context.packageDirectory == "/" || Context.packageDirectory.contains("/checkouts/")
let syntaxModules = ["SwiftSyntax", "SwiftParser", "SwiftDiagnostics", "SwiftParserDiagnostics", "SwiftBasicFormat"]

/// The `lib/swift/host` directory of the toolchain running this manifest.
///
/// The manifest process has the toolchain's own `libPackageDescription`
/// loaded, so on Linux its mapped path names the running toolchain exactly;
/// elsewhere the `swift` driver on `PATH` is the best evidence.
func toolchainHostDirectory() -> String? {
    var candidates: [URL] = []
    if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
       let line = maps.split(separator: "\n").first(where: { $0.contains("libPackageDescription") }),
       let slash = line.firstIndex(of: "/") {
        // …/usr/lib/swift/pm/ManifestAPI/libPackageDescription.so → …/usr
        var url = URL(fileURLWithPath: String(line[slash...]))
        for _ in 0..<5 { url.deleteLastPathComponent() }
        candidates.append(url)
    }
    for variable in ["SWIFT_EXEC"] {
        if let path = environment[variable] {
            candidates.append(URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent())
        }
    }
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let driver = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
        guard FileManager.default.isExecutableFile(atPath: driver.path) else { continue }
        candidates.append(driver.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent())
    }
    for usr in candidates {
        let host = usr.appendingPathComponent("lib/swift/host")
        let parser = host.appendingPathComponent("SwiftParser.swiftmodule")
        if FileManager.default.fileExists(atPath: parser.path) { return host.path }
    }
    return nil
}

/// Where SwiftSyntax comes from, and what every target needs to use it.
struct SyntaxSource {
    var packageDependencies: [Package.Dependency] = []
    var dependencies: [Target.Dependency] = []
    var swiftSettings: [SwiftSetting] = []
    var linkerSettings: [LinkerSetting] = []
    /// HIGLintKit's own: with the toolchain's SwiftSyntax, found through an `-I` flag that importers lack, it is
    /// built for library evolution, so that the modules it imports `internal`ly are not loaded by its importers.
    var kitSettings: [SwiftSetting] = []

    /// `identity` is the package's name in SwiftPM: the URL's or the folder's last component.
    static func package(_ dependency: Package.Dependency, identity: String = "swift-syntax") -> SyntaxSource {
        SyntaxSource(packageDependencies: [dependency],
                     dependencies: syntaxModules.map { .product(name: $0, package: identity) })
    }

    static func resolve() -> SyntaxSource {
        let requested = environment["HIGLINT_SWIFT_SYNTAX"]
        // SwiftPM refuses a path dependency below a dependency by URL ("depends on an unstable-version package"):
        // there, point the swift-syntax URL at a local clone with `swift package config set-mirror` instead.
        if let path = environment["HIGLINT_SWIFT_SYNTAX_PATH"], !path.isEmpty, !isCheckedOutDependency {
            // SwiftPM names a local package after its folder, which need not be `swift-syntax`.
            let identity = URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent.lowercased()
            return .package(.package(path: path), identity: identity)
        }
        if requested == "toolchain", isCheckedOutDependency {
            fatalError("HIGLINT_SWIFT_SYNTAX=toolchain needs unsafe flags, which SwiftPM refuses in a dependency by URL")
        }
        if requested != "package", !isCheckedOutDependency, let host = toolchainHostDirectory() {
            return SyntaxSource(
                // HIGLintKit hides its SwiftSyntax-facing modules from importers harder when they cannot see them.
                swiftSettings: [.unsafeFlags(["-I", host])],
                linkerSettings: [.unsafeFlags(["-L", host] + syntaxModules.map { "-l\($0)" } + ["-Xlinker", "-rpath", "-Xlinker", host])],
                kitSettings: [.unsafeFlags(["-enable-library-evolution"])])
        }
        if requested == "toolchain" {
            fatalError("HIGLINT_SWIFT_SYNTAX=toolchain, but this toolchain has no lib/swift/host with SwiftParser")
        }
        return .package(.package(url: "https://github.com/swiftlang/swift-syntax.git", swiftSyntaxVersions))
    }
}

let syntax = SyntaxSource.resolve()

@MainActor func target(_ name: String, dependencies: [Target.Dependency]) -> Target {
    .target(name: name, dependencies: dependencies + syntax.dependencies,
            swiftSettings: syntax.swiftSettings, linkerSettings: syntax.linkerSettings)
}

@MainActor func testTarget(_ name: String, dependencies: [Target.Dependency]) -> Target {
    .testTarget(name: name, dependencies: dependencies + syntax.dependencies,
                swiftSettings: syntax.swiftSettings, linkerSettings: syntax.linkerSettings)
}

let package = Package(
    name: "HIGLint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "higlint", targets: ["higlint"]),
        // `import HIGLintKit`: lint text or paths, get findings (Sources/HIGLintKit). The other modules are there for
        // writing rules and reporters; they expose SwiftSyntax, so a package that imports them needs it too.
        .library(name: "HIGLintKit",
                 targets: ["HIGLintKit", "HIGLintCore", "HIGLintSwiftUI", "HIGLintProject", "HIGLintRules", "HIGLintReporters"]),
        .plugin(name: "HIGLintBuildToolPlugin", targets: ["HIGLintBuildToolPlugin"]),
        .plugin(name: "HIGLintCommandPlugin", targets: ["HIGLintCommandPlugin"]),
    ],
    dependencies: syntax.packageDependencies,
    targets: [
        target("HIGLintSwiftUI", dependencies: []),
        target("HIGLintProject", dependencies: ["HIGLintSwiftUI"]),
        target("HIGLintCore", dependencies: ["HIGLintSwiftUI", "HIGLintProject"]),
        target("HIGLintRules", dependencies: ["HIGLintCore", "HIGLintSwiftUI"]),
        target("HIGLintReporters", dependencies: ["HIGLintCore"]),
        target("HIGLintServer", dependencies: ["HIGLintCore", "HIGLintRules", "HIGLintProject"]),
        .target(name: "HIGLintKit", dependencies: ["HIGLintCore", "HIGLintRules"] + syntax.dependencies,
                swiftSettings: syntax.swiftSettings + syntax.kitSettings, linkerSettings: syntax.linkerSettings),
        .executableTarget(
            name: "higlint", dependencies: ["HIGLintCore", "HIGLintRules", "HIGLintReporters", "HIGLintProject", "HIGLintServer"] + syntax.dependencies,
            swiftSettings: syntax.swiftSettings, linkerSettings: syntax.linkerSettings),
        // `swift run -c release higlint-bench DIR`: see BENCHMARKS.md.
        .executableTarget(
            name: "higlint-bench", dependencies: ["HIGLintCore", "HIGLintRules"] + syntax.dependencies,
            swiftSettings: syntax.swiftSettings, linkerSettings: syntax.linkerSettings),
        // Lints a target's sources on every build; findings appear as build warnings.
        .plugin(name: "HIGLintBuildToolPlugin", capability: .buildTool(), dependencies: ["higlint"]),
        // `swift package higlint [--target NAME …] [higlint options]`.
        .plugin(name: "HIGLintCommandPlugin",
                capability: .command(intent: .custom(verb: "higlint", description: "Check SwiftUI code against Apple's Human Interface Guidelines")),
                dependencies: ["higlint"]),
        testTarget("HIGLintSwiftUITests", dependencies: ["HIGLintSwiftUI"]),
        testTarget("HIGLintCoreTests", dependencies: ["HIGLintCore", "HIGLintRules", "HIGLintProject"]),
        testTarget("HIGLintRulesTests", dependencies: ["HIGLintCore", "HIGLintRules"]),
        testTarget("HIGLintReportersTests", dependencies: ["HIGLintCore", "HIGLintReporters", "HIGLintRules"]),
        testTarget("HIGLintProjectTests", dependencies: ["HIGLintProject", "HIGLintSwiftUI"]),
        testTarget("HIGLintServerTests", dependencies: ["HIGLintServer", "HIGLintCore"]),
        testTarget("higlintTests", dependencies: ["HIGLintCore"]),
        testTarget("HIGLintKitTests", dependencies: ["HIGLintKit"]),
    ]
)
