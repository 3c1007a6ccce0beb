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
        /// The member of `creator` the call sits in (`header` of `var header: some View { … }`), when it is one
        /// that `members` lists: code nothing calls makes nothing.
        public var member: String? = nil
    }

    /// A member of a type or extension that only the module's own code can call: `private`, or in a view or an
    /// extension that conforms to nothing (no framework calls it by a protocol's requirement), and not an
    /// `override`, `@objc` or `@IB…` member. If nothing names it, nothing calls it (`MemberUse`).
    public struct Member: Hashable, Sendable {
        public var type: String
        public var name: String
        /// `private` or `fileprivate`: only its own file can name it.
        public var isPrivate: Bool
        /// The lowercase names its own code mentions: they are used only if it is.
        public var mentions: Set<UInt32>
    }

    public var declared: [Declared] = []
    public var sites: Set<Site> = []
    /// Members that only the module's code can call, with what each mentions.
    public var members: [Member] = []
    /// Lowercase names mentioned (hashed, `MemberUse.hash`) outside those members and outside their declarations.
    public var mentions: Set<UInt32> = []

    public init() {}

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var scanner = CreationScanner(bytes: bytes)
        scanner.run()
        declared = scanner.declared
        sites = scanner.sites
        members = scanner.members
        mentions = scanner.mentions
    }

    public init(source: String) {
        var text = source
        self = text.withUTF8 { CreationScan($0) }
    }

    // MARK: Text form, for the survey's cache records

    /// `d` entries (`name`, flags), `s` entries (`created`, `creator`, platforms, preview, member), `c` entries
    /// (type, member, private, its mentions) and one `m` entry (the other mentions), `|`-separated; names are
    /// identifiers and hold neither separator, mentions are hexadecimal hashes separated by `,`.
    public var encoded: String {
        let types = declared.map { "d:\($0.name):\($0.isPublic ? 1 : 0)\($0.role.rawValue)\($0.isView ? 1 : 0)" }
        let calls = sites.map {
            "s:\($0.created):\($0.creator ?? ""):\($0.platforms.rawValue):\($0.inPreview ? 1 : 0):\($0.member ?? "")"
        }.sorted()
        let callables = members.map { "c:\($0.type):\($0.name):\($0.isPrivate ? 1 : 0):\(Self.encode($0.mentions))" }
        return (types + calls + callables + ["m:" + Self.encode(mentions)]).joined(separator: "|")
    }

    private static func encode(_ hashes: Set<UInt32>) -> String {
        hashes.sorted().map { String($0, radix: 16) }.joined(separator: ",")
    }

    private static func decode(_ text: some StringProtocol) -> Set<UInt32>? {
        var hashes = Set<UInt32>()
        for entry in text.split(separator: ",") {
            guard let hash = UInt32(entry, radix: 16) else { return nil }
            hashes.insert(hash)
        }
        return hashes
    }

    public init?(encoded: some StringProtocol) {
        for entry in encoded.split(separator: "|") {
            let fields = entry.split(separator: ":", omittingEmptySubsequences: false)
            switch fields.first {
            case "d" where fields.count == 3 && fields[2].count == 3:
                let flags = Array(fields[2])
                guard let role = UInt8(String(flags[1])).flatMap(Role.init(rawValue:)) else { return nil }
                declared.append(Declared(name: String(fields[1]), isPublic: flags[0] == "1", role: role, isView: flags[2] == "1"))
            case "s" where fields.count == 6:
                guard let platforms = UInt8(fields[3]) else { return nil }
                sites.insert(Site(created: String(fields[1]), creator: fields[2].isEmpty ? nil : String(fields[2]),
                                  platforms: Platforms(rawValue: platforms), inPreview: fields[4] == "1",
                                  member: fields[5].isEmpty ? nil : String(fields[5])))
            case "c" where fields.count == 5:
                guard let hashes = Self.decode(fields[4]) else { return nil }
                members.append(Member(type: String(fields[1]), name: String(fields[2]), isPrivate: fields[3] == "1",
                                      mentions: hashes))
            case "m" where fields.count == 2:
                guard let hashes = Self.decode(fields[1]) else { return nil }
                mentions = hashes
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
    var members: [CreationScan.Member] = []
    var mentions: Set<UInt32> = []

    /// An open brace: the type or extension it opened (`nil` for other blocks), and whether it opened a preview.
    private struct Scope {
        var type: String?
        var preview: Bool
        /// Its members need not be `private` to be ones only the module calls: a type that conforms to nothing but
        /// `View` and value protocols, or an extension that adds no conformance.
        var opensMembers = false
        var isProtocol = false
        /// A `public extension`: its members are public unless they say otherwise.
        var publicMembers = false
        /// The member being read in this type's body: its name, and its index in `members` when it is listed there.
        var member: (name: String, listed: Int?)?
    }
    private var scopes: [Scope] = []
    /// `private`, `override`, `@objc`… read since the last declaration, brace or `;`.
    private var pendingModifiers: Set<String> = []
    /// `#if` clauses open around the scanner: the platforms of the current clause, those no earlier clause took,
    /// and the brace depth at the `#if` (each clause starts from it).
    private var clauses: [(current: Platforms, remaining: Platforms, depth: Int, debugOnly: Bool)] = []
    /// A type declaration read up to its `{`.
    private var pendingType: (name: String, isPublic: Bool, role: CreationScan.Role, isProtocol: Bool, isView: Bool,
                              kind: String, conformances: [String])?
    private var pendingPreview = false
    private var sawPublic = false
    /// The last identifier or punctuation read, to tell `some View {` (a type) from `Row {` (a call).
    private var previousWord: Slice<UnsafeBufferPointer<UInt8>>?
    private var previousPunctuation: UInt8 = 0
    private var conditionCache: [String: (Platforms, Platforms, Bool)] = [:]

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
            case UInt8(ascii: "\n"):
                sawPublic = false
                index += 1
            case UInt8(ascii: ";"):
                sawPublic = false
                pendingModifiers = []
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
        let word = String(decoding: text, as: UTF8.self)
        // After a `.`, a word is a member's name (`Manager.open()`), never a modifier.
        guard previousPunctuation != UInt8(ascii: ".") || pendingType != nil else {
            if !isUppercase(text.first!) { mention(word) } else { creation(of: text) }
            return
        }
        if Self.memberModifiers.contains(word) { pendingModifiers.insert(word) }
        if matches(text, "public") || matches(text, "open") { sawPublic = true; return }
        let isExtension = matches(text, "extension"), isProtocol = matches(text, "protocol")
        if isExtension || isProtocol || matches(text, "struct") || matches(text, "class") || matches(text, "enum")
            || matches(text, "actor") {
            // `class func`, `class var`: a member, not a type.
            guard let name = nextTypeName(extension: isExtension) else { return }
            endMember()
            pendingType = (name, sawPublic, .plain, isProtocol, false, word, [])
            return
        }
        if matches(text, "func") || matches(text, "var") || matches(text, "let") { declareMember(); return }
        if matches(text, "init") || matches(text, "subscript") || matches(text, "deinit") || matches(text, "case") {
            endMember()
        }
        if !isUppercase(text.first!), pendingType == nil, !Self.keywords.contains(word) { mention(word) }
        guard pendingType == nil, isUppercase(text.first!), previousPunctuation != UInt8(ascii: "@") else {
            if pendingType != nil { notePendingConformance(text) }
            return
        }
        creation(of: text)
    }

    private mutating func creation(of text: Slice<UnsafeBufferPointer<UInt8>>) {
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
        let owner = scopes.last(where: { $0.type != nil })
        // Code only debug or simulator builds hold does not ship, as a preview does not.
        let inPreview = scopes.contains { $0.preview } || clauses.contains { $0.debugOnly }
        let member = owner?.member.flatMap { $0.listed == nil ? nil : $0.name }
        sites.insert(CreationScan.Site(created: name, creator: owner?.type, platforms: platforms, inPreview: inPreview,
                                       member: member))
    }

    // MARK: Members and what they mention

    /// Modifiers that decide whether a member is one only the module calls.
    private static let memberModifiers: Set<String> = [
        "private", "fileprivate", "public", "open", "override", "objc", "IBAction", "IBOutlet", "IBInspectable",
        "IBSegueAction", "NSManaged", "dynamic", "_dynamicReplacement",
    ]

    /// Names frameworks call by a protocol's requirement, even where the conformance is declared elsewhere.
    private static let requirementNames: Set<String> = [
        "body", "id", "hash", "description", "debugDescription", "encode", "makeBody", "makeCoordinator",
        "makeUIView", "updateUIView", "dismantleUIView", "makeNSView", "updateNSView", "dismantleNSView",
        "makeUIViewController", "updateUIViewController", "makeNSViewController", "updateNSViewController",
        "sizeThatFits", "placeSubviews", "reduce", "defaultValue", "previews", "makeIterator", "next", "perform",
        "placeholder", "getSnapshot", "getTimeline", "snapshot", "timeline", "tableView", "collectionView",
        "application", "scene", "windowScene", "userNotificationCenter", "webView", "layoutSubviews", "draw",
    ]

    private static let keywords: Set<String> = [
        "let", "var", "func", "if", "else", "return", "self", "true", "false", "nil", "in", "for", "while", "guard",
        "switch", "case", "default", "some", "any", "import", "static", "private", "fileprivate", "internal", "where",
        "do", "try", "catch", "throw", "throws", "await", "async", "is", "as", "inout", "mutating", "get", "set",
        "init", "super", "lazy", "weak", "final", "override", "struct", "class", "enum", "extension", "protocol",
    ]

    /// `func name`, `var name`, `let name` directly in a type's body starts a member (listed in `members` when only
    /// the module's code can call it); in a protocol's body the name is a requirement, which counts as mentioned.
    private mutating func declareMember() {
        let modifiers = pendingModifiers
        pendingModifiers = []
        guard let scope = scopes.last, scope.type != nil || scope.isProtocol else { return }
        endMember()
        var cursor = index
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor += 1 }
        let start = cursor
        while cursor < bytes.count, isIdentifierByte(bytes[cursor]) { cursor += 1 }
        guard cursor > start else { return }
        index = cursor
        let name = String(decoding: bytes[start..<cursor], as: UTF8.self)
        if scope.isProtocol { mention(name); return }
        let isPrivate = modifiers.contains("private") || modifiers.contains("fileprivate")
        let callable = modifiers.isDisjoint(with: ["public", "open", "override", "objc", "IBAction", "IBOutlet",
                                                    "IBInspectable", "IBSegueAction", "NSManaged", "dynamic",
                                                    "_dynamicReplacement"])
        var listed: Int?
        if callable, isPrivate || (scope.opensMembers && !scope.publicMembers), !Self.requirementNames.contains(name), let type = scope.type {
            listed = members.count
            members.append(CreationScan.Member(type: type, name: name, isPrivate: isPrivate, mentions: []))
        }
        scopes[scopes.count - 1].member = (name, listed)
    }

    /// A nested type, an initializer or a `case` ends the member being read in the innermost type's body.
    private mutating func endMember() {
        if let last = scopes.indices.last, scopes[last].type != nil { scopes[last].member = nil }
    }

    private mutating func mention(_ name: String) {
        let hash = MemberUse.hash(name)
        if let listed = scopes.last(where: { $0.type != nil })?.member?.listed {
            members[listed].mentions.insert(hash)
        } else {
            mentions.insert(hash)
        }
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
        if isUppercase(text.first!) { pendingType?.conformances.append(String(decoding: text, as: UTF8.self)) }
    }

    /// Conformances that no framework calls a member for (beyond `body`, which is never listed).
    private static let valueConformances: Set<String> = ["View", "Equatable", "Hashable", "Identifiable", "Sendable"]

    private mutating func open() {
        index += 1
        previousPunctuation = UInt8(ascii: "{")
        previousWord = nil
        sawPublic = false
        pendingModifiers = []
        if let pending = pendingType {
            pendingType = nil
            if !pending.isProtocol {
                declared.append(CreationScan.Declared(name: pending.name, isPublic: pending.isPublic, role: pending.role,
                                                      isView: pending.isView))
            }
            let opensMembers = pending.kind == "extension" || pending.kind == "class"
                ? pending.conformances.isEmpty : Set(pending.conformances).isSubset(of: Self.valueConformances)
            scopes.append(Scope(type: pending.isProtocol ? nil : pending.name, preview: pending.role == .preview,
                                opensMembers: opensMembers, isProtocol: pending.isProtocol,
                                publicMembers: pending.kind == "extension" && pending.isPublic))
            return
        }
        scopes.append(Scope(type: nil, preview: pendingPreview))
        pendingPreview = false
    }

    private mutating func close() {
        index += 1
        previousPunctuation = UInt8(ascii: "}")
        previousWord = nil
        sawPublic = false
        pendingModifiers = []
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
            let (canBeTrue, canBeFalse, debugOnly) = platforms(ofCondition: restOfLine())
            if matches(directive, "if") {
                clauses.append((canBeTrue, canBeFalse, scopes.count, debugOnly))
            } else if let last = clauses.popLast() {
                restoreDepth(last.depth)
                clauses.append((last.remaining.intersection(canBeTrue), last.remaining.intersection(canBeFalse), last.depth,
                                debugOnly))
            }
        } else if matches(directive, "else"), let last = clauses.popLast() {
            restoreDepth(last.depth)
            clauses.append((last.remaining, [], last.depth, false))
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

    /// The platforms where a `#if` condition can be true and where it can be false, and whether it holds only in
    /// debug or simulator builds, read by the parser's rules
    /// (`PlatformCondition`): conditions are few and short, and remembered.
    private mutating func platforms(ofCondition condition: String) -> (Platforms, Platforms, Bool) {
        if let known = conditionCache[condition] { return known }
        var result = (Platforms.all, Platforms.all, false)
        let tree = Parser.parse(source: "#if " + condition + "\n#endif\n")
        if let clause = tree.statements.first?.item.as(IfConfigDeclSyntax.self)?.clauses.first, let expression = clause.condition {
            result = (PlatformCondition.platforms(where: expression), PlatformCondition.platforms(whereNot: expression),
                      DebugCondition.holdsOnlyInDebugBuilds(expression))
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
