import SwiftParser
import SwiftSyntax

/// The byte scanner behind `CreationScan`: what the lexer (`ByteLexer`) says is code, read for declarations,
/// creations and the names members use.
struct CreationScanner {
    let lexer: ByteLexer
    var bytes: UnsafeBufferPointer<UInt8> { lexer.bytes }
    var index = 0
    var declared: [CreationScan.Declared] = []
    var sites: Set<CreationScan.Site> = []
    var members: [CreationScan.Member] = []
    var statics: [CreationScan.StaticMember] = []
    /// The lowercase names each static member's declaration mentions (by index in `statics`).
    var staticMentions: [Int: Set<String>] = [:]
    var mentions: Set<UInt32> = []

    /// An open brace: the type or extension it opened (`nil` for other blocks), and whether it opened a preview.
    struct Scope {
        var type: String?
        var preview: Bool
        /// Its members need not be `private` to be ones only the module calls: a type that conforms to nothing but
        /// `View` and value protocols, or an extension that adds no conformance.
        var opensMembers = false
        var isProtocol = false
        /// A `public extension`: its members are public unless they say otherwise.
        var publicMembers = false
        /// The member being read in this type's body: its name, its index in `members` when it is listed there, and
        /// its index in `statics` when it is static.
        var member: (name: String, listed: Int?, isStatic: Int?)?
    }
    var scopes: [Scope] = []
    /// `private`, `override`, `@objc`… read since the last declaration, brace or `;`.
    var pendingModifiers: Set<String> = []
    /// `#if` clauses open around the scanner: the platforms of the current clause, those no earlier clause took,
    /// and the brace depth at the `#if` (each clause starts from it).
    var clauses: [(current: Platforms, remaining: Platforms, depth: Int, debugOnly: Bool)] = []
    /// A type declaration read up to its `{`.
    var pendingType: (name: String, isPublic: Bool, role: CreationScan.Role, isProtocol: Bool, isView: Bool,
                              kind: String, conformances: [String])?
    var pendingPreview = false
    var sawPublic = false
    /// The last identifier or punctuation read, to tell `some View {` (a type) from `Row {` (a call).
    var previousWord: Slice<UnsafeBufferPointer<UInt8>>?
    var previousPunctuation: UInt8 = 0
    /// Parentheses open since the innermost brace: a `label: Row {` inside them is an argument, not a declaration.
    var parenDepth = 0
    var outerParenDepths: [Int] = []
    /// The `ImageRenderer(` calls open around the scanner, each by the braces and parentheses open at its name: what
    /// is created in their arguments is drawn into an image.
    var imageRenderers: [(scopes: Int, parens: Int)] = []
    /// Where the file's unconditional imports let it compile (`import AppKit`: macOS only); its sites run there.
    var importedPlatforms = Platforms.all
    var conditionCache: [String: (Platforms, Platforms, Bool)] = [:]

    init(bytes: UnsafeBufferPointer<UInt8>) { lexer = ByteLexer(bytes) }

    mutating func run() {
        defer {
            resolveStaticCreations()
            if importedPlatforms != .all, !importedPlatforms.isEmpty {
                sites = Set(sites.map { site in
                    var narrowed = site
                    narrowed.platforms.formIntersection(importedPlatforms)
                    return narrowed
                })
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), let end = lexer.commentEnd(at: index) {
                index = end
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): skipString()
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
            case UInt8(ascii: "("), UInt8(ascii: ")"):
                parenDepth = max(0, parenDepth + (byte == UInt8(ascii: "(") ? 1 : -1))
                if byte == UInt8(ascii: ")"), let renderer = imageRenderers.last, renderer.scopes == scopes.count,
                   parenDepth <= renderer.parens {
                    imageRenderers.removeLast()
                }
                previousPunctuation = byte
                previousWord = nil
                index += 1
            default:
                if byte > 0x20 { previousPunctuation = byte; previousWord = nil }
                index += 1
            }
        }
    }

    func matches(_ text: Slice<UnsafeBufferPointer<UInt8>>, _ word: StaticString) -> Bool {
        lexer.matches(text.startIndex..<text.endIndex, word)
    }

    mutating func word() {
        let start = index
        while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
        let text = bytes[start..<index]
        defer { previousWord = text; previousPunctuation = 0 }
        let word = String(decoding: text, as: UTF8.self)
        noteStaticCreation(text, word)
        // After a `.`, a word is a member's name (`Manager.open()`), never a modifier.
        guard previousPunctuation != UInt8(ascii: ".") || pendingType != nil else {
            if isUppercase(text.first!) { creation(of: text) } else { mentionIfMemberName(word) }
            return
        }
        if Self.memberModifiers.contains(word) { pendingModifiers.insert(word) }
        if previousPunctuation == UInt8(ascii: "@") { pendingModifiers.insert("@" + word) }
        if matches(text, "public") || matches(text, "open") { sawPublic = true; return }
        if matches(text, "static") { pendingModifiers.insert("static") }
        if matches(text, "import"), scopes.isEmpty, clauses.isEmpty,
           let module = lexer.identifier(at: lexer.skippingSpaces(from: index)),
           let allowed = ImportPlatforms.platforms(ofModule: String(decoding: bytes[module], as: UTF8.self)) {
            importedPlatforms.formIntersection(allowed)
            return
        }
        let isExtension = matches(text, "extension"), isProtocol = matches(text, "protocol")
        if isExtension || isProtocol || matches(text, "struct") || matches(text, "class") || matches(text, "enum")
            || matches(text, "actor") {
            // `class func`, `class var`: a member, not a type.
            guard let name = nextTypeName(extension: isExtension) else {
                pendingModifiers.insert("static")
                return
            }
            endMember()
            pendingType = (name, sawPublic, pendingModifiers.contains("@main") ? .entry : .plain, isProtocol, false, word, [])
            return
        }
        if matches(text, "func") || matches(text, "var") || matches(text, "let") { declareMember(); return }
        if matches(text, "init") || matches(text, "subscript") || matches(text, "deinit") || matches(text, "case") {
            endMember()
        }
        if pendingType == nil { mentionIfMemberName(word) }
        guard pendingType == nil, isUppercase(text.first!), previousPunctuation != UInt8(ascii: "@") else {
            if pendingType != nil { notePendingConformance(text) }
            return
        }
        creation(of: text)
    }

    mutating func creation(of text: Slice<UnsafeBufferPointer<UInt8>>) {
        // `Row(`, `Row {`: a creation. `Row.init`, `Row.make(…)`, `Store.shared`, `Row.self`: perhaps a way to one, as
        // far as the scanner can tell. `some View {`, `: Row {` (a property's type) are not.
        var after = index
        // `Carousel<AnyView>(…)`: generic arguments written at the creation.
        if after < bytes.count, bytes[after] == UInt8(ascii: "<"), let close = closingAngle(from: after) { after = close + 1 }
        let called = after
        while after < bytes.count, bytes[after] == UInt8(ascii: " ") { after += 1 }
        guard after < bytes.count else { return }
        let next = bytes[after]
        let isCall = (next == UInt8(ascii: "(") && after == called)
            || (next == UInt8(ascii: "{") && !isTypePosition())
            || (next == UInt8(ascii: ".") && after == called && after + 1 < bytes.count && isIdentifierByte(bytes[after + 1]))
        guard isCall else { return }
        // `Row.make`: the member decides whether it creates a `Row`; `Row.init` and `Row.self` do.
        var via: String?
        if next == UInt8(ascii: "."), let member = lexer.identifier(at: after + 1),
           !lexer.matches(member, "init"), !lexer.matches(member, "self") {
            via = String(decoding: bytes[member], as: UTF8.self)
        }
        record(String(decoding: text, as: UTF8.self), via: via)
    }

    /// The `>` that closes generic arguments opened at `open`, when everything between can be a type's
    /// (names, `.`, `,`, `?`, `[]`, `:`, spaces, nested `<>`) on one line; `nil` for a comparison or anything else.
    func closingAngle(from open: Int) -> Int? {
        var depth = 0
        var cursor = open
        while cursor < bytes.count, cursor - open < 256 {
            let byte = bytes[cursor]
            switch byte {
            case UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ">"):
                depth -= 1
                if depth == 0 { return cursor }
            case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "?"), UInt8(ascii: "["), UInt8(ascii: "]"),
                 UInt8(ascii: ":"), UInt8(ascii: " "):
                break
            default:
                guard isIdentifierByte(byte) else { return nil }
            }
            cursor += 1
        }
        return nil
    }

    func isTypePosition() -> Bool {
        // `rootView: Screen {` in an argument list creates a `Screen`; `var screen: Screen {` declares a type.
        if previousPunctuation == UInt8(ascii: ":") { return parenDepth == 0 }
        if previousPunctuation == UInt8(ascii: ">") { return true }
        guard let previousWord else { return false }
        return matches(previousWord, "some") || matches(previousWord, "any")
    }

    mutating func record(_ name: String, via: String? = nil) {
        let platforms = clauses.reduce(Platforms.all) { $0.intersection($1.current) }
        let owner = scopes.last(where: { $0.type != nil })
        // Code only debug or simulator builds hold does not ship, as a preview does not.
        let inPreview = scopes.contains { $0.preview } || clauses.contains { $0.debugOnly }
        let member = owner?.member.flatMap { $0.listed == nil && $0.isStatic == nil ? nil : $0.name }
        var site = CreationScan.Site(created: name, creator: owner?.type, platforms: platforms, inPreview: inPreview,
                                     member: member, via: via)
        site.asImage = !imageRenderers.isEmpty
        sites.insert(site)
        if name == "ImageRenderer", index < bytes.count, bytes[index] == UInt8(ascii: "(") {
            imageRenderers.append((scopes.count, parenDepth))
        }
    }

    /// The name after `struct`/`class`/…, skipping spaces; for an extension, the last component of a dotted name.
    mutating func nextTypeName(extension isExtension: Bool) -> String? {
        var cursor = lexer.skippingSpaces(from: index)
        var name: String?
        while let found = lexer.identifier(at: cursor) {
            let text = bytes[found]
            if matches(text, "func") || matches(text, "var") || matches(text, "let") { return nil }
            name = String(decoding: text, as: UTF8.self)
            cursor = found.upperBound
            guard isExtension, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") else { break }
            cursor += 1
        }
        index = cursor
        return name
    }

    /// While a declaration is read up to its `{`: what it conforms to says who creates it.
    mutating func notePendingConformance(_ text: Slice<UnsafeBufferPointer<UInt8>>) {
        if matches(text, "PreviewProvider") { pendingType?.role = .preview }
        if matches(text, "Widget") || matches(text, "WidgetBundle") { pendingType?.role = .widget }
        if matches(text, "View") { pendingType?.isView = true }
        if isUppercase(text.first!) { pendingType?.conformances.append(String(decoding: text, as: UTF8.self)) }
    }

    /// Conformances that no framework calls a member for (beyond `body`, which is never listed).
    static let valueConformances: Set<String> = ["View", "Equatable", "Hashable", "Identifiable", "Sendable"]

    /// A brace ends whatever declaration was being read up to it.
    private mutating func step(over brace: UInt8) {
        index += 1
        previousPunctuation = brace
        previousWord = nil
        sawPublic = false
        pendingModifiers = []
    }

    mutating func open() {
        step(over: UInt8(ascii: "{"))
        outerParenDepths.append(parenDepth)
        parenDepth = 0
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

    mutating func close() {
        step(over: UInt8(ascii: "}"))
        parenDepth = outerParenDepths.popLast() ?? 0
        if !scopes.isEmpty { scopes.removeLast() }
        while let renderer = imageRenderers.last, renderer.scopes > scopes.count { imageRenderers.removeLast() }
    }

    // MARK: Directives and string literals

    /// Skips the string literal starting at `index`; a name in an interpolation's code is a use of a member that has
    /// it (`"\(summary)"` uses `summary`: a member shown only in text is used).
    mutating func skipString() {
        let lexer = lexer
        index = lexer.stringLiteral(at: index) { part in
            if case .identifier(let word) = part { mentionIfMemberName(lexer.text(word)) }
        }.end
    }

    mutating func hash() {
        if lexer.startsStringLiteral(at: index) {
            skipString()
            return
        }
        var cursor = index + 1
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") { cursor += 1 }
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
    mutating func restoreDepth(_ depth: Int) {
        if scopes.count > depth { scopes.removeLast(scopes.count - depth) }
    }

    /// The text to the end of the line, without a trailing comment.
    mutating func restOfLine() -> String {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
            if lexer.startsWith(at: index, "//") || lexer.startsWith(at: index, "/*") { break }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The platforms where a `#if` condition can be true and where it can be false, and whether it holds only in
    /// debug or simulator builds, read by the parser's rules
    /// (`PlatformCondition`): conditions are few and short, and remembered.
    mutating func platforms(ofCondition condition: String) -> (Platforms, Platforms, Bool) {
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
}

/// The scanner reads bytes, not characters (`ByteLexer`).
func isIdentifierByte(_ byte: UInt8) -> Bool { ByteLexer.isIdentifierByte(byte) }

func isDigit(_ byte: UInt8) -> Bool { ByteLexer.isDigit(byte) }

func isUppercase(_ byte: UInt8) -> Bool { ByteLexer.isUppercase(byte) }

