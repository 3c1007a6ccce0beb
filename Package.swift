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

/// The version tag (`603.0.1`) of the git checkout at `path` if its HEAD has one, read from the repository's
/// files (a clone of the mirror bundle, or of upstream at a release tag); nil for anything else.
func versionTag(ofCheckout path: String) -> String? {
    let git = URL(fileURLWithPath: path).appendingPathComponent(".git")
    func read(_ name: String) -> String? {
        (try? String(contentsOf: git.appendingPathComponent(name), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    // packed-refs: "SHA REF" lines, each optionally followed by "^SHA", the commit an annotated tag points at.
    var packed: [(ref: String, commits: [String])] = []
    for line in (read("packed-refs") ?? "").split(separator: "\n") where !line.hasPrefix("#") {
        if line.hasPrefix("^"), !packed.isEmpty { packed[packed.count - 1].commits.append(String(line.dropFirst())) }
        let parts = line.split(separator: " ")
        if parts.count == 2 { packed.append((String(parts[1]), [String(parts[0])])) }
    }
    guard var head = read("HEAD") else { return nil }
    if head.hasPrefix("ref: ") {
        let ref = String(head.dropFirst(5))
        guard let commit = read(ref) ?? packed.first(where: { $0.ref == ref })?.commits.first else { return nil }
        head = commit
    }
    var tags = packed.filter { $0.ref.hasPrefix("refs/tags/") && $0.commits.contains(head) }.map { String($0.ref.dropFirst(10)) }
    let looseTags = git.appendingPathComponent("refs/tags").path
    for name in (try? FileManager.default.contentsOfDirectory(atPath: looseTags)) ?? [] where read("refs/tags/" + name) == head {
        tags.append(name)
    }
    return tags.sorted().last { $0.first?.isNumber == true && $0.allSatisfy { $0.isNumber || $0 == "." } }
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
    /// For `higlint --version --verbose` (Sources/HIGLintBuildInfo): the swift-syntax release, and where it came from.
    var version = ""
    var origin = ""

    /// `identity` is the package's name in SwiftPM: the URL's or the folder's last component.
    static func package(_ dependency: Package.Dependency, identity: String = "swift-syntax",
                        version: String, origin: String) -> SyntaxSource {
        SyntaxSource(packageDependencies: [dependency],
                     dependencies: syntaxModules.map { .product(name: $0, package: identity) },
                     swiftSettings: [.define("HIGLINT_SOURCE_SYNTAX")], version: version, origin: origin)
    }

    static func resolve() -> SyntaxSource {
        let requested = environment["HIGLINT_SWIFT_SYNTAX"]
        // SwiftPM refuses a path dependency below a dependency by URL ("depends on an unstable-version package"):
        // there, point the swift-syntax URL at a local clone with `swift package config set-mirror` instead.
        if let path = environment["HIGLINT_SWIFT_SYNTAX_PATH"], !path.isEmpty, !isCheckedOutDependency {
            // SwiftPM names a local package after its folder, which need not be `swift-syntax`.
            let folder = URL(fileURLWithPath: path).standardizedFileURL
            return .package(.package(path: path), identity: folder.lastPathComponent.lowercased(),
                            version: versionTag(ofCheckout: folder.path) ?? "", origin: "the checkout at \(folder.path)")
        }
        if requested == "toolchain", isCheckedOutDependency {
            fatalError("HIGLINT_SWIFT_SYNTAX=toolchain needs unsafe flags, which SwiftPM refuses in a dependency by URL")
        }
        if requested != "package", !isCheckedOutDependency, let host = toolchainHostDirectory() {
            return SyntaxSource(
                // HIGLintKit hides its SwiftSyntax-facing modules from importers harder when they cannot see them.
                swiftSettings: [.unsafeFlags(["-I", host]), .define("HIGLINT_TOOLCHAIN_SWIFT_SYNTAX")],
                linkerSettings: [.unsafeFlags(["-L", host] + syntaxModules.map { "-l\($0)" } + ["-Xlinker", "-rpath", "-Xlinker", host])],
                kitSettings: [.unsafeFlags(["-enable-library-evolution"])],
                origin: host)
        }
        if requested == "toolchain" {
            fatalError("HIGLINT_SWIFT_SYNTAX=toolchain, but this toolchain has no lib/swift/host with SwiftParser")
        }
        let url = "https://github.com/swiftlang/swift-syntax.git"
        return .package(.package(url: url, swiftSyntaxVersions), version: "",
                        origin: "the package \(url), \(swiftSyntaxVersions.lowerBound)..<\(swiftSyntaxVersions.upperBound)")
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
        // What `higlint --version --verbose` says about the parser: C defines, because Swift's carry no value.
        .target(name: "HIGLintBuildInfo",
                cSettings: [.define("HIGLINT_SWIFT_SYNTAX_VERSION", to: "\"\(syntax.version)\""),
                            .define("HIGLINT_SWIFT_SYNTAX_ORIGIN", to: "\"\(syntax.origin)\"")]),
        .executableTarget(
            name: "higlint",
            dependencies: ["HIGLintCore", "HIGLintRules", "HIGLintReporters", "HIGLintProject", "HIGLintServer", "HIGLintBuildInfo"]
                + syntax.dependencies,
            swiftSettings: syntax.swiftSettings, linkerSettings: syntax.linkerSettings),
        // `swift run -c release higlint-bench DIR`: see BENCHMARKS.md.
        .executableTarget(
            name: "higlint-bench", dependencies: ["HIGLintCore", "HIGLintRules"] + syntax.dependencies,
            swiftSettings: syntax.swiftSettings, linkerSettings: syntax.linkerSettings),
        // Lints a target's sources on every build; findings appear as build warnings. Scripts/make-plugins-package
        // declares both plugins again, over the same code, for HIGLintPlugins: change them there too.
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
