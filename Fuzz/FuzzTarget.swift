// libFuzzer entry point over the whole pipeline: bytes → UTF-8 check → parse → SwiftUI model →
// every rule → every fix (pass after pass, with the re-parse that guards each one), plus the
// decoders of the other inputs HIGLint reads: configuration files, image-set Contents.json, the
// bytes of a result-cache entry, and standard input (`--stdin`) read from a pipe.
// Built and run by Fuzz/run.sh; not part of the package, so `swift build` never needs libFuzzer.
import Foundation
import HIGLintCore
import HIGLintRules

private let engine = LintEngine(ruleTypes: allRules)
private let fixer = FixEngine(engine: engine)
private let descriptions = allRules.map { $0.description }
private let ruleIDs = Set(descriptions.map(\.id))

/// Whether SwiftParser would take exponential time on `data`: it does on `[` and `(` nested eight or more deep
/// without a `{` between them (`[[[[…`, `[(x: [(x: …`, `(@(@…`). That is upstream and bounded in `higlint` by
/// `--file-timeout` (tested in BadInputCommandTests); skipping such inputs keeps the fuzzer looking for bugs of ours.
private func parserWouldStall(_ data: Data) -> Bool {
    var depths = [0]
    for byte in data {
        switch byte {
        case UInt8(ascii: "{"): depths.append(0)
        case UInt8(ascii: "}"): if depths.count > 1 { depths.removeLast() }
        case UInt8(ascii: "["), UInt8(ascii: "("):
            depths[depths.count - 1] += 1
            if depths[depths.count - 1] > 7 { return true }
        case UInt8(ascii: "]"), UInt8(ascii: ")"): depths[depths.count - 1] = max(0, depths[depths.count - 1] - 1)
        default: break
        }
    }
    return false
}

/// One input, checked on a thread with the stack the engine gives its workers (ParallelRunner.stackSize),
/// so deep nesting is tested the way `higlint` runs it.
private func check(_ data: Data) {
    guard !parserWouldStall(data) else { return }
    switch engine.lint(data: data, path: "Fuzz.swift") {
    case .failure:
        break
    case .success(let diagnostics):
        let count = data.count
        for diagnostic in diagnostics {
            precondition(diagnostic.offset >= 0 && diagnostic.offset <= count, "finding outside the file")
            precondition(diagnostic.line >= 1 && diagnostic.column >= 1, "position before the file")
        }
        if !diagnostics.isEmpty, let text = String(validating: [UInt8](data), as: UTF8.self) {
            let correction = fixer.correct(text, path: "Fuzz.swift")
            precondition(correction.passes <= fixer.maximumPasses)
        }
    }
    // Any bytes may be named .higlint.json: a byte order mark, UTF-16, duplicate keys, huge words.
    _ = try? ConfigurationFile(data: data, path: ".higlint.json", rules: descriptions)
    if data.first == UInt8(ascii: "{") {
        _ = engine.lint(imageSetContents: data, path: "Fuzz.xcassets/Fuzz.imageset/Contents.json")
    }
    checkCacheEntry(data)
    // Half the inputs again as standard input, which must say what a file with those bytes says.
    if data.count % 2 == 1 { checkStandardInput(data) }
}

/// A cache entry read back is either refused or plausible, and survives another encoding unchanged.
private func checkCacheEntry(_ data: Data) {
    guard let decoded = data.withUnsafeBytes({ ResultCache.decodeEntry($0, knownRules: ruleIDs) }) else { return }
    for diagnostic in decoded {
        precondition(ruleIDs.contains(diagnostic.rule) && diagnostic.line >= 1 && diagnostic.column >= 1, "implausible entry accepted")
    }
    let again = ResultCache.encodeEntry(decoded).withUnsafeBytes { ResultCache.decodeEntry($0, knownRules: ruleIDs) }
    precondition(again == decoded, "a cache entry changed when encoded again")
}

/// `--stdin` through a pipe, as `higlint --stdin` reads it.
private func checkStandardInput(_ data: Data) {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { return }
    // Inputs are at most 16 KiB, which a pipe holds without a reader.
    let written = data.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
    close(descriptors[1])
    defer { close(descriptors[0]) }
    guard written == data.count else { return }
    let viaStandardInput = engine.lintStandardInput(descriptor: descriptors[0], path: "Fuzz.swift")
    let viaFile = engine.lint(data: data, path: "Fuzz.swift")
    switch viaFile {
    case .success(let found):
        precondition(viaStandardInput.errors.isEmpty, "standard input and a file disagree on whether the input can be checked")
        precondition(viaStandardInput.diagnostics == found, "standard input and a file disagree")
    case .failure:
        precondition(!viaStandardInput.errors.isEmpty, "standard input and a file disagree on whether the input can be checked")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let data = Data(bytes: bytes, count: size)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        check(data)
        done.signal()
    }
    thread.stackSize = 64 << 20
    thread.start()
    done.wait()
    return 0
}
