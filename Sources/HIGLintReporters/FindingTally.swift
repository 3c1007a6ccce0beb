import HIGLintCore

/// Findings counted by severity, HIG section and rule: what the summary and HTML formats show before any finding.
struct FindingTally {
    /// The findings of one group (a section or a rule) by severity.
    struct Counts {
        var total = 0
        var bySeverity: [Severity: Int] = [:]

        subscript(severity: Severity) -> Int { bySeverity[severity] ?? 0 }

        mutating func add(_ severity: Severity) {
            total += 1
            bySeverity[severity, default: 0] += 1
        }
    }

    struct RuleRow {
        var rule: String
        var section: RuleSection
        var counts: Counts
    }

    var total = Counts()
    /// Sections with findings, most findings first; ties in catalog order.
    var sections: [(section: RuleSection, counts: Counts)] = []
    /// Rules with findings, most findings first; ties by section, then in catalog order.
    var rules: [RuleRow] = []

    init(_ diagnostics: [Diagnostic], catalog: [RuleDescription]) {
        var bySection: [RuleSection: Counts] = [:]
        var byRule: [String: RuleRow] = [:]
        for diagnostic in diagnostics {
            total.add(diagnostic.severity)
            bySection[diagnostic.section, default: Counts()].add(diagnostic.severity)
            byRule[diagnostic.rule, default: RuleRow(rule: diagnostic.rule, section: diagnostic.section, counts: Counts())]
                .counts.add(diagnostic.severity)
        }
        let sectionOrder = { (section: RuleSection) in RuleSection.allCases.firstIndex(of: section) ?? 0 }
        sections = RuleSection.allCases.compactMap { section in bySection[section].map { (section, $0) } }
            .sorted { ($1.counts.total, sectionOrder($0.section)) < ($0.counts.total, sectionOrder($1.section)) }
        let catalogOrder = Dictionary(catalog.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        rules = byRule.values.sorted { a, b in
            (b.counts.total, sectionOrder(a.section), catalogOrder[a.rule] ?? Int.max, a.rule)
                < (a.counts.total, sectionOrder(b.section), catalogOrder[b.rule] ?? Int.max, b.rule)
        }
    }

    /// "3 errors, 1 warning, 0 notes".
    static func severities(_ counts: Counts) -> String {
        [Severity.error, .warning, .note].map { counted(counts[$0], $0.rawValue) }.joined(separator: ", ")
    }

    /// "1 finding", "2 findings".
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
