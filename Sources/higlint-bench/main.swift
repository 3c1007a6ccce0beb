import Foundation
import HIGLintCore
import HIGLintRules
import SwiftParser
import SwiftSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// higlint-bench DIR [--runs N] [--unfiltered] [--no-swift-format]
//
// Every measurement runs in a child process of its own (this executable with `--phase`), so that each phase's
// peak memory is its own (`wait4`'s maximum resident set size) and no phase warms another's caches in memory.
// Times are wall-clock, measured inside the child around the work only, and reported as the median of the runs.

let usage = """
    USAGE: higlint-bench DIR [--runs N] [--unfiltered] [--no-swift-format]
           higlint-bench DIR --agreement

      --runs N           runs of each phase; the median is reported (default 3)
      --unfiltered       also time one-thread lint with the prefilter off (every file parsed)
      --no-swift-format  do not run swift-format (lint --recursive, then also --parallel) even when it is on PATH
      --agreement        no timing: check that every file's findings are the same whether the whole folder is
                         linted (lint) or each file is checked against the folder's survey (fix, the servers);
                         prints counts only, and exits 1 on any difference

    """

enum Phase: String, CaseIterable {
    case read = "read only"
    case parse = "read+parse (floor)"
    /// SwiftSyntax keeps what a walk touches until the tree goes: any one-pass linter's memory floor.
    case parseWalk = "read+parse+walk"
    case lintUnfiltered = "lint, 1 thread, no prefilter"
    case lintOne = "lint, 1 thread"
    case lintAll = "lint, all cores"
    case cacheCold = "lint, all cores, cold cache"
    case cacheWarm = "lint, all cores, warm cache"

    var argument: String { String(describing: self) }
}

struct Sample {
    var seconds: Double
    var peakMemory: Int   // bytes
    /// User plus system time of the child: on a machine shared with other work, wall time on all cores says
    /// little, but CPU time says how much work there was.
    var cpuSeconds: Double = 0
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("higlint-bench: \(message)\n".utf8))
    exit(2)
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func swiftFiles(in directory: String) -> [String] {
    FileCollector.files(under: [directory]).swiftFiles
}

// MARK: Child: one phase, one run

func runPhase(_ phase: Phase, directory: String, cacheDirectory: String?) -> Double {
    let files = swiftFiles(in: directory)
    var engine = LintEngine(ruleTypes: allRules)
    let start = now()
    switch phase {
    case .read:
        var bytes = 0
        for file in files { bytes += (try? Data(contentsOf: URL(fileURLWithPath: file)))?.count ?? 0 }
        precondition(bytes >= 0)
    case .parse:
        var nodes = 0
        for file in files {
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: file)) else { continue }
            let tree = data.withUnsafeBytes { Parser.parse(source: $0.bindMemory(to: UInt8.self)) }
            nodes += tree.statements.count
        }
        precondition(nodes >= 0)
    case .parseWalk:
        let counter = NodeCounter(viewMode: .sourceAccurate)
        for file in files {
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: file)) else { continue }
            let tree = data.withUnsafeBytes { Parser.parse(source: $0.bindMemory(to: UInt8.self)) }
            counter.walk(tree)
        }
        precondition(counter.nodes >= 0)
    case .lintUnfiltered, .lintOne, .lintAll, .cacheCold, .cacheWarm:
        if phase == .lintUnfiltered || phase == .lintOne { engine.workers = 1 }
        engine.usesPrefilter = phase != .lintUnfiltered
        if let cacheDirectory { engine.cache = ResultCache(directory: cacheDirectory, toolVersion: "bench") }
        let result = engine.lint(paths: [directory])
        precondition(result.filesChecked >= 0)
    }
    return now() - start
}

/// Visits every node of a tree, as the engine's one walk does, and nothing else.
final class NodeCounter: SyntaxAnyVisitor {
    var nodes = 0
    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        nodes += 1
        return .visitChildren
    }
}

// MARK: Parent

/// Runs `arguments` as a child with inherited output, and returns its peak memory and exit status.
func spawn(_ arguments: [String], quiet: Bool = false) -> (status: Int32, peakMemory: Int, cpuSeconds: Double) {
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if quiet {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { fail("cannot run \(arguments[0])") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    // Linux reports kilobytes, macOS bytes.
    #if os(Linux)
    let peak = Int(usage.ru_maxrss) * 1024
    #else
    let peak = Int(usage.ru_maxrss)
    #endif
    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    return ((status >> 8) & 0xff, peak, cpu)
}

let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]

func measure(_ phase: Phase, directory: String, cacheDirectory: String? = nil) -> Sample {
    let resultFile = NSTemporaryDirectory() + "higlint-bench-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: resultFile) }
    var arguments = [executable, directory, "--phase", phase.argument, "--result", resultFile]
    if let cacheDirectory { arguments += ["--cache-dir", cacheDirectory] }
    let (status, peak, cpu) = spawn(arguments)
    guard status == 0, let text = try? String(contentsOfFile: resultFile, encoding: .utf8), let seconds = Double(text) else {
        fail("phase \(phase.rawValue) failed (status \(status))")
    }
    return Sample(seconds: seconds, peakMemory: peak, cpuSeconds: cpu)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func which(_ tool: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let path = "\(folder)/\(tool)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

func temporaryFolder() -> String {
    let path = NSTemporaryDirectory() + "higlint-bench-cache-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func format(_ seconds: Double) -> String { String(format: "%8.3f s", seconds) }
func megabytes(_ bytes: Int) -> String { String(format: "%6.0f MB", Double(bytes) / 1_048_576) }

var arguments = Array(CommandLine.arguments.dropFirst())[...]
var directory: String?
var runs = 3
var unfiltered = false
var usesSwiftFormat = true
var phaseToRun: Phase?
var resultFile: String?
var cacheDirectory: String?
var checksAgreement = false
while let argument = arguments.popFirst() {
    switch argument {
    case "--runs":
        guard let count = arguments.popFirst().flatMap({ Int($0) }) else { fail("--runs needs a number") }
        runs = max(1, count)
    case "--unfiltered": unfiltered = true
    case "--no-swift-format": usesSwiftFormat = false
    case "--phase": phaseToRun = arguments.popFirst().flatMap { name in Phase.allCases.first { $0.argument == name } }
    case "--result": resultFile = arguments.popFirst()
    case "--cache-dir": cacheDirectory = arguments.popFirst()
    case "--agreement": checksAgreement = true
    case "-h", "--help": print(usage, terminator: ""); exit(0)
    default: directory = argument
    }
}
guard let directory else { fail("no directory given\n\n" + usage) }

if checksAgreement {
    // `lint` runs every phase over the folder; `fix` and the servers check one buffer at a time against the
    // folder's survey. Both must find the same, file by file.
    let engine = LintEngine(ruleTypes: allRules)
    let whole = Dictionary(grouping: engine.lint(paths: [directory]).diagnostics, by: \.path)
    let prepared = engine.prepare(paths: [directory])
    var differing: [String] = []
    for file in prepared.files.swiftFiles {
        guard let data = FileManager.default.contents(atPath: file.path),
              case .success(let alone) = prepared.lint(data: data, path: file.path) else { continue }
        if alone != (whole[file.path] ?? []) { differing.append(file.path) }
    }
    print("\(prepared.files.swiftFiles.count) files, \(whole.values.map(\.count).reduce(0, +)) findings, \(differing.count) files differ")
    for path in differing { print("differs: \(path)") }
    exit(differing.isEmpty ? 0 : 1)
}

if let phaseToRun {
    let seconds = runPhase(phaseToRun, directory: directory, cacheDirectory: cacheDirectory)
    try? String(seconds).write(toFile: resultFile ?? "/dev/stdout", atomically: false, encoding: .utf8)
    exit(0)
}

let files = swiftFiles(in: directory)
let bytes = files.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
print("HIGLint benchmark: \(directory)")
print("  \(files.count) Swift files, \(bytes) bytes (\(String(format: "%.2f", Double(bytes) / 1e6)) MB); " +
      "\(runs) runs each, median; \(ProcessInfo.processInfo.activeProcessorCount) cores")
print("  load average before: \(loadAverage()) (other work on the machine skews wall times)")
var results: [Phase: Sample] = [:]

@MainActor func record(_ phase: Phase, _ samples: [Sample]) {
    let sample = Sample(seconds: median(samples.map(\.seconds)), peakMemory: samples.map(\.peakMemory).max() ?? 0,
                        cpuSeconds: median(samples.map(\.cpuSeconds)))
    results[phase] = sample
    let throughput = Double(bytes) / 1e6 / sample.seconds
    print("  \(phase.rawValue.padding(toLength: 30, withPad: " ", startingAt: 0)) \(format(sample.seconds))  " +
          "\(String(format: "%7.2f", throughput)) MB/s  cpu \(format(sample.cpuSeconds))  peak \(megabytes(sample.peakMemory))  " +
          "[runs: \(samples.map { String(format: "%.3f", $0.seconds) }.joined(separator: " "))]")
}

// A first untimed read puts the files in the page cache, so that no phase pays for the disk.
_ = measure(.read, directory: directory)
var phases: [Phase] = [.read, .parse, .parseWalk]
if unfiltered { phases.append(.lintUnfiltered) }
phases += [.lintOne, .lintAll]
for phase in phases {
    record(phase, (0..<runs).map { _ in measure(phase, directory: directory) })
}
var cold: [Sample] = []
var warm: [Sample] = []
// Folders are removed only at the end: on ext4, creating files right after deleting thousands costs far more
// (inode allocation checks recently deleted ones) than a user's cold run ever pays.
var cacheFolders: [String] = []
for _ in 0..<runs {
    let folder = temporaryFolder()
    cacheFolders.append(folder)
    cold.append(measure(.cacheCold, directory: directory, cacheDirectory: folder))
    warm.append(measure(.cacheWarm, directory: directory, cacheDirectory: folder))
}
for folder in cacheFolders { try? FileManager.default.removeItem(atPath: folder) }
record(.cacheCold, cold)
record(.cacheWarm, warm)

/// swift-format on one thread, and on every core (`--parallel`): issue 33 sets its target against the second.
var swiftFormat: Sample?
var swiftFormatParallel: Sample?
if usesSwiftFormat, let tool = which("swift-format") {
    for parallel in [false, true] {
        let options = parallel ? ["--recursive", "--parallel"] : ["--recursive"]
        var samples: [Sample] = []
        for _ in 0..<runs {
            let start = now()
            let (_, peak, cpu) = spawn([tool, "lint"] + options + [directory], quiet: true)
            samples.append(Sample(seconds: now() - start, peakMemory: peak, cpuSeconds: cpu))
        }
        let sample = Sample(seconds: median(samples.map(\.seconds)), peakMemory: samples.map(\.peakMemory).max() ?? 0,
                            cpuSeconds: median(samples.map(\.cpuSeconds)))
        if parallel { swiftFormatParallel = sample } else { swiftFormat = sample }
        let label = parallel ? "swift-format lint --parallel" : "swift-format lint --recursive"
        print("  \(label.padding(toLength: 30, withPad: " ", startingAt: 0)) \(format(sample.seconds))  " +
              "\(String(format: "%7.2f", Double(bytes) / 1e6 / sample.seconds)) MB/s  cpu \(format(sample.cpuSeconds))  peak \(megabytes(sample.peakMemory))  " +
              "[runs: \(samples.map { String(format: "%.3f", $0.seconds) }.joined(separator: " "))]")
    }
}

let higlint = (executable as NSString).deletingLastPathComponent + "/higlint"
var versionStartup: Double?
if FileManager.default.isExecutableFile(atPath: higlint) {
    var times: [Double] = []
    for _ in 0..<11 {
        let start = now()
        _ = spawn([higlint, "--version"], quiet: true)
        times.append(now() - start)
    }
    versionStartup = median(times)
}

@MainActor func loadAverage() -> String {
    var loads = [Double](repeating: 0, count: 3)
    guard getloadavg(&loads, 3) == 3 else { return "unknown" }
    return loads.map { String(format: "%.2f", $0) }.joined(separator: " ")
}

@MainActor func ratio(_ a: Phase, _ b: Phase) -> Double { results[a]!.seconds / results[b]!.seconds }
print("  load average after: \(loadAverage())")
print("Ratios")
print(String(format: "  lint 1 thread / read+parse floor   %6.2fx   (target <= 1.3)", ratio(.lintOne, .parse)))
if unfiltered {
    print(String(format: "  lint 1 thread, no prefilter / floor %6.2fx", ratio(.lintUnfiltered, .parse)))
}
print(String(format: "  parallel speedup (1 thread / all)  %6.2fx   (target >= 1.7 on 2 cores)", ratio(.lintOne, .lintAll)))
// What the speedup would be if every core were free: the one-thread time over the all-core run's CPU time
// shared by the cores. Far above the measured speedup means other work held the cores.
let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
print(String(format: "  speedup if the cores were idle      %6.2fx   (1 thread / (all-core CPU time / %.0f cores))",
             results[.lintOne]!.seconds / (results[.lintAll]!.cpuSeconds / cores), cores))
print(String(format: "  warm cache / cold cache            %6.3f    (target <= 0.1)", ratio(.cacheWarm, .cacheCold)))
if let swiftFormat {
    print(String(format: "  swift-format / HIGLint 1 thread    %6.2fx", swiftFormat.seconds / results[.lintOne]!.seconds))
    print(String(format: "  swift-format / HIGLint all cores   %6.2fx", swiftFormat.seconds / results[.lintAll]!.seconds))
}
if let swiftFormatParallel {
    print(String(format: "  swift-format --parallel / HIGLint all cores  %6.2fx   (target >= 15 with the source-built parser)",
                 swiftFormatParallel.seconds / results[.lintAll]!.seconds))
}
if let versionStartup {
    print(String(format: "  higlint --version                  %6.1f ms (target < 50)", versionStartup * 1000))
}
