import HIGLintSwiftUI
import SwiftParser
import SwiftSyntax
import Testing

@Suite("Row placement")
struct RowPlacementTests {
    @Test("a view in a ForEach inside a Section of a List is a row")
    func rowThroughForEachAndSection() {
        let (file, row) = view(modifiedBy: "swipeActions", in: """
            List { Section { ForEach(items) { item in Text(item.name).swipeActions { } } } }
            """)
        guard case .row(let list) = file.rowPlacement(of: row) else { Issue.record("not a row"); return }
        #expect(list.name == "List")
    }

    @Test("a view in a LazyVStack inside a ScrollView is not a row")
    func notRowInScrollView() {
        let (file, row) = view(modifiedBy: "swipeActions", in: """
            ScrollView { LazyVStack { ForEach(items) { item in Text(item.name).swipeActions { } } } }
            """)
        guard case .notRow(let holder) = file.rowPlacement(of: row) else { Issue.record("expected not a row"); return }
        #expect(holder.name == "LazyVStack")
    }

    @Test("a view type's body is a row when the type is used as a row in the same file")
    func viewTypeUsedAsRow() {
        let (file, row) = view(modifiedBy: "swipeActions", in: """
            struct Orders: View { var body: some View { List(orders) { OrderRow(order: $0) } } }
            struct OrderRow: View { var body: some View { Text(order.title).swipeActions { } } }
            """)
        #expect(file.rowPlacement(of: row).isRow)
    }

    @Test("a view type used only from other files is unknown")
    func viewTypeUsedElsewhere() {
        let (file, row) = view(modifiedBy: "swipeActions", in: """
            struct OrderRow: View { var body: some View { Text(order.title).swipeActions { } } }
            """)
        guard case .unknown = file.rowPlacement(of: row) else { Issue.record("expected unknown"); return }
    }

    @Test("a helper property is judged where it is used, including behind a postfix #if")
    func helperUsedInList() {
        let (file, row) = view(modifiedBy: "swipeActions", in: """
            struct Orders: View {
                var body: some View { List { row } }
                private var row: some View {
                    Text("x")
                    #if os(iOS)
                    .swipeActions { }
                    #endif
                }
            }
            """)
        #expect(file.rowPlacement(of: row).isRow)
    }

    @Test("a grid cell is a row of the grid kind")
    func gridCell() {
        let (file, cell) = view(modifiedBy: "contextMenu", in: """
            LazyVGrid(columns: columns) { ForEach(photos) { Image($0.name).contextMenu { } } }
            """)
        #expect(file.rowPlacement(of: cell, in: .grid).isRow)
        #expect(file.rowPlacement(of: cell).isNotRow)
    }
}

@Suite("State flow")
struct StateFlowTests {
    @Test("assignments and mutating calls are written state")
    func writtenState() {
        let tree = Parser.parse(source: "let f = { isConfirming = true; self.pending = order; model.selection.insert(id); flag.toggle() }")
        #expect(tree.writtenState == ["isConfirming", "pending", "selection", "flag"])
        #expect(tree.writtenStateRoots == ["isConfirming", "pending", "model", "flag"])
    }

    @Test("an edit of a @State copy that Cancel discards and Save hands on is a draft; a binding's or a self-saving model's is not")
    func discardableDraft() {
        func edits(_ property: String, save: String) -> Bool {
            let source = """
                struct Editor: View {
                    \(property)
                    var body: some View {
                        List { Button("Delete") { draft.steps.remove(at: 0) } }
                            .toolbar {
                                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                                Button("Save") { \(save) }
                            }
                    }
                    func commit() { onSave(draft) }
                }
                """
            let file = SwiftUIFile(tree: Parser.parse(source: source))
            let closure = file.tree.tokens(viewMode: .sourceAccurate).first { $0.text == "remove" }!.ancestorClosure!
            return file.editsDiscardableDraft(closure)
        }
        #expect(edits("@State private var draft: Routine", save: "onSave(draft)"))
        #expect(edits("@State private var draft: Routine", save: "commit()"))
        #expect(!edits("@State private var draft: Routine", save: "draft.save()"))
        #expect(!edits("@Binding var draft: Routine", save: "onSave(draft)"))
        #expect(!edits("@ObservedObject var draft: Routine", save: "onSave(draft)"))
    }

    @Test("state written through a same-type function drives a confirmation dialog")
    func confirmationThroughFunction() {
        let source = """
            struct Orders: View {
                @State private var isConfirming = false
                var body: some View {
                    List { Button("Delete") { askToDelete() } }
                        .confirmationDialog("Delete?", isPresented: $isConfirming) { }
                }
                func askToDelete() { isConfirming = true }
            }
            """
        let file = SwiftUIFile(tree: Parser.parse(source: source))
        let closure = file.tree.tokens(viewMode: .sourceAccurate).first { $0.text == "askToDelete" }!
            .ancestorClosure!
        #expect(file.stateWritten(by: closure) == ["isConfirming"])
        #expect(file.presentations(drivenBy: ["isConfirming"]).map(\.name) == ["confirmationDialog"])
        #expect(file.asksForConfirmation(closure))
    }

    @Test("a plain delete does not ask first; undo registration is seen")
    func plainDelete() {
        let file = SwiftUIFile(tree: Parser.parse(source: "let f = { store.delete(order); undoManager?.registerUndo(withTarget: store) { _ in } }"))
        let closure = file.tree.tokens(viewMode: .sourceAccurate).first { $0.text == "store" }!.ancestorClosure!
        #expect(!file.asksForConfirmation(closure))
        #expect(file.registersUndo(closure))
    }
}

@Suite("Action buttons")
struct ActionButtonTests {
    @Test("buttons of a swipe closure and a helper-built context menu, with titles, symbols and calls")
    func buttonsAndTitles() {
        let (file, row) = view(modifiedBy: "swipeActions", in: """
            struct Orders: View {
                var body: some View {
                    Text("x")
                        .swipeActions { Button(role: .destructive) { remove(order) } label: { Label("Delete", systemImage: "trash") } }
                        .contextMenu { menu }
                }
                @ViewBuilder var menu: some View { Button("Remove Order") { remove(order) } }
            }
            """)
        let swipe = file.actionButtons(in: row.modifier(named: "swipeActions")!.call!.trailingClosure!)
        let menu = file.actionButtons(in: row.modifier(named: "contextMenu")!.call!.trailingClosure!)
        #expect(swipe.isComplete && menu.isComplete)
        let delete = swipe.buttons[0]
        #expect(delete.titles == ["Delete"] && delete.symbols == ["trash"] && delete.isDestructiveRole)
        #expect(delete.matches(menu.buttons[0]))
    }

    @Test("a context menu built by a custom view cannot be read")
    func customMenuIsIncomplete() {
        let (file, row) = view(modifiedBy: "contextMenu", in: "Text(\"x\").contextMenu { StatusMenu(status: status) }")
        #expect(!file.actionButtons(in: row.modifier(named: "contextMenu")!.call!.trailingClosure!).isComplete)
    }
}

private extension TokenSyntax {
    var ancestorClosure: ClosureExprSyntax? {
        var node = parent
        while let current = node {
            if let closure = current.as(ClosureExprSyntax.self) { return closure }
            node = current.parent
        }
        return nil
    }
}

@Suite("Presentations")
struct PresentationTests {
    @Test("an alert presented through a hand-made binding is driven by the state it reads")
    func handMadeBinding() {
        let file = SwiftUIFile(tree: Parser.parse(source: """
            List { }.alert("Cancel?", isPresented: Binding(get: { itemToCancel != nil }, set: { _ in })) { }
            """))
        #expect(file.presentations(drivenBy: ["itemToCancel"]).count == 1)
        #expect(file.presentations(drivenBy: ["other"]).isEmpty)
    }
}
