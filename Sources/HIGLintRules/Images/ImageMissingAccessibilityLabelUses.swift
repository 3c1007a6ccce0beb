import HIGLintCore

/// Examples of images judged where the code holding them is used: a helper, a view type's `body`, a control of
/// another package, a wrapper that hands the loaded image to its callers.
extension ImageMissingAccessibilityLabel {
    static let useTriggeringExamples: [RuleExample] = [
        // A context menu's items are not its preview.
        #"Text(note.title).contextMenu { ↓Image(uiImage: note.thumbnail); Button("Delete", action: delete) }"#,
        // Followed up through a helper and a view type, nothing labels the tile.
        """
        struct Gallery: View {
            var body: some View { VStack { columns; Text("Recent") } }
            private var columns: some View { HStack { PhotoTile() } }
        }
        private struct PhotoTile: View {
            var body: some View { ↓Image("sunset-photo").resizable() }
        }
        """,
        // Used by a helper other files call: as far as this file shows, nothing labels it.
        """
        private struct LogLineView: View {
            var body: some View { HStack { ↓Image(nsImage: cautionIcon); Text(line.text) } }
        }
        extension LogLine {
            public var view: some View { LogLineView(line: self) }
        }
        """,
        // A link's destination is not its label: its title does not name the view.
        RuleExample(#"struct ChatRow: View { var body: some View { HStack { ↓Image(chat.avatarName); Text(chat.title) } } }"#,
                    moduleFiles: [#"struct Chats: View { var body: some View { NavigationLink("Open") { ChatRow(chat: chat) } } }"#]),
        // A cell of another package's picker with no text: the image is all the cell says.
        #"LuminarePicker(elements: Mode.allCases, selection: $mode) { mode in ↓Image(mode.assetName) }"#,
        // A cell that is a view type of the module: its text cannot be seen, and here it shows none.
        RuleExample(#"struct IconCell: View { var body: some View { ↓Image(nsImage: icon.image).resizable() } }"#,
                    moduleFiles: [#"struct Icons: View { var body: some View { LuminarePicker(elements: icons, selection: $icon) { IconCell(icon: $0) } } }"#]),
        // The module's own picker is code like any other: its cells are content.
        RuleExample(#"SegmentPicker(options: modes) { mode in HStack { ↓Image(mode.assetName); Text(mode.title) } }"#,
                    moduleFiles: [#"struct SegmentPicker<Cell: View>: View { let options: [Mode]; let cell: (Mode) -> Cell; var body: some View { HStack { ForEach(options) { cell($0) } } } }"#]),
        """
        struct Avatar: View {
            let url: URL
            let onTap: () -> Void
            var body: some View { ↓AsyncImage(url: url) { $0.resizable() } placeholder: { ProgressView() }.onTapGesture(perform: onTap) }
        }
        """,
    ]

    static let useNonTriggeringExamples: [RuleExample] = [
        // A control whose label is the image on a hover circle: the icon rule reports the control, once.
        #"Button(action: showNextDay) { ZStack { Circle().fill(.gray.opacity(0.2)); Image("arrow-right") } }"#,
        // A convenience initialiser of `Label`: the image is the icon of a label with a title.
        """
        extension Label where Title == Text, Icon == Image {
            init(_ title: String, asset: String) {
                self.init { Text(title) } icon: { Image(asset) }
            }
        }
        """,
        // What a context menu or a drag lifts is a passing preview of the row, not content on the screen.
        """
        struct PenRow: View {
            var body: some View {
                penTip
                    .contextMenu { Button("Duplicate", action: duplicate) } preview: { penPreview }
                    .draggable(pen) { penPreview }
            }
            private var penPreview: some View { Image(pen.style.previewAssetName).resizable() }
            private var penTip: some View { Text(pen.name) }
        }
        """,
        #"Text(note.title).onDrag({ NSItemProvider(object: note.title as NSString) }, preview: { Image(uiImage: note.thumbnail) })"#,
        // A private card used only inside a backdrop hidden from VoiceOver.
        """
        struct WelcomeBackdrop: View {
            var body: some View { HStack { column }.accessibilityHidden(true) }
            @ViewBuilder private var column: some View { RadarCard(); RadarCard() }
        }
        private struct RadarCard: View {
            var body: some View { Image("radar-europe").resizable() }
        }
        """,
        // The image's view sits in a row that is labelled where it is used.
        """
        struct IconPicker: View {
            var body: some View {
                ForEach(icons) { icon in
                    Button { select(icon) } label: { IconRow(icon: icon).accessibilityLabel(icon.title) }
                }
            }
        }
        private struct IconRow: View {
            let icon: AppIcon
            var body: some View { HStack { IconImage(icon: icon); Text(icon.title) } }
        }
        private struct IconImage: View {
            let icon: AppIcon
            var body: some View { Image(uiImage: icon.image).resizable() }
        }
        """,
        // The label of a link in another file: the link reads the row's text.
        RuleExample(#"struct ChatRow: View { var body: some View { HStack { Image(chat.avatarName); Text(chat.title) } } }"#,
                    moduleFiles: [#"struct Chats: View { var body: some View { List(chats) { chat in NavigationLink(value: chat) { ChatRow(chat: chat) } } } }"#]),
        // Through helpers to a `body` whose type is labelled where another file uses it.
        RuleExample("""
            struct StickerView: View {
                var body: some View { face }
                private var face: some View { ZStack { base; base.opacity(0.3) } }
                private var base: some View { Image(assetName).resizable() }
            }
            """, moduleFiles: [#"struct Board: View { var body: some View { StickerView(assetName: name).accessibilityLabel(title) } }"#]),
        // Another package's picker draws each cell as a button; this cell has text.
        """
        LuminarePicker(elements: Tab.allCases, selection: $tab) { tab in
            HStack { Image(tab.assetName); Text(tab.title) }
        }
        """,
        // The wrapper hands the loaded image to its callers, who label what they show.
        """
        struct CachedImage<Content: View>: View {
            let url: URL
            let content: (AsyncImagePhase) -> Content
            var body: some View { AsyncImage(url: url) { phase in content(phase) } }
        }
        """,
    ]
}
