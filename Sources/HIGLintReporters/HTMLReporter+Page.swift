/// The HTML report's style sheet and script, inlined into every report so it opens anywhere, offline.
extension HTMLReportPage {
    /// Light and dark appearance from the system setting; sizes in `rem` and layouts that wrap, so the page reads at
    /// 200 % zoom without scrolling sideways; a visible focus ring for keyboard use. Colours meet WCAG AA contrast.
    static let style = """

        :root { color-scheme: light dark; --text: #1d1d1f; --muted: #4a4a4f; --background: #ffffff; --panel: #f2f2f5;
          --border: #c4c4c9; --link: #0047a3; --bar: #2f6fbf; --mark: #ffe38a; --mark-text: #1d1d1f; --focus: #0047a3;
          --added: #e3f5e6; --removed: #fde8e8; --error: #a1160a; --warning: #7a4b00; --note: #3a4a5c; }
        @media (prefers-color-scheme: dark) {
          :root { --text: #f2f2f7; --muted: #c7c7cc; --background: #1c1c1e; --panel: #2c2c2e; --border: #5a5a60;
            --link: #8cc4ff; --bar: #6fa8ef; --mark: #6b5600; --mark-text: #ffffff; --focus: #8cc4ff;
            --added: #1f3d26; --removed: #4a1f1f; --error: #ff9d94; --warning: #ffd37a; --note: #c9d6e6; }
        }
        * { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 72rem; padding: 1rem 1.25rem 3rem; font: 1rem/1.5 -apple-system, system-ui, sans-serif;
          color: var(--text); background: var(--background); }
        a { color: var(--link); }
        :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
        .skip { position: absolute; left: -100rem; }
        .skip:focus { position: static; }
        h1 { font-size: 1.75rem; margin: 0.5rem 0; }
        h2 { font-size: 1.4rem; margin: 2rem 0 0.75rem; border-bottom: 1px solid var(--border); }
        h3 { font-size: 1.2rem; margin: 1.5rem 0 0.5rem; }
        h4 { font-size: 1.05rem; margin: 1.25rem 0 0.25rem; }
        h5 { font-size: 1rem; margin: 0.75rem 0 0.25rem; font-weight: 600; }
        code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.9rem; }
        .tally, .location, .summary, .hig { color: var(--muted); font-weight: normal; }
        .totals { display: flex; flex-wrap: wrap; gap: 0.75rem; padding: 0; list-style: none; }
        .totals li { min-width: 8rem; padding: 0.5rem 0.75rem; background: var(--panel); border: 1px solid var(--border); border-radius: 0.5rem; }
        .totals .count { display: block; font-size: 1.5rem; font-weight: 700; }
        .chart { margin: 0 0 1.5rem; }
        .bars { list-style: none; padding: 0; margin: 0.5rem 0; }
        .bars li { display: grid; grid-template-columns: minmax(6rem, 18rem) minmax(4rem, 1fr) 3rem; gap: 0.5rem; align-items: center;
          margin: 0.25rem 0; }
        .bar-track { display: block; }
        .bar { display: block; height: 1.25rem; min-width: 2px; background: var(--bar); border: 1px solid var(--text); border-radius: 0.2rem; }
        .bar-value { font-variant-numeric: tabular-nums; font-weight: 600; }
        @media (max-width: 36rem) { .bars li { grid-template-columns: 1fr 3rem; } .bar-label { grid-column: 1 / -1; } }
        table { border-collapse: collapse; margin: 0.5rem 0; }
        th, td { border: 1px solid var(--border); padding: 0.25rem 0.6rem; text-align: left; }
        td { text-align: right; font-variant-numeric: tabular-nums; }
        summary { cursor: pointer; }
        .filters { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: end; padding: 0.75rem; background: var(--panel);
          border: 1px solid var(--border); border-radius: 0.5rem; }
        .filters[hidden] { display: none; }
        .filters fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
        .filters legend { font-weight: 600; padding: 0; }
        .filters p { margin: 0; display: flex; flex-direction: column; min-width: 0; max-width: 100%; }
        .filters label { font-weight: 600; }
        .filters fieldset label { font-weight: normal; }
        select, input[type=search] { font: inherit; color: inherit; background: var(--background); border: 1px solid var(--border);
          border-radius: 0.3rem; padding: 0.2rem 0.4rem; max-width: 100%; }
        .rule-group { border-top: 1px solid var(--border); margin-top: 1rem; }
        .finding { margin: 0.5rem 0 1rem; padding-left: 0.75rem; border-left: 3px solid var(--border); }
        /* A large app's report holds thousands of findings: the browser lays out only those near the screen. */
        .finding { content-visibility: auto; contain-intrinsic-size: auto 12rem; }
        .finding p { margin: 0.25rem 0; }
        .severity { display: inline-block; padding: 0 0.4rem; border: 1px solid currentColor; border-radius: 0.3rem; font-weight: 700;
          text-transform: uppercase; font-size: 0.8rem; }
        .severity.error { color: var(--error); }
        .severity.warning { color: var(--warning); }
        .severity.note { color: var(--note); }
        pre { margin: 0.25rem 0; padding: 0.5rem; background: var(--panel); border-radius: 0.4rem; white-space: pre-wrap;
          overflow-wrap: anywhere; }
        .line { display: block; }
        /* Rule ids and paths are long unbroken words: at 200 % zoom they must wrap, not widen the page. */
        code { overflow-wrap: anywhere; }
        select, input { max-width: 100%; min-width: 0; }
        .gutter { color: var(--muted); user-select: none; }
        .flagged { font-weight: 600; }
        mark { background: var(--mark); color: var(--mark-text); text-decoration: underline wavy; text-underline-offset: 0.2em; }
        .diff span { display: block; }
        .diff .added { background: var(--added); }
        .diff .removed { background: var(--removed); }
        .diff .hunk { color: var(--muted); }
        [hidden] { display: none !important; }

        """

    /// The filters: no server and no data of its own; it shows and hides the findings the page already holds.
    static let script = """

        (function () {
          var form = document.getElementById("filters");
          var status = document.getElementById("filter-status");
          if (!form) { return; }
          var findings = Array.prototype.slice.call(document.querySelectorAll(".finding"));
          var groups = document.querySelectorAll(".file-group, .rule-group, .section-group");
          function apply() {
            var severities = {};
            form.querySelectorAll("input[name=severity]").forEach(function (box) { severities[box.value] = box.checked; });
            var rule = form.elements.rule.value;
            var path = form.elements.path.value.trim().toLowerCase();
            var shown = 0;
            findings.forEach(function (finding) {
              var visible = severities[finding.dataset.severity] && (!rule || finding.dataset.rule === rule)
                && (!path || finding.dataset.path.toLowerCase().indexOf(path) >= 0);
              finding.hidden = !visible;
              if (visible) { shown += 1; }
            });
            groups.forEach(function (group) { group.hidden = !group.querySelector(".finding:not([hidden])"); });
            status.textContent = shown === findings.length
              ? "Showing all " + findings.length + (findings.length === 1 ? " finding." : " findings.")
              : "Showing " + shown + " of " + findings.length + " findings.";
          }
          form.addEventListener("input", apply);
          form.addEventListener("change", apply);
          form.addEventListener("submit", function (event) { event.preventDefault(); });
          form.hidden = false;
        })();

        """
}
