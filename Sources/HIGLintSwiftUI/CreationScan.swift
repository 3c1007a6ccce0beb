import SwiftParser
import SwiftSyntax

/// Where one file creates the types it calls, read from its bytes without a parse: the survey reads every file of a
/// run, and parsing them all a second time would double the cost of a run. What it needs is little: the types the
/// file declares, and each call of a capitalised name (`SettingsView(…)`, `Row { … }`, `Badge.init`, a static
/// factory `Badge.make(…)`) with the type
/// it sits in, the `#if` platforms around it and whether it is in a `#Preview`. `ModuleReach` makes the module's
/// facts of them.
///
/// Comments, string literals (with their interpolations) and directives are skipped as the lexer skips them; a
/// construct this scanner misreads can only add or drop a creation site, and `ModuleReach` narrows a type only
/// from sites it saw, never from a site it missed.
public struct CreationScan: Sendable, Equatable {
    /// How a declared type is created by the system rather than by the module's code.
    public enum Role: UInt8, Sendable {
        case plain = 0
        /// A `PreviewProvider`: Xcode's canvas creates it; nothing it makes ships.
        case preview = 1
        /// A `Widget` or `WidgetBundle`: WidgetKit creates it, and shows what it makes as snapshots.
        case widget = 2
    }

    public struct Declared: Hashable, Sendable {
        public var name: String
        /// `public` or `open`: code outside the linted files may create it.
        public var isPublic: Bool
        public var role: Role
        /// `View` is among what it conforms to, as written in its declaration.
        public var isView = false
    }

    public struct Site: Hashable, Sendable {
        public var created: String
        /// The innermost type or extension the call sits in; `nil` at file level.
        public var creator: String?
        /// The platforms of the `#if` clauses around the call.
        public var platforms: Platforms
        public var inPreview: Bool
    }

    public var declared: [Declared] = []
    public var sites: Set<Site> = []

    public init() {}

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var scanner = CreationScanner(bytes: bytes)
        scanner.run()
        declared = scanner.declared
        sites = scanner.sites
    }

    public init(source: String) {
        var text = source
        self = text.withUTF8 { CreationScan($0) }
    }

    // MARK: Text form, for the survey's cache records

    /// `d` entries (`name`, flags) and `s` entries (`created`, `creator`, platforms, preview), `|`-separated; names
    /// are identifiers and hold neither separator.
    public var encoded: String {
        let types = declared.map { "d:\($0.name):\($0.isPublic ? 1 : 0)\($0.role.rawValue)\($0.isView ? 1 : 0)" }
        let calls = sites.map { "s:\($0.created):\($0.creator ?? ""):\($0.platforms.rawValue):\($0.inPreview ? 1 : 0)" }.sorted()
        return (types + calls).joined(separator: "|")
    }

    public init?(encoded: some StringProtocol) {
        for entry in encoded.split(separator: "|") {
            let fields = entry.split(separator: ":", omittingEmptySubsequences: false)
            switch fields.first {
            case "d" where fields.count == 3 && fields[2].count == 3:
                let flags = Array(fields[2])
                guard let role = UInt8(String(flags[1])).flatMap(Role.init(rawValue:)) else { return nil }
                declared.append(Declared(name: String(fields[1]), isPublic: flags[0] == "1", role: role, isView: flags[2] == "1"))
            case "s" where fields.count == 5:
                guard let platforms = UInt8(fields[3]) else { return nil }
                sites.insert(Site(created: String(fields[1]), creator: fields[2].isEmpty ? nil : String(fields[2]),
                                  platforms: Platforms(rawValue: platforms), inPreview: fields[4] == "1"))
            default:
                return nil
            }
        }
    }
}

/// The byte scanner behind `CreationScan`.
private struct CreationScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var declared: [CreationScan.Declared] = []
    var sites: Set<CreationScan.Site> = []

    /// Open braces: the type or extension each opened (`nil` for other blocks), and whether it opened a preview.
    private var scopes: [(type: String?, preview: Bool)] = []
    /// `#if` clauses open around the scanner: the platforms of the current clause, those no earlier clause took,
    /// and the brace depth at the `#if` (each clause starts from it).
    private var clauses: [(current: Platforms, remaining: Platforms, depth: Int)] = []
    /// A type declaration read up to its `{`.
    private var pendingType: (name: String, isPublic: Bool, role: CreationScan.Role, isProtocol: Bool, isView: Bool)?
    private var pendingPreview = false
    private var sawPublic = false
    /// The last identifier or punctuation read, to tell `some View {` (a type) from `Row {` (a call).
    private var previousWord: Slice<UnsafeBufferPointer<UInt8>>?
    private var previousPunctuation: UInt8 = 0
    private var conditionCache: [String: (Platforms, Platforms)] = [:]

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func run() {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"): skipLine()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"): skipBlockComment()
            case UInt8(ascii: "\""): skipString(hashes: 0)
            case UInt8(ascii: "#"): hash()
            case UInt8(ascii: "{"): open()
            case UInt8(ascii: "}"): close()
            case UInt8(ascii: "\n"), UInt8(ascii: ";"):
                sawPublic = false
                index += 1
            case _ where isIdentifierByte(byte) && !isDigit(byte): word()
            default:
                if byte > 0x20 { previousPunctuation = byte; previousWord = nil }
                index += 1
            }
        }
    }

    private func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    private mutating func word() {
        let start = index
        while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
        let text = bytes[start..<index]
        defer { previousWord = text; previousPunctuation = 0 }
        if matches(text, "public") || matches(text, "open") { sawPublic = true; return }
        let isExtension = matches(text, "extension"), isProtocol = matches(text, "protocol")
        if isExtension || isProtocol || matches(text, "struct") || matches(text, "class") || matches(text, "enum")
            || matches(text, "actor") {
            // `class func`, `class var`: a member, not a type.
            guard let name = nextTypeName(extension: isExtension) else { return }
            pendingType = (name, sawPublic, .plain, isProtocol, false)
            return
        }
        guard pendingType == nil, isUppercase(text.first!), previousPunctuation != UInt8(ascii: "@") else {
            if pendingType != nil { notePendingConformance(text) }
            return
        }
        // `Row(`, `Row {`: a creation. `Row.init`, `Row.make(…)`, `Store.shared`, `Row.self`: a way to one, as
        // far as the scanner can tell. `some View {`, `: Row {` (a property's type) are not.
        var after = index
        while after < bytes.count, bytes[after] == UInt8(ascii: " ") { after += 1 }
        guard after < bytes.count else { return }
        let next = bytes[after]
        let isCall = (next == UInt8(ascii: "(") && after == index)
            || (next == UInt8(ascii: "{") && !isTypePosition())
            || (next == UInt8(ascii: ".") && after == index && after + 1 < bytes.count && isIdentifierByte(bytes[after + 1]))
        if isCall { record(String(decoding: text, as: UTF8.self)) }
    }

    private func isTypePosition() -> Bool {
        if [UInt8(ascii: ":"), UInt8(ascii: ">")].contains(previousPunctuation) { return true }
        guard let previousWord else { return false }
        return matches(previousWord, "some") || matches(previousWord, "any")
    }

    private mutating func record(_ name: String) {
        let platforms = clauses.reduce(Platforms.all) { $0.intersection($1.current) }
        let creator = scopes.last(where: { $0.type != nil })?.type
        let inPreview = scopes.contains { $0.preview }
        sites.insert(CreationScan.Site(created: name, creator: creator, platforms: platforms, inPreview: inPreview))
    }

    /// The name after `struct`/`class`/…, skipping spaces; for an extension, the last component of a dotted name.
    private mutating func nextTypeName(extension isExtension: Bool) -> String? {
        var cursor = index
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor += 1 }
        var name: String?
        while true {
            let start = cursor
            while cursor < bytes.count, isIdentifierByte(bytes[cursor]) { cursor += 1 }
            guard cursor > start else { break }
            let text = bytes[start..<cursor]
            if matches(text, "func") || matches(text, "var") || matches(text, "let") { return nil }
            name = String(decoding: text, as: UTF8.self)
            guard isExtension, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") else { break }
            cursor += 1
        }
        index = cursor
        return name
    }

    /// While a declaration is read up to its `{`: what it conforms to says who creates it.
    private mutating func notePendingConformance(_ text: Slice<UnsafeBufferPointer<UInt8>>) {
        if matches(text, "PreviewProvider") { pendingType?.role = .preview }
        if matches(text, "Widget") || matches(text, "WidgetBundle") { pendingType?.role = .widget }
        if matches(text, "View") { pendingType?.isView = true }
    }

    private mutating func open() {
        index += 1
        previousPunctuation = UInt8(ascii: "{")
        previousWord = nil
        sawPublic = false
        if let pending = pendingType {
            pendingType = nil
            if !pending.isProtocol {
                declared.append(CreationScan.Declared(name: pending.name, isPublic: pending.isPublic, role: pending.role,
                                                      isView: pending.isView))
            }
            scopes.append((pending.isProtocol ? nil : pending.name, pending.role == .preview))
            return
        }
        scopes.append((nil, pendingPreview))
        pendingPreview = false
    }

    private mutating func close() {
        index += 1
        previousPunctuation = UInt8(ascii: "}")
        previousWord = nil
        sawPublic = false
        if !scopes.isEmpty { scopes.removeLast() }
    }

    // MARK: Directives and raw strings

    private mutating func hash() {
        var cursor = index + 1
        var hashes = 1
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") { hashes += 1; cursor += 1 }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") {
            index = cursor
            skipString(hashes: hashes)
            return
        }
        let start = cursor
        while cursor < bytes.count, isIdentifierByte(bytes[cursor]) { cursor += 1 }
        let directive = bytes[start..<cursor]
        index = cursor
        if matches(directive, "Preview") { pendingPreview = true; return }
        if matches(directive, "if") || matches(directive, "elseif") {
            let (canBeTrue, canBeFalse) = platforms(ofCondition: restOfLine())
            if matches(directive, "if") {
                clauses.append((canBeTrue, canBeFalse, scopes.count))
            } else if let last = clauses.popLast() {
                restoreDepth(last.depth)
                clauses.append((last.remaining.intersection(canBeTrue), last.remaining.intersection(canBeFalse), last.depth))
            }
        } else if matches(directive, "else"), let last = clauses.popLast() {
            restoreDepth(last.depth)
            clauses.append((last.remaining, [], last.depth))
        } else if matches(directive, "endif") {
            _ = clauses.popLast()
        }
    }

    /// Each clause of an `#if` starts at the depth of the `#if`: clauses that each open a declaration's `{` (an
    /// iOS and a macOS variant) must not leave two braces open.
    private mutating func restoreDepth(_ depth: Int) {
        if scopes.count > depth { scopes.removeLast(scopes.count - depth) }
    }

    /// The text to the end of the line, without a trailing comment.
    private mutating func restOfLine() -> String {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*") { break }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The platforms where a `#if` condition can be true and where it can be false, read by the parser's rules
    /// (`PlatformCondition`): conditions are few and short, and remembered.
    private mutating func platforms(ofCondition condition: String) -> (Platforms, Platforms) {
        if let known = conditionCache[condition] { return known }
        var result = (Platforms.all, Platforms.all)
        let tree = Parser.parse(source: "#if " + condition + "\n#endif\n")
        if let clause = tree.statements.first?.item.as(IfConfigDeclSyntax.self)?.clauses.first, let expression = clause.condition {
            result = (PlatformCondition.platforms(where: expression), PlatformCondition.platforms(whereNot: expression))
        }
        conditionCache[condition] = result
        return result
    }

    // MARK: Comments and strings

    private mutating func skipLine() {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") { depth += 1; index += 2; continue }
            if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
                continue
            }
            index += 1
        }
    }

    /// Skips a string literal starting at its first `"`, with `hashes` `#` before it, and its interpolations.
    private mutating func skipString(hashes: Int) {
        let multiline = startsWith(at: index, "\"\"\"")
        index += multiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), hashesFollow(at: index + 1, count: hashes) {
                index += 1 + hashes
                if index < bytes.count, bytes[index] == UInt8(ascii: "(") { skipInterpolation() } else { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "\n"), !multiline { return }
            if byte == UInt8(ascii: "\""), !multiline || startsWith(at: index, "\"\"\""),
               hashesFollow(at: index + (multiline ? 3 : 1), count: hashes) {
                index += (multiline ? 3 : 1) + hashes
                return
            }
            index += 1
        }
    }

    /// Skips `( … )` of an interpolation, with the strings and comments inside it.
    private mutating func skipInterpolation() {
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("): depth += 1; index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return }
            case UInt8(ascii: "\""): skipString(hashes: 0)
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"): skipBlockComment()
            case UInt8(ascii: "\n"): return
            default: index += 1
            }
        }
    }

    private func hashesFollow(at start: Int, count: Int) -> Bool {
        guard start + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[start + $0] == UInt8(ascii: "#") }
    }

    private func startsWith(at start: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard start + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[start + $0] == text.utf8Start[$0] }
    }

    private func matches(_ text: Slice<UnsafeBufferPointer<UInt8>>, _ word: StaticString) -> Bool {
        text.count == word.utf8CodeUnitCount && startsWith(at: text.startIndex, word)
    }
}

private func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80 || isDigit(byte)
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

private func isUppercase(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
