/// The members a type declares that only the module can call, and the names code mentions (`MemberUse`).
extension CreationScanner {
    /// Modifiers that decide whether a member is one only the module calls.
    static let memberModifiers: Set<String> = [
        "private", "fileprivate", "public", "open", "override", "objc", "IBAction", "IBOutlet", "IBInspectable",
        "IBSegueAction", "NSManaged", "dynamic", "_dynamicReplacement",
    ]

    /// Attributes that say nothing about who uses a member.
    static let neutralAttributes: Set<String> = [
        "@ViewBuilder", "@MainActor", "@available", "@discardableResult", "@inlinable", "@inline", "@Sendable",
        "@preconcurrency", "@ToolbarContentBuilder", "@CommandsBuilder", "@SceneBuilder", "@TableColumnBuilder",
        "@TableRowBuilder", "@ChartContentBuilder", "@usableFromInline", "@MapContentBuilder",
    ]

    /// Names frameworks call by a protocol's requirement, even where the conformance is declared elsewhere.
    static let requirementNames: Set<String> = [
        "body", "id", "hash", "description", "debugDescription", "encode", "makeBody", "makeCoordinator",
        "makeUIView", "updateUIView", "dismantleUIView", "makeNSView", "updateNSView", "dismantleNSView",
        "makeUIViewController", "updateUIViewController", "makeNSViewController", "updateNSViewController",
        "sizeThatFits", "placeSubviews", "reduce", "defaultValue", "previews", "makeIterator", "next", "perform",
        "placeholder", "getSnapshot", "getTimeline", "snapshot", "timeline", "tableView", "collectionView",
        "application", "scene", "windowScene", "userNotificationCenter", "webView", "layoutSubviews", "draw",
        // Called by syntax, not by name: `handler(error)`, `model.someKey`.
        "callAsFunction", "dynamicallyCall",
    ]

    static let keywords: Set<String> = [
        "let", "var", "func", "if", "else", "return", "self", "true", "false", "nil", "in", "for", "while", "guard",
        "switch", "case", "default", "some", "any", "import", "static", "private", "fileprivate", "internal", "where",
        "do", "try", "catch", "throw", "throws", "await", "async", "is", "as", "inout", "mutating", "get", "set",
        "init", "super", "lazy", "weak", "final", "override", "struct", "class", "enum", "extension", "protocol",
    ]

    /// `func name`, `var name`, `let name` directly in a type's body starts a member (listed in `members` when only
    /// the module's code can call it); in a protocol's body the name is a requirement, which counts as mentioned.
    mutating func declareMember() {
        let modifiers = pendingModifiers
        pendingModifiers = []
        guard let scope = scopes.last, scope.type != nil || scope.isProtocol else { return }
        endMember()
        guard let found = lexer.identifier(at: lexer.skippingSpaces(from: index)) else { return }
        index = found.upperBound
        let name = String(decoding: bytes[found], as: UTF8.self)
        if scope.isProtocol { mention(name); return }
        let isPrivate = modifiers.contains("private") || modifiers.contains("fileprivate")
        let isPublic = !isPrivate && (modifiers.contains("public") || modifiers.contains("open") || scope.publicMembers)
        let callable = modifiers.isDisjoint(with: Self.memberModifiers.subtracting(["private", "fileprivate", "public", "open"]))
        // A property wrapper or another attribute may use the member without naming it
        // (`@UIApplicationDelegateAdaptor var appDelegate`); builders and isolation do not.
        let wrapped = modifiers.contains { $0.hasPrefix("@") && !Self.neutralAttributes.contains($0) }
        var listed: Int?
        // Only lowercase names are noted where mentioned; a capitalised member (`static let DeviceDidShake`) is
        // never judged.
        let mentionable = !isUppercase(bytes[found.lowerBound])
        let onlyVisibleCodeCalls = isPrivate || scope.opensMembers
        if callable, !wrapped, mentionable, onlyVisibleCodeCalls, !Self.requirementNames.contains(name), let type = scope.type {
            listed = members.count
            let access: CreationScan.Member.Access = isPrivate ? .private : isPublic ? .public : .internal
            members.append(CreationScan.Member(type: type, name: name, access: access, mentions: []))
        }
        var isStatic: Int?
        if modifiers.contains("static"), let type = scope.type {
            isStatic = statics.count
            statics.append(CreationScan.StaticMember(type: type, name: name, createsType: false))
        }
        scopes[scopes.count - 1].member = (name, listed, isStatic)
    }

    /// In a static member's declaration, its own type's name, `Self` or an `.init` says it may create the type.
    mutating func noteStaticCreation(_ text: Slice<UnsafeBufferPointer<UInt8>>, _ word: String) {
        guard !statics.isEmpty, let owner = scopes.last(where: { $0.type != nil }), let index = owner.member?.isStatic,
              !statics[index].createsType else { return }
        if matches(text, "Self") || (matches(text, "init") && previousPunctuation == UInt8(ascii: "."))
            || word == owner.type {
            statics[index].createsType = true
        } else if !isUppercase(text.first!) {
            staticMentions[index, default: []].insert(word)
        }
    }

    /// A static member that names another of its type's in this file that may create the type (`static func a() {
    /// b() }`) may create it too.
    mutating func resolveStaticCreations() {
        var changed = !staticMentions.isEmpty
        while changed {
            changed = false
            let creating = Set(statics.filter(\.createsType).map { "\($0.type).\($0.name)" })
            guard !creating.isEmpty else { return }
            for (index, names) in staticMentions where !statics[index].createsType {
                let type = statics[index].type
                if names.contains(where: { creating.contains("\(type).\($0)") }) {
                    statics[index].createsType = true
                    changed = true
                }
            }
        }
    }

    /// A nested type, an initializer or a `case` ends the member being read in the innermost type's body.
    mutating func endMember() {
        if let last = scopes.indices.last, scopes[last].type != nil { scopes[last].member = nil }
    }

    /// Notes `word` as mentioned when it can name a listed member: lowercase, and not a keyword.
    mutating func mentionIfMemberName(_ word: String) {
        guard let first = word.utf8.first, !isUppercase(first), !Self.keywords.contains(word) else { return }
        mention(word)
    }

    mutating func mention(_ name: String) {
        let hash = MemberUse.hash(name)
        if let listed = scopes.last(where: { $0.type != nil })?.member?.listed {
            members[listed].mentions.insert(hash)
        } else {
            mentions.insert(hash)
        }
    }
}
