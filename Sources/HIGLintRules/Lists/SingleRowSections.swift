import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A `List` or `Form` of three or more sections that each hold one static row and no footer.
///
/// Rows are counted as written: an `if`/`switch` counts its largest branch, a `Group` its content, a
/// same-type helper the views it returns. A `ForEach` (of sections or of rows) makes the list dynamic and
/// the rule silent, and so does a helper it cannot see. A row that holds its own explanation (a stack
/// with a `.footnote`, `.caption` or `.secondary` text) counts like a footer. An inline `Picker` shows one row
/// per option, an `OutlineGroup` one per item (like a `ForEach`), a view type of the same file as many as its
/// `body` shows, and a `Form` or `List` inside a section its own rows. A view type of another file may make any
/// number of rows, which this file cannot see: the rule is silent. Only sections shown unconditionally count towards the three: a section
/// behind an `if` (progress, an error) is a state of the screen, not one of the groups its design makes. Sections built by a same-type helper (`paletteSection`) count like written ones; a list that
/// also holds a view the rule cannot see into (a helper it cannot resolve, a view type from another file,
/// which may bring sections of its own) is left alone.
struct SingleRowSections: Rule {
    static let description = RuleDescription(
        id: "single-row-sections",
        name: "Single-row sections",
        section: .lists,
        defaultSeverity: .note,
        summary: "A list where every section holds one row is probably grouped wrong.",
        rationale: """
            Sections group related rows. When every section of a list holds a single row, the headers \
            and gaps add scrolling without grouping anything; merge related rows into shared sections. \
            A section of one row with a footer that explains that setting is fine.
            """,
        triggeringExamples: [
            """
            ↓Form {
                Section("Name") { TextField("Name", text: $name) }
                Section("Email") { TextField("Email", text: $email) }
                Section("Newsletter") { Toggle("Subscribe", isOn: $subscribed) }
            }
            """,
            """
            ↓List {
                Section {
                    NavigationLink("Orders", value: Route.orders)
                } header: {
                    Text("Shopping")
                }
                Section { NavigationLink("Addresses", value: Route.addresses) }
                #if os(iOS)
                Section { NavigationLink("Notifications", value: Route.notifications) }
                #endif
            }
            """,
        ],
        nonTriggeringExamples: [
            // Two groups always, two states sometimes.
            """
            Form {
                Section("Source") { TextField("Title", text: $title) }
                Section("Text") { TextEditor(text: $text).frame(minHeight: 200) }
                if isImporting { Section { ProgressView("Importing…") } }
                if let error { Section { Text(error.localizedDescription) } }
            }
            """,
            // The views of other files make several rows each.
            RuleExample("""
                List {
                    Section("Benchmark") { BenchConfigurationView(model: model) }
                    Section { ScenarioList(scenarios: model.scenarios) }
                    Section { BenchResultView(result: model.result) }
                }
                """, moduleFiles: [
                    "struct BenchConfigurationView: View { var body: some View { Picker(\"Model\", selection: $m) { Text(\"A\") }; Toggle(\"Warm up\", isOn: $w) } }",
                    "struct ScenarioList: View { let scenarios: [Scenario]; var body: some View { ForEach(scenarios) { Text($0.name) } } }",
                    "struct BenchResultView: View { var body: some View { LabeledContent(\"Time\", value: t); LabeledContent(\"Tokens\", value: n) } }",
                ]),
            // An outline makes a row of each item; a view type of the file shows several rows.
            """
            struct SettingsScreen: View {
                var body: some View {
                    Form {
                        Section("Folders") { OutlineGroup(folders, children: \\.children) { Text($0.name) } }
                        Section("View") { ViewOptions() }
                        Section("About") { Text("Version 2") }
                    }
                }
            }
            struct ViewOptions: View {
                var body: some View {
                    Toggle("Show hidden files", isOn: $showHidden)
                    Toggle("Sort folders first", isOn: $foldersFirst)
                }
            }
            """,
            """
            Form {
                Section("Name") { TextField("Name", text: $name) }
                Section {
                    Toggle("Subscribe", isOn: $subscribed)
                } footer: {
                    Text("One email a month, no more.")
                }
                Section("Email") { TextField("Email", text: $email) }
            }
            """,
            """
            Form {
                Section("Contact") { TextField("Name", text: $name); TextField("Email", text: $email) }
                Section("Newsletter") { Toggle("Subscribe", isOn: $subscribed) }
                Section { Button("Sign Out", role: .destructive) { signOut() } }
            }
            """,
            """
            List {
                Section("Favorites") { ForEach(favorites) { FavoriteRow(item: $0) } }
                Section("Recent") { RecentRow() }
                Section("Settings") { SettingsRow() }
            }
            """,
            // Each row explains its setting, as a footer would.
            """
            List {
                Section("Appearance") {
                    VStack { Picker("Theme", selection: $theme) { Text("Dark").tag(0) }; Text("Follows the system.").font(.footnote) }
                }
                Section("Units") {
                    VStack { Toggle("Metric", isOn: $metric); Text("Used for sizes.").foregroundStyle(.secondary) }
                }
                Section("Sounds") { Toggle("Sounds", isOn: $sounds) }
            }
            """,
            """
            Form {
                Section("A") { Text("a") }
                Section("B") { Text("b") }
            }
            """,
            // An inline picker's options are rows; a helper's section holds two rows; a view from another file may hold more.
            """
            struct AppearanceSettings: View {
                var body: some View {
                    Form {
                        Section("Label") {
                            Picker("Label", selection: $label) {
                                Text("Name").tag(0)
                                Text("Handle").tag(1)
                            }
                            .pickerStyle(.inline)
                        }
                        Section { Toggle("Show Avatar", isOn: $showAvatar) }
                        Section { NavigationLink("Badges", value: Route.badges) }
                    }
                }
            }
            """,
            """
            struct PaletteSettings: View {
                var body: some View {
                    List {
                        Section("Layout") { Picker("Layout", selection: $layout) { Text("Grid").tag(0) } }
                        Section("Color") { Picker("Color", selection: $color) { Text("Blue").tag(0) } }
                        paletteSection
                    }
                }
                private var paletteSection: some View {
                    Section("Palette") {
                        Picker("Palette", selection: $palette) { Text("Classic").tag(0) }
                        SwatchStrip(colors: colors)
                    }
                }
            }
            """,
            """
            Form {
                Section { WarningBanner(text: warning) }
                Section { TextField("Reason", text: $reason) }
                Section { ReasonShortcuts(reason: $reason) }
                RulesList(rules: rules)
            }
            """,
        ])

    static let message = "Every section of this list holds a single row; group related rows into shared sections (a section of one is fine when its footer explains the setting)."

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["List", "Form"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let list = context.file.view(at: call),
              ["List", "Form"].contains(list.name), !context.file.declaresType(list.name),
              context.applies(at: call)
        else { return }
        guard let sections = context.file.staticSections(in: list.childViews(roles: [.content])) else { return }
        guard sections.filter({ !isConditional($0, in: list) }).count >= 3,
              sections.allSatisfy({ !hasFooter($0) && context.file.staticRowCount(ViewBuilderContent.viewStatements(of: $0)) == 1 })
        else { return }
        context.report(at: list.nameToken, message: Self.message)
    }

    /// A section shown only when an `if` or `switch` allows (progress, an error): a state of the screen, not one of
    /// the groups its design splits the rows into.
    private func isConditional(_ section: SwiftUIView, in list: SwiftUIView) -> Bool {
        var node = section.root.parent
        while let current = node, current.id != list.root.id {
            if current.is(IfExprSyntax.self) || current.is(SwitchExprSyntax.self) { return true }
            node = current.parent
        }
        return false
    }

    private func hasFooter(_ section: SwiftUIView) -> Bool {
        section.hasArgument("footer") || section.closure("footer") != nil || rowExplainsItself(section)
    }

    /// A row that carries its own footer: a stack of the setting and a footnote or secondary text about it.
    private func rowExplainsItself(_ section: SwiftUIView) -> Bool {
        section.childViews(roles: [.content]).flatMap { $0.descendantViews() }.contains { view in
            view.name == "Text" && view.modifiers.contains { modifier in
                switch modifier.name {
                case "font": return [".footnote", ".caption", ".caption2"].contains(modifier.firstArgument?.trimmedSource ?? "")
                case "foregroundColor", "foregroundStyle": return modifier.firstArgument?.trimmedSource == ".secondary"
                default: return false
                }
            }
        }
    }
}
