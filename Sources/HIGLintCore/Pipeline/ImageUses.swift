import HIGLintSwiftUI

/// How the Swift code of a run uses asset-catalog images by name, for the asset rules: which image sets the code
/// names at all, and whether SwiftUI draws them at their natural size or resizes them into a frame.
///
/// A byte scan, not a parse, made in the survey that already reads every file: an `Image("name")` (or `Image(.name)`,
/// `Asset.….name.swiftUIImage`) and the modifiers that follow it, `UIImage(named:)`/`NSImage(named:)`, a label
/// `image: "name"`, and every other string literal as a mention. A literal with interpolation or joined with `+`
/// names the images its fixed start or end matches (`"cat_frame_\(i)"`, `img + "_48"`). Names are compared without
/// case or punctuation, as Xcode's generated symbols spell them (`logo-nobg` is `.logoNobg`).
public struct ImageUses: Sendable, Equatable {
    /// What the code does with an image of one name.
    public struct Drawing: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The name is written somewhere (a table of names, a helper's argument): how it is drawn is not seen.
        public static let named = Drawing(rawValue: 1)
        /// A SwiftUI `Image` of it without `.resizable()`, or a control's `image:`: drawn at its natural size.
        public static let naturalSize = Drawing(rawValue: 2)
        /// A SwiftUI `Image` of it made `.resizable()`: drawn into a frame.
        public static let resizable = Drawing(rawValue: 4)
        /// Loaded by name for UIKit or AppKit (`UIImage(named:)`, `NSImage(named:)`), whose views size it or not.
        public static let loadedByName = Drawing(rawValue: 8)
    }

    /// Every use of one name, together.
    public struct Use: Sendable, Equatable {
        public var drawing: Drawing = []
        /// The largest side of a frame given in literals to a resizable image of it, in points; 0 when none is.
        public var largestFrame: Int = 0

        public init(drawing: Drawing = [], largestFrame: Int = 0) {
            self.drawing = drawing
            self.largestFrame = largestFrame
        }

        mutating func formUnion(_ other: Use) {
            drawing.formUnion(other.drawing)
            largestFrame = max(largestFrame, other.largestFrame)
        }
    }

    /// Whether any Swift file was scanned: without code, nothing is known about how images are used.
    public private(set) var isKnown = false
    private(set) var names: [String: Use] = [:]
    /// Fixed starts and ends of names built at run time.
    private(set) var prefixes: [String: Use] = [:]
    private(set) var suffixes: [String: Use] = [:]

    public init() {}

    /// The uses of one file.
    public init(scanning bytes: UnsafeBufferPointer<UInt8>) {
        var scanner = Scanner(bytes: bytes)
        scanner.run()
        isKnown = true
        names = scanner.names
        prefixes = scanner.prefixes
        suffixes = scanner.suffixes
    }

    /// Everything the code does with the image named `name` (an image set's name, or its namespaced path), from
    /// its exact name and the starts and ends of names built at run time; `nil` when the code never names it.
    public func use(ofImageNamed names: [String]) -> Use? {
        var found: Use?
        for key in Set(names.map(Self.key)) where !key.isEmpty {
            if let use = self.names[key] { found = (found ?? Use()).merged(use) }
            for (prefix, use) in prefixes where key.hasPrefix(prefix) { found = (found ?? Use()).merged(use) }
            for (suffix, use) in suffixes where key.hasSuffix(suffix) { found = (found ?? Use()).merged(use) }
        }
        return found
    }

    /// What the uses of `names` say, as text for a cache key: the findings about an image set depend on it alone.
    public func description(ofImageNamed names: [String]) -> String {
        guard isKnown else { return "uses unknown" }
        guard let use = use(ofImageNamed: names) else { return "unused" }
        return "uses \(use.drawing.rawValue) frame \(use.largestFrame)"
    }

    public mutating func formUnion(_ other: ImageUses) {
        isKnown = isKnown || other.isKnown
        for (key, use) in other.names { names[key, default: Use()].formUnion(use) }
        for (key, use) in other.prefixes { prefixes[key, default: Use()].formUnion(use) }
        for (key, use) in other.suffixes { suffixes[key, default: Use()].formUnion(use) }
    }

    /// A name as compared: lower case letters and digits only.
    static func key<S: Sequence>(_ text: S) -> String where S.Element == Character {
        String(text.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.map { Character($0.lowercased()) })
    }

    // MARK: Cache text

    /// The uses as one word of text with no spaces (`-` when no file was scanned), for the survey's cache.
    public var encoded: String {
        guard isKnown else { return "-" }
        func entries(_ map: [String: Use], _ mark: String) -> [String] {
            map.sorted { $0.key < $1.key }.map { "\(mark)\($0.key):\($0.value.drawing.rawValue):\($0.value.largestFrame)" }
        }
        return (["+"] + entries(names, "=") + entries(prefixes, "<") + entries(suffixes, ">")).joined(separator: ",")
    }

    public init?(encoded: Substring) {
        guard encoded != "-" else { return }
        isKnown = true
        for entry in encoded.utf8.split(separator: UInt8(ascii: ",")).dropFirst().map({ Substring($0) }) {
            let fields = entry.dropFirst().utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).map { Substring($0) }
            guard fields.count == 3, let drawing = UInt8(fields[1]), let frame = Int(fields[2]) else { return nil }
            let use = Use(drawing: Drawing(rawValue: drawing), largestFrame: frame)
            switch entry.first {
            case "=": names[String(fields[0])] = use
            case "<": prefixes[String(fields[0])] = use
            case ">": suffixes[String(fields[0])] = use
            default: return nil
            }
        }
    }
}

private extension ImageUses.Use {
    func merged(_ other: Self) -> Self {
        var copy = self
        copy.formUnion(other)
        return copy
    }
}

/// The byte scan behind `ImageUses(scanning:)`: what the lexer (`ByteLexer`) says is code and string literals, read
/// for the names of images.
private struct Scanner {
    let lexer: ByteLexer
    var bytes: UnsafeBufferPointer<UInt8> { lexer.bytes }
    var names: [String: ImageUses.Use] = [:]
    var prefixes: [String: ImageUses.Use] = [:]
    var suffixes: [String: ImageUses.Use] = [:]
    /// Literals already taken as the name of an `Image`, by their start.
    var consumed: Set<Int> = []

    /// A string literal: its fixed text around interpolations (none for a multi-line one), and where it starts and
    /// ends.
    struct Literal {
        var segments: [String]
        var start: Int
        var end: Int
    }

    /// Literals longer than this are prose, not names.
    static let longestName = 80

    init(bytes: UnsafeBufferPointer<UInt8>) { lexer = ByteLexer(bytes) }

    mutating func run() {
        var index = 0
        // The last two identifiers and the byte before each, for `Asset.name.swiftUIImage`.
        var previousIdentifier: Range<Int>?
        while index < bytes.count {
            let byte = bytes[index]
            if let end = lexer.commentEnd(at: index) { index = end; continue }
            if lexer.startsStringLiteral(at: index) {
                guard let literal = literal(at: index) else { index += 1; continue }
                if !consumed.contains(literal.start) { recordLiteral(literal) }
                index = literal.end
                previousIdentifier = nil
                continue
            }
            guard isIdentifierByte(byte), !isDigit(byte) else { index += 1; continue }
            let start = index
            while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
            let word = start..<index
            let isMember = start > 0 && bytes[start - 1] == UInt8(ascii: ".")
            if !isMember, lexer.matches(word, "Image"), let open = lexer.nextNonSpace(from: index), bytes[open] == UInt8(ascii: "(") {
                imageCall(openingAt: open)
            } else if isMember, lexer.matches(word, "swiftUIImage"), let named = previousIdentifier,
                      named.upperBound == start - 1 {
                // SwiftGen: `Asset.Icons.trash.swiftUIImage`.
                record(name: lexer.text(named), drawing: drawing(afterCallEndingAt: index))
            }
            previousIdentifier = word
        }
    }

    // MARK: What a use says

    /// `Image(` at `open`: its first argument names an asset (a literal, `.name`, `Asset.….name`, `R.image.name`),
    /// and the modifiers after the call say how it is drawn.
    mutating func imageCall(openingAt open: Int) {
        guard let close = lexer.matchingClose(of: open) else { return }
        var start = lexer.nextNonSpace(from: open + 1) ?? close
        var wrapsUIKitImage = false
        // A label: `decorative:`, `asset:` name the image; `uiImage: UIImage(named: "x")` too; `systemName:` does not.
        if let (label, after) = label(at: start) {
            // An SF Symbol (`systemName:`, SFSafeSymbols' `systemSymbol:`) is no asset of the app's.
            if label == "systemName" || label == "systemSymbol" || label == "size" { return }
            if label == "uiImage" || label == "nsImage" { wrapsUIKitImage = true }
            start = lexer.nextNonSpace(from: after) ?? close
        }
        let argumentEnd = argumentEnd(from: start, close: close)
        let drawing = drawing(afterCallEndingAt: close + 1)
        if wrapsUIKitImage {
            // `Image(uiImage: UIImage(named: "x")!)`: the literal inside names the image SwiftUI draws.
            for position in start..<argumentEnd where lexer.startsStringLiteral(at: position) {
                guard let literal = literal(at: position) else { break }
                consumed.insert(position)
                if literal.segments.count == 1 { record(name: literal.segments[0], drawing: drawing) }
                break
            }
            return
        }
        if !recordLiterals(from: start, to: argumentEnd, drawing: drawing), let member = lastMember(from: start, to: argumentEnd) {
            record(name: member, drawing: drawing)
        }
    }

    /// The literals of an `Image`'s argument, each as `recordLiteral` takes it, but drawn as the image is
    /// (`isOn ? "BarOn" : "BarOff"`, `"flag_" + code`, `img + "_48"`). Literals inside a call in the argument are
    /// that call's, not names. Whether there were any.
    mutating func recordLiterals(from start: Int, to end: Int, drawing: ImageUses.Use) -> Bool {
        var position = start
        var found = false
        while position < end {
            let byte = bytes[position]
            if lexer.startsStringLiteral(at: position) {
                guard let literal = literal(at: position) else { return found }
                consumed.insert(position)
                recordLiteral(literal, drawing: drawing)
                found = true
                position = literal.end
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                position = (lexer.matchingClose(of: position) ?? end) + 1
            } else {
                position += 1
            }
        }
        return found
    }

    /// A literal outside an `Image(…)`: `named: "x"` loads it for UIKit or AppKit, `image: "x"` is a control's
    /// icon at its natural size, anything else a mention. Joined with `+` or interpolated, it names a start or end.
    mutating func recordLiteral(_ literal: Literal, drawing given: ImageUses.Use? = nil) {
        var drawing = given ?? ImageUses.Use(drawing: .named)
        if given == nil, let label = labelBefore(literal.start) {
            if label == "named" { drawing = ImageUses.Use(drawing: .loadedByName) }
            if label == "image" { drawing = ImageUses.Use(drawing: .naturalSize) }
            // An SF Symbol's name (`Image(systemName:)`, `Label(…, systemImage:)`) is not an asset's, even where an
            // app's catalog holds an image of the same name for older systems.
            if label == "systemName" || label == "systemImage" || label == "systemSymbolName" { return }
        }
        // A plain mention with a space is prose ("Delete this item?"), not an asset's name: most literals of an app
        // are, and keeping them would only grow the survey's cache.
        if drawing.drawing == .named, literal.segments.contains(where: { $0.contains(" ") }) { return }
        let joinedBefore = lexer.previousNonSpace(before: literal.start).map { bytes[$0] == UInt8(ascii: "+") } ?? false
        let joinedAfter = lexer.nextNonSpace(from: literal.end).map { bytes[$0] == UInt8(ascii: "+") } ?? false
        if literal.segments.count == 1, !joinedBefore, !joinedAfter {
            record(name: literal.segments[0], drawing: drawing)
            return
        }
        if !joinedBefore, let fixed = literal.segments.first { record(prefix: fixed, drawing: drawing) }
        if !joinedAfter, let fixed = literal.segments.last { record(suffix: fixed, drawing: drawing) }
    }

    mutating func record(name: String, drawing: ImageUses.Use) {
        guard name.utf8.count <= Self.longestName else { return }
        let key = ImageUses.key(name)
        guard !key.isEmpty else { return }
        names[key, default: ImageUses.Use()].formUnion(drawing)
    }

    mutating func record(prefix: String, drawing: ImageUses.Use) {
        let key = ImageUses.key(prefix)
        // One letter starts too many names to say anything.
        guard key.count >= 2, prefix.utf8.count <= Self.longestName else { return }
        prefixes[key, default: ImageUses.Use()].formUnion(drawing)
    }

    mutating func record(suffix: String, drawing: ImageUses.Use) {
        let key = ImageUses.key(suffix)
        guard key.count >= 2, suffix.utf8.count <= Self.longestName else { return }
        suffixes[key, default: ImageUses.Use()].formUnion(drawing)
    }

    mutating func record(name: String, drawing: ImageUses.Drawing) { record(name: name, drawing: ImageUses.Use(drawing: drawing)) }
    mutating func record(prefix: String, drawing: ImageUses.Drawing) { record(prefix: prefix, drawing: ImageUses.Use(drawing: drawing)) }
    mutating func record(suffix: String, drawing: ImageUses.Drawing) { record(suffix: suffix, drawing: ImageUses.Use(drawing: drawing)) }

    /// How the image made by a call ending before `end` is drawn, from the modifiers chained after it: resizable (with
    /// the largest literal `frame` side after `.resizable()`), or at its natural size.
    func drawing(afterCallEndingAt end: Int) -> ImageUses.Use {
        var position = end
        var resizable = false
        var largestFrame = 0
        while let dot = lexer.nextNonSpace(from: position), bytes[dot] == UInt8(ascii: "."), dot + 1 < bytes.count,
              isIdentifierByte(bytes[dot + 1]) {
            var wordEnd = dot + 1
            while wordEnd < bytes.count, isIdentifierByte(bytes[wordEnd]) { wordEnd += 1 }
            let word = dot + 1..<wordEnd
            position = wordEnd
            if let open = lexer.nextNonSpace(from: position), bytes[open] == UInt8(ascii: "(") || bytes[open] == UInt8(ascii: "{") {
                guard let close = lexer.matchingClose(of: open) else { break }
                if resizable, lexer.matches(word, "frame") { largestFrame = max(largestFrame, frameSide(from: open + 1, to: close)) }
                position = close + 1
            }
            if lexer.matches(word, "resizable") { resizable = true }
        }
        return ImageUses.Use(drawing: resizable ? .resizable : .naturalSize, largestFrame: largestFrame)
    }

    /// The largest number given as `width:` or `height:` in a `frame(…)`, in points; 0 when none is a literal.
    func frameSide(from start: Int, to end: Int) -> Int {
        var largest = 0
        var position = start
        while position < end {
            if let (label, after) = label(at: position) {
                position = after
                guard label == "width" || label == "height", let value = lexer.nextNonSpace(from: after), value < end else { continue }
                var digitsEnd = value
                while digitsEnd < end, isDigit(bytes[digitsEnd]) || bytes[digitsEnd] == UInt8(ascii: ".") { digitsEnd += 1 }
                let number = Double(lexer.text(value..<digitsEnd))
                // A number followed by more of an expression (`24 * scale`) is not the side.
                let next = lexer.nextNonSpace(from: digitsEnd).map { bytes[$0] }
                if let number, next == UInt8(ascii: ",") || next == UInt8(ascii: ")") || digitsEnd == end {
                    largest = max(largest, Int(number.rounded(.up)))
                }
                position = digitsEnd
            } else {
                position += 1
            }
        }
        return largest
    }

    // MARK: Tokens

    /// The last identifier of a member chain that is the whole argument (`.trash`, `Asset.Icons.trash`,
    /// `R.image.trash()`, `ImageResource.trash`).
    func lastMember(from start: Int, to end: Int) -> String? {
        var position = start
        var last: Range<Int>?
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: ".") { position += 1; continue }
            if isIdentifierByte(byte) {
                let wordStart = position
                while position < end, isIdentifierByte(bytes[position]) { position += 1 }
                last = wordStart..<position
                continue
            }
            // `R.image.trash()` returns the image: nothing may follow the call's parentheses.
            if byte == UInt8(ascii: "("), position + 1 < end, bytes[position + 1] == UInt8(ascii: ")") {
                position += 2
                continue
            }
            if ByteLexer.isSpace(byte) { position += 1; continue }
            return nil
        }
        // A plain variable (`Image(name)`) says nothing; a member access (`.name`, `Asset.name`) names the asset.
        guard let last, last.lowerBound > start else { return nil }
        return lexer.text(last)
    }

    /// The label at `position` (`named:`), and where its colon ends.
    func label(at position: Int) -> (String, Int)? {
        guard position < bytes.count, !isDigit(bytes[position]), let word = lexer.identifier(at: position),
              let colon = lexer.nextNonSpace(from: word.upperBound), bytes[colon] == UInt8(ascii: ":") else { return nil }
        return (lexer.text(word), colon + 1)
    }

    /// The label just before a literal starting at `position` (`named: "x"`).
    func labelBefore(_ position: Int) -> String? {
        guard let colon = lexer.previousNonSpace(before: position), bytes[colon] == UInt8(ascii: ":") else { return nil }
        var start = colon
        while start > 0, isIdentifierByte(bytes[start - 1]) { start -= 1 }
        return start < colon ? lexer.text(start..<colon) : nil
    }

    /// Where the argument starting at `start` ends: the first `,` at its own depth, or the call's `)`.
    func argumentEnd(from start: Int, close: Int) -> Int {
        var position = start
        while position < close {
            let byte = bytes[position]
            if byte == UInt8(ascii: ",") { return position }
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                position = (lexer.matchingClose(of: position) ?? close) + 1
                continue
            }
            if lexer.startsStringLiteral(at: position), let literal = literal(at: position) { position = literal.end; continue }
            position += 1
        }
        return close
    }

    /// The string literal starting at `start`, when it is terminated: its fixed text around interpolations.
    func literal(at start: Int) -> Literal? {
        var segments: [String] = []
        let literal = lexer.stringLiteral(at: start) { part in
            if case .text(let range) = part { segments.append(lexer.text(range)) }
        }
        guard literal.isTerminated else { return nil }
        return Literal(segments: literal.isMultiline ? [] : segments, start: start, end: literal.end)
    }

    func isIdentifierByte(_ byte: UInt8) -> Bool { ByteLexer.isIdentifierByte(byte) }
    func isDigit(_ byte: UInt8) -> Bool { ByteLexer.isDigit(byte) }
}
