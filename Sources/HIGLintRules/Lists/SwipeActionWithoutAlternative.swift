import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A swipe button whose action the row's context menu does not also offer.
///
/// The context menus looked at are those on the same row view, those at the root of the row's `body`
/// when the row is a view type declared in the same file, those at the root of what a helper of the file returns
/// when the row is its call (`articleRow(article)`), and a `.contextMenu(forSelectionType:)` on the
/// row's `List`, those on the parts the row shows (its main content in a stack, not what a `ForEach` in it repeats),
/// and context menus built by a helper of the module from closures the row passes it
/// (`ModuleIndex.contextMenuHelpers`), or whose items such a helper builds (`ModuleIndex.menuItemHelpers`:
/// `.contextMenu { VoteMenu.items(onVote: { upvote(post) }) }`). A swipe on the view a modifier's closure is given
/// (`.if(canVote) { row in row.swipeActions { … } }`) is on the row that chain builds. A button matches when a title or a called function is the same. When a context menu's
/// content cannot all be seen (a custom view, a helper in another file, a `ForEach`), the rule says
/// nothing for that row; so it does for a row that carries a module `ViewModifier` attaching a context menu
/// (`.modifier(RowMenu(…))`), and for swipes on a `ViewModifier`'s `content` or on the `content` a wrapper view
/// stores, a row built where the modifier or wrapper is used. The detail screen a link row opens (a `NavigationLink(value:)` row's: where the module's
/// `.navigationDestination(for:)` sends the value's type, read from the row's code, `SwiftUIFile.linkedValueType(of:)`;
/// the same for a value the row's tap appends to a navigation path, itself or through a helper of the file,
/// `SwiftUIFile.appendedValueTypes(of:)`;
/// or a sheet, cover or destination the row's own tap or closure presents by setting its state) is the HIG's other alternative: when the module declares that
/// view type (`ModuleIndex.screenActions`) and a control anywhere in it (toolbar, body, dialog) has the swipe
/// button's title (a title "A/B" offers both) or calls the same function, the swipe is a shortcut and is not reported.
/// The function may be one call deep on both sides: one the swipe's own helper calls with the item it is given
/// (`SwiftUIFile.deeperActionCallKeys(of:)`), and, for a screen's `Toggle`, one its state's `.onChange(of:)` calls. A link row whose screen
/// cannot be seen, or does not offer the action, still is. For a delete (a destructive role, or the declared lists
/// `destructiveWords` and `destructiveSymbols`), any delete that screen offers outside a `ForEach` counts, whatever its
/// title says it deletes ("Delete Expense" on the edit screen), and so does edit mode's own delete: an `.onDelete` on the
/// `ForEach` the row is in (or, for a row a helper of the file returns, the `ForEach` of every use of the helper),
/// with an `EditButton` or `editMode` in the same view type. Edit mode's selection counts for
/// any action: a `List(selection:)` around the row, edit mode in the view type, and a button of a `.toolbar` in that
/// type with the same title or call (`Button("Archive") { archive(selection) }`). A toolbar or an `.onDelete` in
/// another type or file is not seen. The row's own tap is the other path for a swipe that sets only state the tap
/// sets (a `Button` row's action, `.onTapGesture`), state that presents a screen: an Edit that opens the sheet a tap
/// opens, or that makes only the calls the tap makes, itself or by the buttons of the dialog it presents (a Watched
/// swipe on a row whose tap asks, then marks it watched). A swipe on the label of a `NavigationLink` is on the link's row.
struct SwipeActionWithoutAlternative: Rule {
    static let description = RuleDescription(
        id: "swipe-action-without-alternative",
        name: "Swipe action without alternative",
        section: .lists,
        summary: "Every swipe action should also be in the row's context menu.",
        rationale: """
            Swipe actions are shortcuts, not the only path: nothing on screen says they exist, and they \
            are awkward with VoiceOver, Switch Control and a pointer. The HIG asks that anything in \
            `.swipeActions` also be reachable another way; a `.contextMenu` on the same row offers it \
            with a long press or a secondary click. The detail or edit screen a row opens counts as the \
            other path when it offers the same action (a control with the same title or call; for a delete, \
            any delete), and so does edit mode: its delete control for an `.onDelete` list, and toolbar \
            actions on a list's selection.
            """,
        platforms: [.iOS, .visionOS],
        triggeringExamples: [
            // A link row's detail screen that cannot be seen, or that offers other actions, is no alternative.
            """
            NavigationLink { CategoryDetail(category: category) } label: { CategoryRow(category: category) }
                .swipeActions { ↓Button("Delete", role: .destructive) { delete(category) } }
            """,
            RuleExample("""
                NavigationLink(destination: NoteDetail(note: note)) { NoteRow(note: note) }
                    .swipeActions { ↓Button("Pin", systemImage: "pin") { pin(note) } }
                """, moduleFiles: ["""
                struct NoteDetail: View {
                    let note: Note
                    var body: some View {
                        Text(note.body).toolbar { Button("Share", systemImage: "square.and.arrow.up") { share(note) } }
                    }
                }
                """]),
            // The screen's "Delete" buttons act on the parts it lists, not on the item the row shows; its dialog
            // confirms that, by another call.
            RuleExample("""
                NavigationLink(destination: UnitForm(unit: unit)) { UnitRow(unit: unit) }
                    .swipeActions { ↓Button("Delete", role: .destructive) { deleteItem(unit) } }
                """, moduleFiles: ["""
                struct UnitForm: View {
                    let unit: Unit
                    var body: some View {
                        Form {
                            ForEach(unit.conversions) { conversion in
                                HStack { Text(conversion.name); Button("Delete", role: .destructive) { pending = conversion } }
                            }
                        }
                        .confirmationDialog("Delete", isPresented: $asking) {
                            Button("Delete", role: .destructive) { remove(pending) }
                        }
                    }
                }
                """]),
            """
            ForEach(orders) { order in
                OrderRow(order: order)
                    .swipeActions {
                        ↓Button("Archive", systemImage: "archivebox") { archive(order) }
                    }
            }
            """,
            """
            MessageRow(message: message)
                .swipeActions(edge: .leading) {
                    ↓Button {
                        toggleRead(message)
                    } label: {
                        Label(message.isRead ? "Unread" : "Read", systemImage: "envelope.badge")
                    }
                }
                .contextMenu {
                    Button("Reply", systemImage: "arrowshape.turn.up.left") { reply(to: message) }
                }
            """,
            // A menu on the link's label that offers another action.
            """
            List(events) { event in
                NavigationLink(destination: EventViewer(event: event)) {
                    EventRow(event: event).contextMenu { Button("Share") { share(event) } }
                }
                .swipeActions { ↓Button("Delete") { delete(event) } }
            }
            """,
            // The module's menu helper is given other actions than the swipe's.
            RuleExample("""
                OrderRow(order: order)
                    .swipeActions { ↓Button("Delete", role: .destructive) { delete(order) } }
                    .orderActions(archive: { archive(order) }, share: { share(order) })
                """, moduleFiles: [
                """
                extension View {
                    func orderActions(archive: @escaping () -> Void, share: @escaping () -> Void) -> some View {
                        contextMenu {
                            Button("Archive", action: archive)
                            Button("Share", action: share)
                        }
                    }
                }
                """,
            ]),
            // The items a module helper builds from the closures it is given: not the swipe's action. The swipe is
            // on the view `.if` gives its closure, under the menu attached after it.
            RuleExample("""
                PostRow(post: post)
                    .if(canVote) { row in
                        row.swipeActions { ↓Button { bookmark(post) } label: { Image(systemName: "bookmark") } }
                    }
                    .contextMenu { VoteMenu.items(for: post, onVote: { upvote(post) }) }
                """, moduleFiles: [
                """
                enum VoteMenu {
                    @ViewBuilder static func items(for post: Post, onVote: @escaping () -> Void) -> some View {
                        Button { onVote() } label: { Label("Upvote", systemImage: "arrow.up") }
                    }
                }
                """,
            ]),
            // `.onDelete` without edit mode: nothing on screen offers the delete.
            """
            List {
                ForEach(expenses) { expense in
                    ExpenseRow(expense: expense)
                        .swipeActions { ↓Button("Delete", role: .destructive) { delete(expense) } }
                }
                .onDelete(perform: delete)
            }
            """,
            // A row a helper builds, repeated by a `ForEach` without `.onDelete`: edit mode deletes nothing.
            """
            struct Servers: View {
                var body: some View {
                    List { ForEach(servers) { server in serverRow(server) } }
                        .toolbar { EditButton() }
                }
                private func serverRow(_ server: Server) -> some View {
                    Text(server.name).swipeActions { ↓Button("Delete", role: .destructive) { remove(server) } }
                }
            }
            """,
            // The menu on a part of the row offers another action.
            """
            VStack {
                HStack { Text(item.name); Spacer() }.contextMenu { Button("Save") { save(item) } }
                Text(item.detail)
            }
            .swipeActions { ↓Button("Delete") { remove(item) } }
            """,
            // Edit mode's delete is no path to another action.
            """
            struct Expenses: View {
                var body: some View {
                    List {
                        ForEach(expenses) { expense in
                            ExpenseRow(expense: expense).swipeActions { ↓Button("Archive") { archive(expense) } }
                        }
                        .onDelete(perform: delete)
                    }
                    .toolbar { EditButton() }
                }
            }
            """,
            // The selection's toolbar offers other actions than the swipe's.
            """
            struct Mailboxes: View {
                @State private var selection = Set<Mailbox.ID>()
                var body: some View {
                    List(mailboxes, selection: $selection) { mailbox in
                        Text(mailbox.name).swipeActions { ↓Button("Mark Read") { markRead(mailbox) } }
                    }
                    .toolbar {
                        EditButton()
                        Button("Move") { move(selection) }
                    }
                }
            }
            """,
            // The screen another file's `.navigationDestination(for:)` shows for the linked value offers another action.
            RuleExample("""
                struct Notes: View {
                    var body: some View {
                        List(notes) { note in
                            NavigationLink(value: note) { NoteRow(note: note) }
                                .swipeActions { ↓Button("Delete", role: .destructive) { remove(note) } }
                        }
                    }
                }
                struct NoteRow: View {
                    let note: Note
                    var body: some View { Text(note.title) }
                }
                """, moduleFiles: ["""
                struct Root: View {
                    var body: some View {
                        NavigationStack { Notes().navigationDestination(for: Note.self) { NoteViewer(note: $0) } }
                    }
                }
                struct NoteViewer: View {
                    let note: Note
                    var body: some View { Text(note.body).toolbar { Button("Share") { share(note) } } }
                }
                """]),
            // The swipe's helper calls the screen's toggle action with nothing of the item it is given (a save): no
            // same action.
            RuleExample("""
                struct Presets: View {
                    var body: some View {
                        List(presets) { preset in presetLink(for: preset) }
                    }
                    private func presetLink(for preset: Preset) -> some View {
                        NavigationLink(value: preset) { Text(preset.name) }
                            .swipeActions { ↓Button("Pin", systemImage: "pin") { pin(preset) } }
                    }
                    private func pin(_ preset: Preset) {
                        pinnedIDs.insert(preset.id)
                        store.persist(settings)
                    }
                }
                """, moduleFiles: ["""
                struct Root: View {
                    var body: some View {
                        NavigationStack { Presets().navigationDestination(for: Preset.self) { PresetForm(preset: $0) } }
                    }
                }
                struct PresetForm: View {
                    let preset: Preset
                    @State private var isVisible = true
                    var body: some View {
                        Form { Toggle("Visible", isOn: $isVisible) }
                            .onChange(of: isVisible) { _, visible in store.persist(settings) }
                    }
                }
                """]),
            // The row's tap appends a value to the path; the screen shown for its type offers another action.
            RuleExample("""
                struct Contacts: View {
                    var body: some View { List(contacts) { contact in contactRow(contact) } }
                    private func contactRow(_ contact: Contact) -> some View {
                        Text(contact.name)
                            .onTapGesture { path.append(ContactRoute(contact: contact)) }
                            .swipeActions { ↓Button("Block", systemImage: "hand.raised") { block(contact) } }
                    }
                }
                """, moduleFiles: ["""
                struct Root: View {
                    var body: some View {
                        Contacts().navigationDestination(for: ContactRoute.self) { ContactScreen(contact: $0.contact) }
                    }
                }
                struct ContactScreen: View {
                    let contact: Contact
                    var body: some View { Text(contact.name).toolbar { Button("Message") { message(contact) } } }
                }
                """]),
            // The appended value's type cannot be read (a closure's parameter): the screen it opens is not known.
            RuleExample("""
                List(contacts) { contact in
                    Text(contact.name)
                        .onTapGesture { path.append(contact) }
                        .swipeActions { ↓Button("Block", systemImage: "hand.raised") { block(contact) } }
                }
                """, moduleFiles: ["""
                struct Root: View {
                    var body: some View { Contacts().navigationDestination(for: Contact.self) { ContactScreen(contact: $0) } }
                }
                struct ContactScreen: View {
                    let contact: Contact
                    var body: some View { Text(contact.name).toolbar { Button("Block") { block(contact) } } }
                }
                """]),
            // The screen offers the opposite action only.
            RuleExample("""
                NavigationLink(destination: ProfileScreen(user: user)) { UserRow(user: user) }
                    .swipeActions { ↓Button("Unfollow") { store.unfollow(user) } }
                """, moduleFiles: ["""
                struct ProfileScreen: View {
                    let user: User
                    var body: some View { Text(user.name).toolbar { Menu("More") { Button("Follow") { showsFollow = true } } } }
                }
                """]),
            // The row's tap opens another screen than the swipe's sheet.
            """
            struct Words: View {
                @State private var shown: Word?
                @State private var editing: Word?
                var body: some View {
                    List(words) { word in
                        Button { shown = word } label: { Text(word.text) }
                            .swipeActions { ↓Button { editing = word } label: { Label("Edit", systemImage: "pencil") } }
                    }
                    .sheet(item: $shown) { WordDetail(word: $0) }
                    .sheet(item: $editing) { WordEditor(word: $0) }
                }
            }
            """,
            // The swipe on the link's label: the selection's toolbar offers another action.
            """
            struct Jobs: View {
                @State private var selection = Set<Job.ID>()
                @State private var editMode = EditMode.inactive
                var body: some View {
                    List(selection: $selection) {
                        ForEach(jobs) { job in
                            NavigationLink(value: job) {
                                VStack { Text(job.name) }
                                    .swipeActions { ↓Button { Task { await retry(ids: [job.id]) } } label: { Label("Retry", systemImage: "arrow.clockwise") } }
                            }
                        }
                    }
                    .environment(\\.editMode, $editMode)
                    .toolbar { Button("Clear \\(selection.count)") { clear(ids: Array(selection)) } }
                }
            }
            """,
            // The row's tap asks, then calls another function than the swipe's.
            """
            struct EpisodeRow: View {
                @State private var asking = false
                var body: some View {
                    Button { asking = true } label: { Text(episode.title) }
                        .swipeActions(edge: .leading) { ↓Button("Skip", systemImage: "forward") { Task { await model.skip(episode) } } }
                        .confirmationDialog("Mark as watched?", isPresented: $asking) {
                            Button("Confirm") { Task { await model.markWatched(episode) } }
                            Button("Cancel", role: .cancel) { asking = false }
                        }
                }
            }
            """,
            // The edit screen the row opens saves, and deletes nothing.
            RuleExample("""
                NavigationLink(destination: ExpenseEditor(expense: expense)) { ExpenseRow(expense: expense) }
                    .swipeActions { ↓Button("Delete", role: .destructive) { delete(expense) } }
                """, moduleFiles: ["""
                struct ExpenseEditor: View {
                    let expense: Expense
                    var body: some View {
                        Form { TextField("Title", text: $title) }.toolbar { Button("Save") { save(expense) } }
                    }
                }
                """]),
        ],
        nonTriggeringExamples: [
            // The edit screen the row opens offers a delete of its own.
            RuleExample("""
                NavigationLink(destination: ExpenseEditor(expense: expense)) { ExpenseRow(expense: expense) }
                    .swipeActions { Button("Delete", role: .destructive) { delete(expense) } }
                """, moduleFiles: ["""
                struct ExpenseEditor: View {
                    let expense: Expense
                    var body: some View {
                        Form {
                            TextField("Title", text: $title)
                            Button("Delete Expense", role: .destructive) { confirming = true }
                        }
                    }
                }
                """]),
            // The screen another file's `.navigationDestination(for:)` shows for the linked value (its type read from
            // the helper's parameter) offers a delete.
            RuleExample("""
                struct Notes: View {
                    var body: some View {
                        List(notes) { note in noteLink(for: note) }
                    }
                    private func noteLink(for note: Note) -> some View {
                        NavigationLink(value: note) { Text(note.title) }
                            .swipeActions { Button("Delete", role: .destructive) { remove(note) } }
                    }
                }
                """, moduleFiles: ["""
                struct Root: View {
                    var body: some View {
                        NavigationStack { Notes().navigationDestination(for: Note.self) { NoteEditor(note: $0) } }
                    }
                }
                struct NoteEditor: View {
                    let note: Note
                    var body: some View { Form { Button("Delete Note", role: .destructive) { confirming = true } } }
                }
                """]),
            // The swipe's helper does to the item what the opened screen's toggle does when it changes.
            RuleExample("""
                struct Presets: View {
                    var body: some View {
                        List(presets) { preset in presetLink(for: preset) }
                    }
                    private func presetLink(for preset: Preset) -> some View {
                        NavigationLink(value: preset) { Text(preset.name) }
                            .swipeActions { Button("Hide", systemImage: "eye.slash") { hide(preset) } }
                    }
                    private func hide(_ preset: Preset) {
                        haptic()
                        store.setHidden(presetID: preset.id, hidden: true)
                    }
                }
                """, moduleFiles: ["""
                struct Root: View {
                    var body: some View {
                        NavigationStack { Presets().navigationDestination(for: Preset.self) { PresetForm(preset: $0) } }
                    }
                }
                struct PresetForm: View {
                    let preset: Preset
                    @State private var isVisible = true
                    var body: some View {
                        Form { Toggle("Visible", isOn: $isVisible) }
                            .onChange(of: isVisible) { _, visible in store.setHidden(presetID: preset.id, hidden: !visible) }
                    }
                }
                """]),
            // The row's tap appends a value to the navigation path through a helper of the file; the screen another
            // file's `.navigationDestination(for:)` shows for its type offers the swipe's action.
            RuleExample("""
                struct Contacts: View {
                    @State private var path = NavigationPath()
                    var body: some View {
                        NavigationStack(path: $path) { List(contacts) { contact in contactRow(contact) } }
                    }
                    private func contactRow(_ contact: Contact) -> some View {
                        Text(contact.name)
                            .onTapGesture { open(ContactRoute(contact: contact)) }
                            .swipeActions { Button("Block", systemImage: "hand.raised") { block(contact) } }
                    }
                    private func open(_ route: ContactRoute) { path.append(route) }
                }
                """, moduleFiles: ["""
                struct Root: View {
                    var body: some View {
                        Contacts().navigationDestination(for: ContactRoute.self) { ContactScreen(contact: $0.contact) }
                    }
                }
                struct ContactScreen: View {
                    let contact: Contact
                    var body: some View { Text(contact.name).toolbar { Button("Block") { block(contact) } } }
                }
                """]),
            // A `Button` row appends its value (a parameter of the row's helper) to the path itself.
            RuleExample("""
                struct Notes: View {
                    var body: some View { List(notes) { note in noteRow(note) } }
                    private func noteRow(_ note: Note) -> some View {
                        Button { router.path.append(note) } label: { Text(note.title) }
                            .swipeActions { Button("Delete", role: .destructive) { remove(note) } }
                    }
                }
                """, moduleFiles: ["""
                struct Root: View {
                    var body: some View { Notes().navigationDestination(for: Note.self) { NoteEditor(note: $0) } }
                }
                struct NoteEditor: View {
                    let note: Note
                    var body: some View { Form { Button("Delete Note", role: .destructive) { confirming = true } } }
                }
                """]),
            // A screen's control titled "A/B" offers both actions.
            RuleExample("""
                NavigationLink(destination: ProfileScreen(user: user)) { UserRow(user: user) }
                    .swipeActions { Button("Unfollow") { store.unfollow(user) } }
                """, moduleFiles: ["""
                struct ProfileScreen: View {
                    let user: User
                    var body: some View { Text(user.name).toolbar { Menu("More") { Button("Follow/Unfollow") { showsFollow = true } } } }
                }
                """]),
            // The swipe sets the state the row's own tap sets: it opens the same edit sheet, which the tap offers.
            """
            struct Words: View {
                @State private var editing: Word?
                var body: some View {
                    List(words) { word in
                        Button { if selecting { toggle(word) } else { editing = word } } label: { Text(word.text) }
                            .swipeActions { Button { haptic(); editing = word } label: { Label("Edit", systemImage: "pencil") } }
                    }
                    .sheet(item: $editing) { WordEditor(word: $0) }
                }
            }
            """,
            // The swipe on the link's label is the link's row: the selection's toolbar offers the same call.
            """
            struct Jobs: View {
                @State private var selection = Set<Job.ID>()
                @State private var editMode = EditMode.inactive
                var body: some View {
                    List(selection: $selection) {
                        ForEach(jobs) { job in
                            NavigationLink(value: job) {
                                VStack { Text(job.name) }
                                    .swipeActions { Button { Task { await clear(ids: [job.id]) } } label: { Label("Clear", systemImage: "checkmark") } }
                            }
                        }
                    }
                    .environment(\\.editMode, $editMode)
                    .toolbar { Button("Clear \\(selection.count)") { Task { await clear(ids: Array(selection)) } } }
                }
            }
            """,
            // The swipe makes the call the row's tap makes once its dialog is confirmed.
            """
            struct EpisodeRow: View {
                @State private var asking = false
                var body: some View {
                    Button { asking = true } label: { Text(episode.title) }
                        .swipeActions(edge: .leading) { Button("Watched", systemImage: "checkmark") { Task { await model.markWatched(episode) } } }
                        .confirmationDialog("Mark as watched?", isPresented: $asking) {
                            Button("Confirm") { Task { await model.markWatched(episode) } }
                            Button("Cancel", role: .cancel) { asking = false }
                        }
                }
            }
            """,
            // Edit mode's delete control: `.onDelete` with an `EditButton`.
            """
            struct Expenses: View {
                var body: some View {
                    List {
                        ForEach(expenses) { expense in
                            ExpenseRow(expense: expense)
                                .swipeActions { Button("Delete", role: .destructive) { delete(expense) } }
                        }
                        .onDelete(perform: delete)
                    }
                    .toolbar { EditButton() }
                }
            }
            """,
            // Edit mode's delete for a row a helper builds, repeated by a `ForEach` with `.onDelete`.
            """
            struct Servers: View {
                var body: some View {
                    List {
                        ForEach(servers) { server in serverRow(server) }
                            .onDelete { offsets in offsets.forEach { remove(servers[$0]) } }
                    }
                    .toolbar { EditButton() }
                }
                private func serverRow(_ server: Server) -> some View {
                    Text(server.name).swipeActions { Button("Delete", role: .destructive) { remove(server) } }
                }
            }
            """,
            // The menu on the row's main part offers the same action, by the same call.
            """
            VStack {
                HStack { Text(item.name); Spacer() }
                    .contextMenu { if let onRemove { Button("Remove from Meal", role: .destructive) { onRemove() } } }
                Text(item.detail)
            }
            .swipeActions { Button { onRemove?() } label: { Label("Delete", systemImage: "trash") } }
            """,
            // Edit mode's selection, with the same action in the toolbar.
            """
            struct Mailboxes: View {
                @State private var selection = Set<Mailbox.ID>()
                @State private var editMode = EditMode.inactive
                var body: some View {
                    List(mailboxes, selection: $selection) { mailbox in
                        Text(mailbox.name).swipeActions { Button("Mark Read") { markRead(mailbox) } }
                    }
                    .environment(\\.editMode, $editMode)
                    .toolbar {
                        Button(editMode.isEditing ? "Done" : "Select") { editMode = editMode.isEditing ? .inactive : .active }
                        Button("Mark Read") { markRead(selection) }
                    }
                }
            }
            """,
            // The menu on the link's label is the row's, and the menu is written in the form before iOS 14.
            """
            List(events) { event in
                NavigationLink(destination: EventViewer(event: event)) {
                    EventRow(event: event)
                        .contextMenu(ContextMenu(menuItems: {
                            Button { editing = event } label: { Text("Edit") }
                            Button { delete(event) } label: { Text("Delete") }
                        }))
                }
                .swipeActions { Button { delete(event) } label: { Text("Delete") } }
            }
            """,
            // The row a wrapper is given is built where the wrapper is used, with its menu there.
            """
            struct SelectableRow<Content: View>: View {
                let file: FileEntry
                @ViewBuilder var content: () -> Content
                var body: some View {
                    content()
                        .swipeActions { Button("Keep Offline", systemImage: "pin") { file.pin() } }
                }
            }
            """,
            // The detail screen the link row opens offers the same action in its toolbar.
            RuleExample("""
                ForEach(notes) { note in
                    NavigationLink(destination: NoteDetail(note: note)) { NoteRow(note: note) }
                        .swipeActions { Button("Delete", role: .destructive) { delete(note) } }
                }
                """, moduleFiles: ["""
                struct NoteDetail: View {
                    let note: Note
                    var body: some View {
                        Text(note.body)
                            .toolbar {
                                Menu("More", systemImage: "ellipsis.circle") { Button("Delete", role: .destructive) { asking = true } }
                            }
                            .alert("Delete this note?", isPresented: $asking) {
                                Button("Delete", role: .destructive) { store.remove(note) }
                            }
                    }
                }
                """]),
            // A tap on the row opens a sheet for it, whose toolbar offers the same actions.
            RuleExample("""
                struct TransactionList: View {
                    @State private var selectedTransaction: Transaction?
                    var body: some View {
                        List {
                            ForEach(transactions) { transaction in
                                TransactionRow(transaction: transaction, onRowTapped: { selectedTransaction = transaction })
                                    .swipeActions { Button("Delete", role: .destructive) { delete(transaction) } }
                            }
                        }
                        .sheet(item: $selectedTransaction) { transaction in TransactionDetailSheet(transaction: transaction) }
                    }
                }
                """, moduleFiles: ["""
                struct TransactionDetailSheet: View {
                    let transaction: Transaction
                    var body: some View {
                        Text(transaction.title).toolbar { Button("Delete", role: .destructive) { confirming = true } }
                    }
                }
                """]),
            // With value navigation, the one destination of the file; the same call.
            """
            struct Notes: View {
                var body: some View {
                    List(notes) { note in
                        NavigationLink(value: note) { NoteRow(note: note) }
                            .swipeActions { Button("Archive", systemImage: "archivebox") { store.archive(note) } }
                    }
                    .navigationDestination(for: Note.self) { note in NoteScreen(note: note) }
                }
            }
            struct NoteScreen: View {
                let note: Note
                var body: some View { Text(note.body).toolbar { Button("Move to Archive") { store.archive(note) } } }
            }
            """,
            // The row is built where the modifier is applied, with the menu another modifier attaches there.
            """
            struct TaskSwipes: ViewModifier {
                let task: TodoTask
                func body(content: Content) -> some View {
                    content.swipeActions { Button("Complete") { complete(task) } }
                }
            }
            """,
            // The helper that builds the row attaches the same action in its context menu.
            """
            struct Inbox: View {
                var body: some View {
                    List(articles) { article in
                        articleRow(article)
                            .swipeActions { Button("Read") { model.toggleRead(article) } }
                    }
                }
                private func articleRow(_ article: Article) -> some View {
                    ArticleRow(article: article)
                        .contextMenu { Button("Mark as Read") { model.toggleRead(article) } }
                }
            }
            """,
            // A module modifier attaches the row's context menu.
            RuleExample("""
                VMRow(vm: vm)
                    .modifier(VMContextMenu(vm: vm))
                    .swipeActions { Button("Delete", role: .destructive) { confirmDelete = vm } }
                """, moduleFiles: [
                """
                struct VMContextMenu: ViewModifier {
                    let vm: VM
                    func body(content: Content) -> some View {
                        content.contextMenu { Button("Delete", role: .destructive) { confirmDelete = vm } }
                    }
                }
                """,
            ]),
            """
            OrderRow(order: order)
                .swipeActions {
                    Button("Archive", systemImage: "archivebox") { archive(order) }
                }
                .contextMenu {
                    Button("Archive", systemImage: "archivebox") { archive(order) }
                    ShareLink(item: order.receiptURL)
                }
            """,
            // Matched by the action it calls, with the context menu built by a helper.
            """
            struct OrderList: View {
                var body: some View {
                    List(orders) { order in
                        OrderRow(order: order)
                            .swipeActions { Button { archive(order) } label: { Image(systemName: "archivebox") } }
                            .contextMenu { menu(for: order) }
                    }
                }
                @ViewBuilder func menu(for order: Order) -> some View {
                    Button("Move to Archive") { archive(order) }
                }
            }
            """,
            // The same localized title, written once as a String and once as the resource.
            """
            AccountRow(account: account)
                .swipeActions {
                    Button(String(localized: signOutLabel)) { showingSignOutConfirmation = true }.tint(.red)
                }
                .contextMenu {
                    Button(signOutLabel, systemImage: "rectangle.portrait.and.arrow.right", role: .destructive) {
                        showingSignOutConfirmation = true
                    }
                }
            """,
            // The context menu is a custom view from another file: it cannot be read.
            """
            StatusRow(status: status)
                .swipeActions { Button("Boost") { boost(status) } }
                .contextMenu { StatusContextMenu(status: status) }
            """,
            """
            List(selection: $selection) {
                ForEach(mailboxes) { mailbox in
                    Text(mailbox.name).swipeActions { Button("Mark Read") { markRead(mailbox) } }
                }
            }
            .contextMenu(forSelectionType: Mailbox.ID.self) { ids in
                Button("Mark Read") { markRead(ids) }
            }
            """,
            // The menu's items are built by a module helper from the actions passed to it, one of them the swipe's;
            // the swipe is on the view `.if` gives its closure.
            RuleExample("""
                PostRow(post: post)
                    .if(canVote) { $0.swipeActions { Button { upvote(post) } label: { Image(systemName: "arrow.up") } } }
                    .contextMenu { VoteMenu.items(for: post, onVote: { upvote(post) }, onUnvote: { unvote(post) }) }
                """, moduleFiles: [
                """
                enum VoteMenu {
                    @ViewBuilder static func items(for post: Post, onVote: @escaping () -> Void, onUnvote: @escaping () -> Void) -> some View {
                        if post.canVote { Button(action: onVote) { Label("Upvote", systemImage: "arrow.up") } }
                        if post.voted { Button { onUnvote() } label: { Label("Unvote", systemImage: "arrow.uturn.down") } }
                    }
                }
                """,
            ]),
            // A helper of the module builds the context menu from the actions it is given.
            RuleExample("""
                OrderRow(order: order)
                    .swipeActions { Button("Archive") { archive(order) } }
                    .orderActions(archive: { archive(order) }, share: { share(order) })
                """, moduleFiles: [
                """
                extension View {
                    func orderActions(archive: @escaping () -> Void, share: @escaping () -> Void) -> some View {
                        contextMenu {
                            Button("Archive", systemImage: "archivebox", action: archive)
                            Button("Share", systemImage: "square.and.arrow.up", action: share)
                        }
                    }
                }
                """,
            ]),
        ],
        wordLists: [Destruction.words, Destruction.symbols])

    static let message = "This swipe action is not in the row's context menu; swipes are hidden and hard to use with VoiceOver, so offer the same action in `.contextMenu`."

    static let visitedKinds: Set<SyntaxKind> = [.memberAccessExpr]
    static let visitedNames: Set<String>? = SwipeActionsModifier.triggerWords

    static let usesModuleIndex = true

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let swipe = SwipeActionsModifier(node, in: context) else { return }
        // A swipe on the view a modifier's closure is given (`.if(canVote) { row in row.swipeActions { … } }`) is on
        // the row that chain builds, with the menus attached after it.
        var rows = [swipe.row]
        while rows.count < 4, let outer = context.file.viewGivenToModifierClosure(rows[rows.count - 1]) { rows.append(outer) }
        // A swipe on the label of a `NavigationLink` (`NavigationLink(value: …) { VStack { … }.swipeActions { … } }`) is
        // on the link's row: the link is what the list shows, opens the screen and takes the selection.
        if let link = linkAroundLabel(rows[rows.count - 1], in: context.file) { rows.append(link) }
        var alternatives: [ActionButton] = []
        var helperCalls: Set<String> = []
        for row in rows {
            guard let found = self.alternatives(for: row, in: context.file) else { return }
            alternatives += found
            helperCalls.formUnion(context.file.contextMenuHelperCalls(of: row))
        }
        let row = rows[rows.count - 1]
        // The HIG's other path: the detail screen the row opens, when it offers the same action.
        let detailActions = context.file.navigationDestinationType(of: row).map {
            context.file.module.screenActionKeys(ofType: $0)
        } ?? []
        let words = context.words(Destruction.words)
        let symbols = context.words(Destruction.symbols)
        // A delete has more other paths: edit mode's delete control (`.onDelete` with edit mode), and any delete
        // the detail or edit screen the row opens offers, whatever its title says it deletes.
        let editMode = offersEditMode(around: row, in: context.file)
        let deletesInEditMode = editMode && isInForEachWithOnDelete(row, in: context.file)
        let screenDeletes = detailActions.contains { Self.isDeleteKey($0, words: words, symbols: symbols) }
        // Edit mode's selection, with the action in the toolbar for what is selected.
        let selectionActions = editMode ? selectionToolbarButtons(for: row, in: context.file) : []
        // The row's own tap: a swipe that only sets the state the tap sets, state that presents a screen (an Edit
        // that opens the sheet tapping the row opens), repeats the tap.
        // `rows`: the swipe's row first, then the views around it that are the row.
        let tapClosures = rows.flatMap { tapCode(of: $0) }
        let tapState = Set(tapClosures.flatMap { context.file.stateWritten(by: $0) })
        // The calls the tap makes, itself or by the confirming dialog it presents: a swipe making only those does
        // what tapping the row does (a Watched swipe on a row whose tap marks it watched after asking).
        let tapCalls = Set(tapClosures.flatMap { callsMade(by: $0, in: context.file) })
        for button in context.file.actionButtons(in: swipe.content).buttons where button.view.name == "Button" {
            if let action = button.action, repeatsTap(action, tapState: tapState, in: context.file) { continue }
            if !button.actionCalls.isEmpty, Set(button.actionCalls).isSubset(of: tapCalls) { continue }
            let isDelete = button.isDestructiveRole || Destruction.isMeant(by: button, words: words, symbols: symbols, strings: context.module.localizedStrings)
            guard !alternatives.contains(where: button.matches), helperCalls.isDisjoint(with: button.actionCalls),
                  detailActions.isDisjoint(with: button.actionKeys),
                  detailActions.isEmpty || detailActions.isDisjoint(with: button.action.map(context.file.deeperActionCallKeys(of:)) ?? []),
                  !(isDelete && (deletesInEditMode || screenDeletes)),
                  !selectionActions.contains(where: button.matches),
                  context.applies(at: button.view.nameToken) else { continue }
            context.report(at: button.view.nameToken, message: Self.message)
        }
    }

    /// The code a tap on the row runs: a `Button` row's action, and the closures of its `.onTapGesture`.
    private func tapCode(of row: SwiftUIView) -> [Syntax] {
        var code: [Syntax] = []
        if row.name == "Button", let action = ActionButton(view: row).action { code.append(Syntax(action)) }
        for tap in row.modifiers(named: "onTapGesture") {
            if let closure = tap.call?.trailingClosure ?? tap.call?.closure("perform") { code.append(Syntax(closure)) }
        }
        return code
    }

    /// The functions `code` (a tap) calls, without wrappers, and those the buttons of a `.confirmationDialog` or
    /// `.alert` it presents call (a Cancel calls nothing that counts).
    private func callsMade(by code: Syntax, in file: SwiftUIFile) -> [String] {
        var calls = code.calledFunctionNames.filter { !ActionButton.wrapperCalls.contains($0) }
        for presentation in file.presentations(drivenBy: file.stateWritten(by: code)) {
            guard let closure = presentation.call?.trailingClosure ?? presentation.call?.closure("actions") else { continue }
            for button in file.actionButtons(in: closure).buttons where button.view.argument("role")?.expression.memberName != "cancel" {
                calls += button.actionCalls
            }
        }
        return calls
    }

    /// The `NavigationLink` whose label (or content) `view` is, written in the link's closure.
    private func linkAroundLabel(_ view: SwiftUIView, in file: SwiftUIFile) -> SwiftUIView? {
        guard let enclosure = file.enclosingViews(of: view.root).first, enclosure.modifier == nil,
              enclosure.view.name == "NavigationLink", [.label, .content].contains(enclosure.role) else { return nil }
        return enclosure.view
    }

    /// Whether a swipe's action sets only state that the row's tap sets too, and that state presents a screen: the
    /// swipe opens what tapping the row opens.
    private func repeatsTap(_ action: ExprSyntax, tapState: Set<String>, in file: SwiftUIFile) -> Bool {
        let written = file.stateWritten(by: action)
        return !written.isEmpty && written.isSubset(of: tapState)
            && !file.presentations(drivenBy: written, kinds: screenPresentations).isEmpty
    }

    /// A screen's control key (`ActionButton.actionKeys`: `t` + title, `s` + symbol) that deletes: its title starts
    /// with a word of `destructiveWords` ("Delete Expense"), or it shows one of `destructiveSymbols`. A call a
    /// screen's dialog makes does not count: it may delete a part the screen lists.
    private static func isDeleteKey(_ key: String, words: [String], symbols: [String]) -> Bool {
        if key.hasPrefix("t") { return words.contains { key.hasPrefix("t" + ActionButton.keyWord($0)) } }
        if key.hasPrefix("s") { return symbols.contains { key == "s" + ActionButton.keyWord($0) } }
        return false
    }

    /// Whether the row is the content of a `ForEach` with an `.onDelete`: written there, or the whole of what a
    /// helper of the file returns (`func rowView(_ server:)`), every use of which is such a `ForEach`'s content.
    private func isInForEachWithOnDelete(_ row: SwiftUIView, in file: SwiftUIFile, depth: Int = 0) -> Bool {
        if let enclosure = file.enclosingViews(of: row.root).first {
            return enclosure.role == .content && enclosure.view.name == "ForEach"
                && !enclosure.view.modifiers(named: "onDelete").isEmpty
        }
        guard depth < 2, let uses = file.usesOfHelper(returning: row), !uses.isEmpty else { return false }
        return uses.allSatisfy { isInForEachWithOnDelete($0, in: file, depth: depth + 1) }
    }

    /// Whether the view type around the row (or, outside any type, the file) lets people enter edit mode: an
    /// `EditButton`, or edit mode set in the environment (`.environment(\.editMode, $mode)`).
    private func offersEditMode(around row: SwiftUIView, in file: SwiftUIFile) -> Bool {
        let scope = file.enclosingType(of: row.root).map { $0.parts.map(Syntax.init) } ?? [Syntax(file.tree)]
        return scope.contains { part in part.tokens(viewMode: .sourceAccurate).contains { ["EditButton", "editMode"].contains($0.text) } }
    }

    /// The buttons of the toolbars in the view type around the row when the row's `List` has a selection
    /// (`List(selection:)`): in edit mode they act on the selected rows. Empty for a list without a selection.
    private func selectionToolbarButtons(for row: SwiftUIView, in file: SwiftUIFile) -> [ActionButton] {
        guard case .row(let list) = file.rowPlacement(of: row), list.hasArgument("selection") else { return [] }
        let scope = file.enclosingType(of: row.root).map { $0.parts.map(Syntax.init) } ?? [Syntax(file.tree)]
        var buttons: [ActionButton] = []
        for part in scope {
            for token in part.tokens(viewMode: .sourceAccurate) where token.text == "toolbar" {
                guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.id == token.id,
                      let owner = file.view(modifiedBy: member), let call = owner.modifier(at: member)?.call,
                      let closure = call.trailingClosure ?? call.closure("content")
                else { continue }
                buttons += file.actionButtons(in: closure).buttons
            }
        }
        return buttons
    }

    /// The controls of the row's context menus, or `nil` when some of them cannot be seen.
    private func alternatives(for row: SwiftUIView, in file: SwiftUIFile) -> [ActionButton]? {
        // A `ViewModifier`'s `content`, or the content a wrapper view is given (`let content: () -> Content`), is a row
        // built where the modifier or wrapper is used, beside whatever menu is there.
        if isContentPassedIn(row, in: file) { return nil }
        // A module modifier that attaches a context menu (`.modifier(RowMenu(…))`) holds items out of sight.
        if row.modifiers(named: "modifier").contains(where: { attachesContextMenu($0, in: file) }) { return nil }
        var menus = row.modifiers(named: "contextMenu")
        // A link or button row shows its label: a menu on the label is the row's (`NavigationLink { Row().contextMenu
        // { … } }`, the swipe on the link).
        if ["NavigationLink", "Button"].contains(row.name) {
            menus += row.childViews(roles: [.label, .content]).flatMap { $0.modifiers(named: "contextMenu") }
        }
        var bodyRoots: [SwiftUIView] = []
        if row.isTypeCall, let body = file.types[row.writtenName]?.properties["body"]?.body {
            bodyRoots = ViewBuilderContent.views(in: body)
            menus += bodyRoots.flatMap { $0.modifiers(named: "contextMenu") }
        }
        // A row a helper of the file builds (`articleRow(article)`): the menu at the root of what it returns.
        if !row.isTypeCall { menus += file.helperViews(for: row).flatMap { $0.modifiers(named: "contextMenu") } }
        if case .row(let list) = file.rowPlacement(of: row) {
            menus += list.modifiers(named: "contextMenu").filter { $0.hasArgument("forSelectionType") }
        }
        var buttons: [ActionButton] = []
        for menu in menus {
            // `.contextMenu(ContextMenu { … })`, `.contextMenu(ContextMenu(menuItems: { … }))`: the form before iOS 14.
            let wrapped = menu.firstArgument?.as(FunctionCallExprSyntax.self).flatMap { call in
                call.calledExpression.trimmedSource == "ContextMenu" ? call.closure("menuItems") ?? call.trailingClosure : nil
            }
            guard let closure = menu.call?.closure("menuItems") ?? menu.call?.trailingClosure ?? wrapped else { return nil }
            let found = file.actionButtons(in: closure)
            guard found.isComplete else { return nil }
            buttons += found.buttons
        }
        // A menu on a part of the row (its main content, beside badges it lists) is the row's too: a long press
        // there offers it. Only menus whose items can all be seen count; one that cannot says nothing either way.
        for part in ([row] + bodyRoots).flatMap(partsOfRow) {
            for menu in part.modifiers(named: "contextMenu") {
                guard let closure = menu.call?.closure("menuItems") ?? menu.call?.trailingClosure else { continue }
                let found = file.actionButtons(in: closure)
                if found.isComplete { buttons += found.buttons }
            }
        }
        return buttons
    }

    /// The views the row shows inside it, through stacks and other content, not into a `ForEach` (what it repeats
    /// are parts with menus of their own) or the content of a control's label, already counted for a link row.
    private func partsOfRow(_ row: SwiftUIView) -> [SwiftUIView] {
        var parts: [SwiftUIView] = []
        var stack = row.name == "ForEach" ? [] : row.childViews(roles: [.content])
        while let view = stack.popLast(), parts.count < 200 {
            parts.append(view)
            if view.name != "ForEach" { stack += view.childViews(roles: [.content]) }
        }
        return parts
    }

    private func isContentPassedIn(_ row: SwiftUIView, in file: SwiftUIFile) -> Bool {
        let tokens = row.root.tokens(viewMode: .sourceAccurate).prefix(3).map(\.text)
        guard tokens.first == "content" || tokens.starts(with: ["self", ".", "content"]),
              let type = file.enclosingType(of: row.root) else { return false }
        if type.conforms(to: "ViewModifier") { return true }
        // A stored property: what the wrapper's user passes in, not a view the type builds.
        guard let content = type.properties["content"] else { return false }
        return content.body == nil && content.initializer == nil
    }

    private func attachesContextMenu(_ modifier: Modifier, in file: SwiftUIFile) -> Bool {
        guard let applied = modifier.firstArgument?.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedSource
        else { return false }
        return file.module.contextMenuViews.contains(applied)
            || file.types[applied]?.parts.contains(where: { $0.containsMemberAccess(named: "contextMenu") }) == true
    }
}
