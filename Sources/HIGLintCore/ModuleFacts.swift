import Foundation

/// What a rule knows about the other Swift files linted in the same run: which of the
/// names it asked for (`Rule.moduleSymbols`) they mention, and which they declare as types.
///
/// Rules use this for facts that live in another file of the app: an app's own
/// `VideoPlayer` type, a web view that serves its own URL scheme. It is a scan of
/// identifiers, not a parse: a name in a comment or a string literal counts as
/// mentioned. When one file is linted alone (standard input, examples), the module is that file.
public struct ModuleFacts: Sendable {
    public private(set) var mentioned: Set<String> = []
    /// Names that follow `struct`, `class`, `enum`, `actor`, `protocol` or `typealias`.
    public private(set) var declaredTypes: Set<String> = []
    /// Names that follow `func`: an app's own `swipeActions(config:actions:)` in another file.
    public private(set) var declaredFunctions: Set<String> = []

    public init() {}

    init(mentioned: [String], declaredTypes: [String], declaredFunctions: [String]) {
        self.mentioned = Set(mentioned)
        self.declaredTypes = Set(declaredTypes)
        self.declaredFunctions = Set(declaredFunctions)
    }

    public func mentions(_ name: String) -> Bool { mentioned.contains(name) }
    public func declaresType(_ name: String) -> Bool { declaredTypes.contains(name) }
    public func declaresFunction(_ name: String) -> Bool { declaredFunctions.contains(name) }

    mutating func formUnion(_ other: ModuleFacts) {
        mentioned.formUnion(other.mentioned)
        declaredTypes.formUnion(other.declaredTypes)
        declaredFunctions.formUnion(other.declaredFunctions)
    }

    private static let declarationKeywords = ByteWords(["struct", "class", "enum", "actor", "protocol", "typealias"])
    private static let functionKeyword = ByteWords(["func"])

    /// The facts about `names` in one file's bytes.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, for names: Set<String>) -> ModuleFacts {
        var facts = ModuleFacts()
        guard !names.isEmpty else { return facts }
        let wanted = ByteWords(names)
        // Words are ranges of `bytes`: only a wanted name is made a string.
        var previous = 0..<0
        var index = 0
        while index < bytes.count {
            guard isIdentifierStart(bytes[index]) else { index += 1; continue }
            let start = index
            while index < bytes.count, isIdentifierStart(bytes[index]) || (bytes[index] >= 0x30 && bytes[index] <= 0x39) {
                index += 1
            }
            if let found = wanted.index(of: UnsafeBufferPointer(rebasing: bytes[start..<index])) {
                let name = wanted.words[found]
                facts.mentioned.insert(name)
                let keyword = UnsafeBufferPointer(rebasing: bytes[previous])
                if declarationKeywords.contains(keyword) { facts.declaredTypes.insert(name) }
                if functionKeyword.contains(keyword) { facts.declaredFunctions.insert(name) }
            }
            previous = start..<index
        }
        return facts
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
    }
}
