import HIGLintCore

/// The top of the HTML report: the totals, and the charts of findings by section and by rule.
extension HTMLReportPage {
    func totals() -> String {
        var items = [("findings", "Findings", tally.total.total)]
        items += [Severity.error, .warning, .note].map { ($0.rawValue, $0.rawValue.capitalized + "s", tally.total[$0]) }
        items += [("files", "Files checked", result.filesChecked), ("unchecked", "Files not checked", result.errors.count),
                  ("passed-over", "Files passed over (not shipped, or larger than maxFileSize)", result.passedOver.total),
                  ("baselined", "Baselined, not shown", context.baselined),
                  ("suppressed", "Suppressed by comments", result.suppressed)]
        var html = "<section id=\"totals\" aria-labelledby=\"totals-title\">\n<h2 id=\"totals-title\">Totals</h2>\n<ul class=\"totals\">\n"
        for (key, label, count) in items {
            html += "<li data-total=\"\(key)\"><span class=\"count\">\(count)</span> <span class=\"label\">\(label)</span></li>\n"
        }
        return html + "</ul>\n</section>\n"
    }

    func charts() -> String {
        guard !tally.rules.isEmpty else { return "" }
        let sectionBars = tally.sections.map { Bar(label: $0.section.title, counts: $0.counts) }
        let ruleBars = tally.rules.map { Bar(label: descriptions[$0.rule]?.name ?? $0.rule, counts: $0.counts, rule: $0.rule) }
        return "<section id=\"charts\" aria-labelledby=\"charts-title\">\n<h2 id=\"charts-title\">Where the findings are</h2>\n"
            + chart(id: "sections", title: conclusion(sectionBars, subject: "are about"), column: "Section", bars: sectionBars)
            + chart(id: "rules", title: conclusion(ruleBars, subject: "come from"), column: "Rule", bars: ruleBars)
            + "</section>\n"
    }

    /// One bar: a section, or a rule (whose id the table shows beside its title, linked to its findings).
    struct Bar {
        var label: String
        var counts: FindingTally.Counts
        var rule: String?
    }

    /// The chart's title as its conclusion: "Most findings are about Images and media (5 of 12)".
    private func conclusion(_ bars: [Bar], subject: String) -> String {
        let top = bars.filter { $0.counts.total == bars[0].counts.total }.map(\.label)
        // Section titles hold "and" themselves ("Lists and tables"), so a list of them needs its commas.
        let comma = top.count > 2 || top.contains { $0.contains(" and ") } ? "," : ""
        let names = top.count == 1 ? top[0] : top.dropLast().joined(separator: ", ") + "\(comma) and " + top.last!
        let share = "\(bars[0].counts.total) of \(tally.total.total)"
        return top.count == bars.count && top.count > 1
            ? "Findings are spread evenly: \(names), \(bars[0].counts.total) each"
            : "Most findings \(subject) \(names) (\(top.count == 1 ? share : "\(bars[0].counts.total) each"))"
    }

    /// A bar chart of counts: each bar a labelled image for VoiceOver, drawn as long as its share, with its name
    /// and count written beside it; then the same data as a table.
    private func chart(id: String, title: String, column: String, bars: [Bar]) -> String {
        let largest = max(bars.map(\.counts.total).max() ?? 1, 1)
        var html = "<figure class=\"chart\" id=\"chart-\(id)\" aria-labelledby=\"chart-\(id)-title\">\n"
            + "<figcaption><h3 id=\"chart-\(id)-title\">\(htmlEscaped(title))</h3></figcaption>\n<ol class=\"bars\">\n"
        for bar in bars {
            let percent = Int((Double(bar.counts.total) / Double(largest) * 100).rounded(.up))
            let label = "\(bar.label): \(FindingTally.counted(bar.counts.total, "finding")), \(FindingTally.severities(bar.counts))"
            html += "<li><span class=\"bar-label\" aria-hidden=\"true\">\(htmlEscaped(bar.label))</span>"
                + "<span class=\"bar-track\"><span class=\"bar\" role=\"img\" aria-label=\"\(htmlEscaped(label))\" style=\"width: \(percent)%\"></span></span>"
                + "<span class=\"bar-value\" aria-hidden=\"true\">\(bar.counts.total)</span></li>\n"
        }
        html += "</ol>\n<details class=\"chart-data\">\n<summary>The data as a table</summary>\n<table>\n"
            + "<caption>Findings by \(column.lowercased())</caption>\n<thead><tr><th scope=\"col\">\(column)</th>"
            + "<th scope=\"col\">Findings</th><th scope=\"col\">Errors</th><th scope=\"col\">Warnings</th><th scope=\"col\">Notes</th></tr></thead>\n<tbody>\n"
        for bar in bars {
            // A rule's id, as configuration and `// higlint:` comments name it, links to the rule's findings below.
            let rule = bar.rule.map { " <a href=\"#rule-\(htmlEscaped($0))\"><code>\(htmlEscaped($0))</code></a>" } ?? ""
            html += "<tr><th scope=\"row\">\(htmlEscaped(bar.label))\(rule)</th><td>\(bar.counts.total)</td>"
                + [Severity.error, .warning, .note].map { "<td>\(bar.counts[$0])</td>" }.joined() + "</tr>\n"
        }
        return html + "</tbody>\n</table>\n</details>\n</figure>\n"
    }
}
