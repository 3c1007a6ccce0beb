import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A tappable cell of a lazy grid's `ForEach` with no `.contextMenu`.
///
/// The cell is the view written directly in the `ForEach` (or a same-type helper that builds it); it is
/// tappable when it is a `Button` or `NavigationLink` or has a single tap (`.onTapGesture`, or `TapGesture()`
/// given to a gesture modifier). A context menu added inside the cell's view type, wherever the module
/// declares it, counts (`ModuleIndex.contextMenuViews`); so does one added by a custom modifier
/// (`.modifier(BookmarkContextMenu(…))`). Choice grids have no secondary actions and are left alone: a cell
/// whose only action assigns or toggles a selection (a state named for one, or the state the cell compares its
/// item with to show it chosen), a cell that tells VoiceOver it is the selected one (`.isSelected` as a
/// conditional trait), or one that chooses and leaves (assigning a `selected…`/`current…` value then dismissing,
/// calling `set…(`, as an app icon chooser does, or writing the `@Binding` the grid's view was given to choose for
/// its parent). A grid of every case of an enum (`ForEach(Section.allCases)`) shows the app's own fixed sections or
/// options, not content with actions of its own, and is left alone too.
struct GridCellWithoutContextMenu: Rule {
    static let description = RuleDescription(
        id: "grid-cell-without-context-menu",
        name: "Grid cell without context menu",
        section: .grids,
        defaultSeverity: .note,
        summary: "Tappable grid cells should offer their secondary actions in a context menu, like list rows.",
        rationale: """
            The HIG asks to give tappable cells a clear pressed state and a context menu, the same as \
            list rows. A touch and hold (or a secondary click) on a cell is where people look for Share, \
            Favorite or Delete; without a menu those actions need a detour through the detail screen.
            """,
        triggeringExamples: [
            // Choosing the photo opens it: the cell is content with actions of its own.
            """
            LazyVGrid(columns: columns) {
                ForEach(photos) { photo in
                    ↓Button { selectedPhoto = photo; showDetail = true } label: { PhotoThumbnail(photo: photo) }
                }
            }
            """,
            """
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 140))]) {
                ForEach(recipes) { recipe in
                    ↓NavigationLink(value: recipe) {
                        RecipeCard(recipe: recipe)
                    }
                }
            }
            """,
            """
            LazyVGrid(columns: columns) {
                Section("Favorites") {
                    ForEach(favorites) { photo in
                        PhotoCell(photo: photo)
                            .↓onTapGesture { viewer.show(photo) }
                    }
                }
            }
            """,
            // The cell's view type, in another file, has no context menu either.
            RuleExample("LazyVGrid(columns: columns) { ForEach(photos) { ↓NavigationLink(value: $0) { PhotoCell(photo: $0) } } }",
                        moduleFiles: ["struct PhotoCell: View { let photo: Photo; var body: some View { AsyncImage(url: photo.url) } }"]),
            """
            LazyVGrid(columns: columns) {
                ForEach(photos) { photo in
                    PhotoCell(photo: photo)
                        .↓gesture(TapGesture().onEnded { viewer.show(photo) })
                }
            }
            """,
            // The state assigned is not the one the cell shows as chosen: the tap opens the photo.
            """
            LazyVGrid(columns: columns) {
                ForEach(photos) { photo in
                    ↓Button { withAnimation { viewer = photo } } label: { PhotoCell(photo: photo) }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // A unit picker: the cell hands the choice back and closes the sheet.
            """
            LazyVGrid(columns: columns) {
                ForEach(predefinedUnits, id: \\.self) { unit in
                    Button(action: { onUnitSelected(unit); onClose() }) { Text(unit) }
                }
            }
            """,
            // A calendar: the day becomes the draft choice, and the month view folds away.
            """
            LazyVGrid(columns: columns) {
                ForEach(days, id: \\.self) { date in
                    DayCell(date: date, isSelected: date == tempSelectedDate)
                        .onTapGesture {
                            tempSelectedDate = date
                            withAnimation { isCalendarExpanded = false }
                            updateWeekOffset(for: date)
                        }
                }
            }
            """,
            "LazyVGrid(columns: columns) { ForEach(presets) { preset in Button { selectedPreset = preset; Haptics.selection() } label: { Text(preset.name) } } }",
            // The cell only calls what chooses it, then dismisses the picker.
            """
            LazyVGrid(columns: columns) {
                ForEach(gifs) { gif in
                    GIFThumbnail(gif: gif).onTapGesture {
                        if let url = gif.url {
                            onGIFSelected(url)
                            dismiss()
                        }
                    }
                }
            }
            """,
            // A store is sent the choice.
            "LazyVGrid(columns: columns) { ForEach(icons, id: \\.self) { name in Button { store.send(.selectIcon(name)) } label: { Image(name) } } }",
            // A toggle written out with `if`: the chip only joins or leaves the selection.
            """
            LazyVGrid(columns: columns) {
                ForEach(presets) { preset in
                    Button {
                        if selectedPresets.contains(preset) { selectedPresets.remove(preset) } else { selectedPresets.insert(preset) }
                    } label: { Text(preset.name) }
                }
            }
            """,
            // A toggle written as a ternary, with haptics.
            """
            LazyVGrid(columns: columns) {
                ForEach(categories, id: \\.name) { category in
                    Button {
                        withAnimation(.spring) { selectedCategory = selectedCategory == category.name ? nil : category.name }
                        Haptics.selection()
                    } label: {
                        Text(category.name).bold(selectedCategory == category.name)
                    }
                }
            }
            """,
            // A helper builds the cell: it assigns the state it compares with its item to show the choice.
            """
            struct MarkPicker: View {
                @State private var mark: Mark = .none
                var body: some View {
                    LazyVGrid(columns: columns) { ForEach(Mark.symbols) { value in markCell(value) } }
                }
                private func markCell(_ value: Mark) -> some View {
                    let isSelected = mark == value
                    return Button {
                        withAnimation(.snappy) { mark = value }
                        UIApplication.shared.playHapticFeedback()
                    } label: {
                        Text(value.emoji).border(.blue, width: isSelected ? 2 : 0)
                    }
                }
            }
            """,
            // The cell tells VoiceOver it is the selected option.
            """
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 96))]) {
                ForEach(presets, id: \\.self) { seconds in
                    Button { onSelectDuration(seconds) } label: { Text(format(seconds)) }
                        .accessibilityAddTraits(timer.duration == seconds ? .isSelected : [])
                }
            }
            """,
            // The app's own sections, a fixed enum: no content with actions of its own.
            """
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 150))]) {
                ForEach(HealthCategory.allCases) { category in
                    NavigationLink { CategoryDetail(category: category) } label: { CategoryCard(category: category) }
                }
            }
            """,
            // The cell's view type, in another file, attaches the context menu itself.
            RuleExample("LazyVGrid(columns: columns) { ForEach(photos) { NavigationLink(value: $0) { PhotoCell(photo: $0) } } }",
                        moduleFiles: ["struct PhotoCell: View { var body: some View { AsyncImage(url: url).contextMenu { Button(\"Share\", action: share) } } }"]),
            """
            LazyVGrid(columns: columns) {
                ForEach(days) { day in
                    DayCell(day: day, isSelected: day == selectedDay)
                        .onTapGesture { withAnimation { selectedDay = day } }
                }
            }
            """,
            """
            LazyVGrid(columns: columns) {
                ForEach(photos) { photo in
                    PhotoCell(photo: photo).onTapGesture { selection.insert(photo.id) }
                }
            }
            """,
            """
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 140))]) {
                ForEach(recipes) { recipe in
                    NavigationLink(value: recipe) { RecipeCard(recipe: recipe) }
                        .contextMenu {
                            Button("Add to Favorites", systemImage: "heart") { favorite(recipe) }
                        }
                }
            }
            """,
            """
            LazyVGrid(columns: columns) {
                ForEach(swatches) { swatch in
                    Circle().fill(swatch.color).frame(width: 44, height: 44)
                }
            }
            """,
            """
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 72))]) {
                ForEach(AppIcon.allCases) { icon in
                    Button { selectedIcon = icon; dismiss() } label: { Image(icon.previewName) }
                }
            }
            """,
            // A picker: the cell writes the choice back to the view that presented the grid.
            """
            struct LayoutPicker: View {
                @Binding var selectedLayout: Layout
                var body: some View {
                    LazyVGrid(columns: [GridItem(.adaptive(minimum: 70))]) {
                        ForEach(Layout.allCases) { layout in
                            LayoutThumbnail(layout: layout, isSelected: layout == selectedLayout)
                                .onTapGesture { selectedLayout = layout }
                        }
                    }
                }
            }
            """,
            """
            LazyVGrid(columns: columns) {
                ForEach(bookmarks) { bookmark in
                    Button { open(bookmark) } label: { BookmarkCell(bookmark: bookmark) }
                        .modifier(BookmarkContextMenu(bookmark: bookmark))
                }
            }
            """,
            """
            VStack {
                ForEach(options) { option in
                    Button(option.title) { choose(option) }
                }
            }
            """,
        ])

    static let message = "This tappable grid cell has no context menu; add `.contextMenu` with its secondary actions, as for list rows."
    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["ForEach"]
    static let usesModuleIndex = true

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let forEach = context.file.view(at: call),
              forEach.name == "ForEach", forEach.isTypeCall, context.applies(at: call),
              let cell = firstCell(of: forEach), let placement = context.file.collectionPlacement(ofRow: cell),
              placement.repeater.root.id == forEach.root.id,
              ["LazyVGrid", "LazyHGrid"].contains(placement.container.name), !context.file.declaresType(placement.container.name),
              !forEach.hasModifier("contextMenu"), !forEach.repeatsAllCases
        else { return }
        for cell in forEach.childViews(roles: [.content]) where !hasContextMenu(cell) {
            let built = context.file.helperViews(for: cell)
            guard !built.contains(where: hasContextMenu), !context.file.hasContextMenuInsideType(cell),
                  !isChoice(cell, shown: Set(cell.chainEnd.testedState), in: context.file),
                  !built.contains(where: { isChoice($0, shown: shownSelection(ofBuilt: $0, in: context.file), in: context.file) }),
                  let target = tapTarget(of: cell) ?? built.lazy.compactMap(tapTarget).first
            else { continue }
            context.report(at: target, message: Self.message)
        }
    }

    private func hasContextMenu(_ view: SwiftUIView) -> Bool {
        view.modifiers.contains { modifier in
            modifier.name == "contextMenu"
                || (modifier.name == "modifier" && modifier.firstArgument?.trimmedSource.contains("ContextMenu") == true)
        }
    }

    /// A cell whose action only makes a choice: it only assigns or toggles a selection (`selectedDay = day`,
    /// `selection.insert(id)`), calls `model.setAlternateAppIcon(icon:)`, sets `selectedIcon = name` and
    /// dismisses, or writes a `@Binding` of the grid's view (a picker whose value belongs to its presenter).
    private func isChoice(_ cell: SwiftUIView, shown: Set<String>, in file: SwiftUIFile) -> Bool {
        let action = cell.roledClosures.first { $0.role == .action }?.closure ?? cell.singleTap?.tapAction
        guard let action else { return false }
        if cell.marksItselfSelected || action.onlyChooses(shownBy: shown) { return true }
        let type = file.enclosingType(of: action)
        if file.stateWritten(by: action).contains(where: { file.property($0, in: type)?.hasAttribute("Binding") == true }) {
            return true
        }
        let tokens = Array(action.tokens(viewMode: .sourceAccurate))
        return tokens.contains { token in
            guard case .identifier(let name) = token.tokenKind, let first = camelCaseWords(name).first?.lowercased() else { return false }
            let next = token.nextToken(viewMode: .sourceAccurate)
            if ["selected", "current", "chosen"].contains(first), next?.text == "=" {
                return tokens.contains { $0.text == "dismiss" }
            }
            return first == "set" && name.count > 3 && next?.tokenKind == .leftParen
        }
    }

    /// The state a cell built by a helper compares with its item to show it chosen, anywhere in that helper
    /// (`let isSelected = mark == value`). A cell written in the `ForEach` is read alone (`cell.chainEnd`).
    private func shownSelection(ofBuilt cell: SwiftUIView, in file: SwiftUIFile) -> Set<String> {
        Set(file.declarationContext(of: cell.root)?.declaration.testedState ?? [])
    }

    private func firstCell(of forEach: SwiftUIView) -> SwiftUIView? { forEach.childViews(roles: [.content]).first }

    /// The `Button`/`NavigationLink` name or the tap modifier that makes the cell tappable.
    private func tapTarget(of cell: SwiftUIView) -> TokenSyntax? {
        if let tap = cell.singleTap { return tap.nameToken }
        if ["Button", "NavigationLink"].contains(cell.name), cell.isTypeCall { return cell.nameToken }
        return nil
    }
}
