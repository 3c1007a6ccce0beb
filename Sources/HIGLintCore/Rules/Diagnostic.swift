/// How serious a finding is.
public enum Severity: String, Codable, Sendable, CaseIterable, Comparable {
    case note, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The HIG content-view section a rule comes from; also the rule's folder. `suppression` holds the checks of
/// HIGLint's own `// higlint:` comments, which no HIG page speaks about.
public enum RuleSection: String, Codable, Sendable, CaseIterable {
    case lists, grids, charts, images, text, web, sharing, suppression

    /// The HIG page the section's guidance comes from; `nil` for `suppression`.
    public var guidelineURL: String? {
        switch self {
        case .lists: "https://developer.apple.com/design/human-interface-guidelines/lists-and-tables"
        case .grids: "https://developer.apple.com/design/human-interface-guidelines/collections"
        case .charts: "https://developer.apple.com/design/human-interface-guidelines/charts"
        case .images: "https://developer.apple.com/design/human-interface-guidelines/images"
        case .text: "https://developer.apple.com/design/human-interface-guidelines/typography"
        case .web: "https://developer.apple.com/design/human-interface-guidelines/web-views"
        case .sharing: "https://developer.apple.com/design/human-interface-guidelines/activity-views"
        case .suppression: nil
        }
    }

    public var title: String {
        switch self {
        case .lists: "Lists and tables"
        case .grids: "Collections and grids"
        case .charts: "Charts"
        case .images: "Images and media"
        case .text: "Text"
        case .web: "Web content"
        case .sharing: "Sharing"
        case .suppression: "Suppression comments"
        }
    }

    /// Where the section's guidance is written, in words: the HIG page, or the README's section on suppressing.
    public var reference: String {
        guard let guidelineURL else { return "HIGLint's README: Suppressing findings" }
        return "Human Interface Guidelines: \(guidelineURL)"
    }
}

/// A replacement of a range of a file's UTF-8 bytes.
public struct TextEdit: Codable, Hashable, Sendable {
    /// UTF-8 offset of the first byte replaced.
    public var start: Int
    /// UTF-8 offset just past the last byte replaced (`start` for an insertion).
    public var end: Int
    public var replacement: String

    public init(start: Int, end: Int, replacement: String) {
        self.start = start
        self.end = end
        self.replacement = replacement
    }

    public static func insert(_ text: String, at offset: Int) -> TextEdit {
        TextEdit(start: offset, end: offset, replacement: text)
    }
}

/// A mechanical correction: what it does, and the edits that do it.
public struct Fix: Codable, Hashable, Sendable {
    /// Imperative, shown to people: "Add `role: .destructive`".
    public var title: String
    public var edits: [TextEdit]

    public init(title: String, edits: [TextEdit]) {
        self.title = title
        self.edits = edits
    }
}

/// One finding.
public struct Diagnostic: Codable, Hashable, Sendable {
    public var rule: String
    public var section: RuleSection
    public var severity: Severity
    public var path: String
    /// 1-based line.
    public var line: Int
    /// 1-based column in characters a person sees (grapheme clusters), not bytes.
    public var column: Int
    /// UTF-8 offset of the position, for tools that edit the file.
    public var offset: Int
    public var message: String
    public var fix: Fix?
    /// The text of the flagged line, without its line break: baselines and fingerprints are computed from it.
    public var lineText: String?

    public init(rule: String, section: RuleSection, severity: Severity, path: String, line: Int, column: Int,
                offset: Int, message: String, fix: Fix? = nil, lineText: String? = nil) {
        self.rule = rule
        self.section = section
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
        self.fix = fix
        self.lineText = lineText
    }

    /// Sort order of reports: path, line, column, rule.
    public static func reportOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        (a.path, a.line, a.column, a.rule) < (b.path, b.line, b.column, b.rule)
    }
}

/// A file HIGLint could not check, and why.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): error: \(reason)" }
}
