import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A control whose whole label is an image, with nothing for VoiceOver to read.
///
/// The label is judged through the model's `imagery(of:)`: images of any kind (generated accessors, values and
/// helpers of the file, the module's image-only view types) beside shapes, colours and progress indicators. A
/// label whose content cannot be seen (a custom view the module does not show) is not judged.
/// A control with `systemImage:` and an empty title (`Button("", systemImage:)`) is icon-only too: an empty
/// title is no text. `image-missing-accessibility-label` leaves such an image to this rule, so it is reported once.
struct IconOnlyControlWithoutLabel: Rule {
    static let description = RuleDescription(
        id: "icon-only-control-without-label",
        name: "Icon-only control without label",
        section: .images,
        summary: "A Button, Menu, Toggle, NavigationLink or Link whose label is only an image needs an accessibility label.",
        rationale: """
            VoiceOver reads an icon-only control by its symbol's file name ("square.and.pencil") or not at \
            all. Give the control a title with `Label(_:systemImage:)` and `.labelStyle(.iconOnly)`, or add \
            `.accessibilityLabel` so everyone knows what it does.
            """,
        triggeringExamples: [
            // An App Intent's button (iOS 17, widgets): the trailing closure is its label.
            #"↓Button(intent: PlaybackToggle(id: book.id)) { ZStack { Image(uiImage: book.cover); Image(systemName: "play.fill") } }"#,
            """
            ↓Button {
                compose()
            } label: {
                Image(systemName: "square.and.pencil")
            }
            """,
            #"↓Button(action: refresh) { Image(systemName: "arrow.clockwise").imageScale(.large) }"#,
            """
            ↓Menu {
                Button("Rename", action: rename)
            } label: {
                Image(systemName: "ellipsis.circle")
            }
            """,
            #"↓Toggle(isOn: $isFavorite) { Image(systemName: "star") }"#,
            #"↓NavigationLink(destination: SettingsView()) { Image("gear-icon") }"#,
            #"↓Link(destination: helpURL) { Image(systemName: "questionmark.circle") }"#,
            #"↓Button(action: cancel) { Asset.Images.cancel.swiftUIImage }"#,
            #"↓Button(action: delete) { Image(systemSymbol: .trash) }"#,
            #"↓Button(action: close) { Label("", systemImage: "xmark") }"#,
            """
            ↓Button(action: sync) {
                ZStack {
                    Circle().fill(Color.accentColor)
                    if isSyncing { ProgressView() } else { Image(systemName: "arrow.triangle.2.circlepath") }
                }
            }
            """,
            """
            struct Toolbar: View {
                let closeImage = Image(systemName: "xmark")
                var body: some View { ↓Button(action: close) { closeImage } }
            }
            """,
            RuleExample(#"↓Button(action: close) { CompoundIcon(.close) }"#, moduleFiles: [
                """
                struct CompoundIcon: View {
                    let icon: Icon
                    init(_ icon: Icon) { self.icon = icon }
                    var body: some View { Image(icon.assetName).resizable().frame(width: 24, height: 24) }
                }
                """,
            ]),
            #"↓Button("", systemImage: "trash", action: delete)"#,
            #"↓Button(action: compose) { Label("", systemImage: "square.and.pencil") }"#,
            #"↓Button(action: showProfile) { Image("avatar-placeholder") }"#,
            RuleExample(#"struct SendButton: View { var body: some View { HStack { ↓Button(action: send) { Image("send") } } } }"#,
                        moduleFiles: [#"struct Composer: View { var body: some View { SendButton().accessibilityLabel("Send") } }"#]),
            // A view type of another file whose `body` shows an image behind a shape, in a stack: it renders only an image.
            RuleExample(#"↓Link(destination: site) { if let poster { Image(poster) } else { PosterPlaceholder() } }"#, moduleFiles: [
                #"struct PosterPlaceholder: View { var body: some View { ZStack { Rectangle().fill(.gray); Image(systemName: "film") } } }"#,
            ]),
            // A control in another control's label stays an element of its own: the outer label's text is not its.
            RuleExample(#"struct FavoriteToggle: View { var body: some View { ↓Button(action: toggle) { Image("star-outline") } } }"#,
                        moduleFiles: [#"struct ServerRow: View { var body: some View { Button(action: open) { HStack { Text(server.name); FavoriteToggle() } } } }"#]),
        ],
        nonTriggeringExamples: [
            #"Button(intent: PlaybackToggle(id: book.id)) { Label("Play", systemImage: "play.fill") }"#,
            #"Button(action: share) { Image(qrCode, scale: 1, label: Text("QR code for \(address)")) }"#,
            RuleExample(#"struct SendButton: View { var body: some View { Button(action: send) { Image("send") } } }"#,
                        moduleFiles: [#"struct Composer: View { var body: some View { SendButton().accessibilityLabel("Send") } }"#]),
            #"Button("Compose", systemImage: "square.and.pencil", action: compose)"#,
            #"Button(action: compose) { Label("Compose", systemImage: "square.and.pencil") }.labelStyle(.iconOnly)"#,
            #"Button(action: compose) { Image(systemName: "square.and.pencil") }.accessibilityLabel("Compose")"#,
            #"Button(action: compose) { Image(systemName: "square.and.pencil").accessibilityLabel("Compose") }"#,
            #"Button(action: compose) { HStack { Image(systemName: "plus"); Text("New") } }"#,
            #"Menu("More", systemImage: "ellipsis.circle") { Button("Rename", action: rename) }"#,
            #"Menu { Button("Rename", action: rename) } label: { Label("More", systemImage: "ellipsis").labelStyle(.iconOnly) }"#,
            #"Button(action: compose) { ComposeIcon() }"#,
            #"Toggle("Favorite", isOn: $isFavorite)"#,
            #"NavigationLink { Detail() } label: { OrderRow(order: order) }"#,
            #"Button(action: sync) { ZStack { Circle(); Image(systemName: "arrow.clockwise"); Text("Sync") } }"#,
            RuleExample(#"Link(destination: site) { if let poster { Image(poster) } else { PosterPlaceholder() } }"#, moduleFiles: [
                #"struct PosterPlaceholder: View { var body: some View { ZStack { Rectangle().fill(.gray); Text("No poster") } } }"#,
            ]),
            RuleExample(#"Button(action: close) { CompoundIcon(.close) }"#, moduleFiles: [
                """
                struct CompoundIcon: View {
                    let icon: Icon
                    var body: some View { Image(icon.assetName).accessibilityLabel(icon.title) }
                }
                """,
            ]),
            RuleExample(#"Button(action: send) { Image(systemName: "paperplane") }.buttonStyle(CaptionedButtonStyle(caption: "Send"))"#,
                        moduleFiles: [
                """
                struct CaptionedButtonStyle: ButtonStyle {
                    let caption: String
                    func makeBody(configuration: Configuration) -> some View {
                        VStack { configuration.label; Text(caption).font(.caption) }
                    }
                }
                """,
            ]),
        ])

    static let message = "This control's label is only an image, which VoiceOver cannot read; use `Label(\"…\", systemImage:)` or add `.accessibilityLabel(\"…\")`."
    static let controls: Set<String> = ["Button", "Menu", "Toggle", "NavigationLink", "Link"]

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = Self.controls

    static let usesModuleIndex = true

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let control = context.file.view(at: call),
              Self.controls.contains(control.name), control.isTypeCall, control.controlTitle == nil,
              !control.hasAccessibilityLabel, context.applies(at: call)
        else { return }
        let label = control.controlLabelViews
        let iconArgument = control.hasArgument("systemImage") || control.hasArgument("image")
        guard label.isEmpty ? iconArgument : context.file.imagery(of: label) == .onlyImages,
              !label.contains(where: \.hasAccessibilityLabelInside), !context.file.hasTitleDrawingStyle(control) else { return }
        // A control inside a container that is read as one labelled element is already described; so is the control
        // a view type's `body` is, when the module labels that view where it uses it (`SendButton(…).accessibilityLabel(…)`).
        let enclosures = context.file.enclosingViews(of: call)
        if enclosures.isEmpty, context.file.isLabelledWhereUsed(call, inControlLabels: false) { return }
        for enclosure in enclosures {
            if enclosure.view.hasAccessibilityLabel && enclosure.view.mergesAccessibilityChildren { return }
            if enclosure.view.isAccessibilityHidden { return }
        }
        context.report(at: control.nameToken, message: Self.message)
    }
}

private extension SwiftUIView {
    /// An accessibility label on the view or on anything inside it.
    var hasAccessibilityLabelInside: Bool {
        hasAccessibilityLabel || descendantViews().contains(where: \.hasAccessibilityLabel)
    }
}
