import Foundation
import HIGLintSwiftUI
import SwiftParser
import SwiftSyntax

/// What a rule knows about the other Swift files linted in the same run: which of the
/// names it asked for (`Rule.moduleSymbols`) they mention, and which they declare as types.
///
/// Rules use this for facts that live in another file of the app: an app's own
/// `VideoPlayer` type, a web view that serves its own URL scheme. It is a scan of
/// identifiers, not a parse: a name in a comment or a string literal counts as
/// mentioned. When one file is linted alone (standard input, examples), the module is that file.
public struct ModuleFacts: Sendable {
    public internal(set) var mentioned: Set<String> = []
    /// Names that follow `struct`, `class`, `enum`, `actor`, `protocol` or `typealias`.
    public internal(set) var declaredTypes: Set<String> = []
    /// Names that follow `func`: an app's own `swipeActions(config:actions:)` in another file.
    public internal(set) var declaredFunctions: Set<String> = []

    /// What the module's files declare and how they use their view types (`ModuleIndex`), from the files that can
    /// say anything about it (`mayContribute`).
    public internal(set) var index = ModuleIndex()

    /// Which asset images the files name, and how they draw them: for the asset rules, which judge image sets.
    public internal(set) var imageUses = ImageUses()

    /// The texts the app's string catalogs give localization keys (`LocalizedStrings`): a fact of the run's
    /// catalogs, not of any one Swift file, so a file's own part never holds it.
    public internal(set) var localizedStrings = LocalizedStrings()

    public init() {}

    init(mentioned: [String], declaredTypes: [String], declaredFunctions: [String], index: ModuleIndex = ModuleIndex(),
         imageUses: ImageUses = ImageUses()) {
        self.mentioned = Set(mentioned)
        self.declaredTypes = Set(declaredTypes)
        self.declaredFunctions = Set(declaredFunctions)
        self.index = index
        self.imageUses = imageUses
    }

    public func mentions(_ name: String) -> Bool { mentioned.contains(name) }
    public func declaresType(_ name: String) -> Bool { declaredTypes.contains(name) }
    public func declaresFunction(_ name: String) -> Bool { declaredFunctions.contains(name) }

    mutating func formUnion(_ other: ModuleFacts) {
        mentioned.formUnion(other.mentioned)
        declaredTypes.formUnion(other.declaredTypes)
        declaredFunctions.formUnion(other.declaredFunctions)
        index.formUnion(other.index)
        imageUses.formUnion(other.imageUses)
        localizedStrings.formUnion(other.localizedStrings)
    }

    /// Words that make a file worth parsing for its part of the index: a style, a context menu, a chart, a
    /// generated image. Files without any are not parsed by the survey, unless `mayContribute` finds more.
    /// `GroupBox` titles what it holds, a chart view of another file among others.
    static let declarationWords: Set<String> = [
        "ButtonStyle", "PrimitiveButtonStyle", "LabelStyle", "contextMenu", "Chart", "swiftUIImage", "GroupBox",
        // Labels given where a view type is used (`ModuleIndex.labelledViews`, `controlLabelViews`): by modifiers,
        // or by the link whose label it is. Not every `Button` or `} label: {`: most files have one, and parsing them
        // all for the survey made linting a large app eight times slower.
        "accessibilityLabel", "accessibilityHidden", "NavigationLink",
        // Rows with swipe actions, for the screens they open (`ModuleIndex.swipeDestinations`); share links, for the
        // types whose members they share (`ModuleIndex.shareItemTypes`).
        "swipeActions", "ShareLink",
        // The screens `NavigationLink(value:)` rows open, by the value's type (`ModuleIndex.valueDestinations`).
        "navigationDestination",
        // Values people choose (`ModuleIndex.chosenValues`): settings, and the controls of a theme or reader editor.
        "AppStorage", "SceneStorage", "Slider", "Stepper",
    ]
    /// Containers whose `ForEach` makes rows or cells of the view types it repeats.
    static let repeatingContainers: Set<String> = ["List", "Form", "LazyVGrid", "LazyHGrid", "LazyVStack", "LazyHStack", "Grid"]
    static let indexWords = declarationWords.union(repeatingContainers).union(["ForEach", "Image", "systemImage"])

    /// Whether the survey should parse a file for its part of the index, from the `indexWords` it mentions: a
    /// declaration word; a `ForEach` in a repeating container; or a view's `body` in a file that mentions an image,
    /// or a member typed `Image`.
    static func mayContribute(_ bytes: UnsafeBufferPointer<UInt8>, mentioning words: Set<String>) -> Bool {
        if !words.isDisjoint(with: declarationWords) { return true }
        if words.contains("ForEach"), !words.isDisjoint(with: repeatingContainers) { return true }
        // A backport's `.nbNavigationDestination(for:)`: the screen a value's type opens (`ModuleIndex.valueDestinations`).
        if contains(bytes, "NavigationDestination(for", followedBy: nil) { return true }
        // A view that shows a view it is given, perhaps as a control's label (`ModuleIndex.controlWrapperViews`).
        if contains(bytes, "@ViewBuilder let", followedBy: nil) || contains(bytes, "@ViewBuilder var", followedBy: nil)
            || contains(bytes, ": () ->", followedBy: "Label") || contains(bytes, ": () ->", followedBy: "Content") {
            return true
        }
        // Menu items built from the closures a helper is given (`ModuleIndex.menuItemHelpers`): a `Button` runs one,
        // which must escape.
        if contains(bytes, "@escaping", followedBy: nil),
           contains(bytes, "Button", followedBy: "(") || contains(bytes, "Button", followedBy: "{") {
            return true
        }
        guard words.contains("Image") || words.contains("systemImage") else { return false }
        // A view type's `body` may show only images behind stacks, shapes, `if` branches or helpers
        // (`ZStack { Rectangle().fill(…); Image(systemName: …) }`): `ModuleIndex.imageOnlyViews` is worked out from the
        // parse, so any file that declares a `body` and mentions an image is parsed; its first word says too little.
        return contains(bytes, "var body", followedBy: nil) || contains(bytes, ": Image", followedBy: nil)
            || contains(bytes, "-> Image", followedBy: nil)
    }

    /// What the survey learns from one file's bytes: the names asked about, and with `indexing`, its part of the
    /// index when it can have one (parsed for that alone).
    static func survey(_ bytes: UnsafeBufferPointer<UInt8>, for symbols: Set<String>, indexing: Bool,
                       components: [String: String], declaresControl: Bool = false) -> ModuleFacts {
        guard indexing else {
            var facts = scan(bytes, for: symbols)
            facts.imageUses = ImageUses(scanning: bytes)
            return facts
        }
        var facts = scan(bytes, for: symbols.union(indexWords))
        facts.imageUses = ImageUses(scanning: bytes)
        if declaresControl || mayContribute(bytes, mentioning: facts.mentioned) {
            facts.index = indexContribution(of: bytes, components: components)
        }
        facts.mentioned.formIntersection(symbols)
        facts.declaredTypes.formIntersection(symbols)
        facts.declaredFunctions.formIntersection(symbols)
        return facts
    }

    /// The facts of one file linted alone, from its tree: the module is that file.
    static func alone(_ bytes: UnsafeBufferPointer<UInt8>, tree: SourceFileSyntax, symbols: Set<String>, indexing: Bool,
                      components: [String: String]) -> ModuleFacts {
        var facts = scan(bytes, for: symbols)
        if indexing { facts.index = ModuleIndex(contributionOf: SwiftUIFile(tree: tree, components: components)) }
        return facts
    }

    /// One file's part of the module index, parsed from its bytes.
    static func indexContribution(of bytes: UnsafeBufferPointer<UInt8>, components: [String: String]) -> ModuleIndex {
        ModuleIndex(contributionOf: SwiftUIFile(tree: Parser.parse(source: bytes), components: components))
    }

    /// Whether `pattern` occurs in `bytes`, then (after spaces and line breaks) `next`, when given, as a whole word.
    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ pattern: StaticString, followedBy next: StaticString?) -> Bool {
        let needle = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = 0
        while index <= bytes.count - needle.count {
            defer { index += 1 }
            guard bytes[index] == first else { continue }
            var matches = true
            for offset in 1..<needle.count where bytes[index + offset] != needle[offset] { matches = false; break }
            guard matches else { continue }
            var after = index + needle.count
            guard let next else {
                // `: Image` as a whole word: not `: ImageResource`.
                if after == bytes.count || !isIdentifierStart(bytes[after]) && !(bytes[after] >= 0x30 && bytes[after] <= 0x39) { return true }
                continue
            }
            while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
            let word = UnsafeBufferPointer(start: next.utf8Start, count: next.utf8CodeUnitCount)
            if after + word.count <= bytes.count, (0..<word.count).allSatisfy({ bytes[after + $0] == word[$0] }) { return true }
        }
        return false
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
