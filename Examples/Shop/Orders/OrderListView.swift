import SwiftUI

/// The order history: each lists rule fires here at least once, next to the compliant way.
struct OrderListView: View {
    @Environment(OrderStore.self) private var store
    @Environment(\.undoManager) private var undoManager
    @State private var selectedOrderIDs: Set<Order.ID> = []
    @State private var orderToCancel: Order?

    var body: some View {
        List(selection: $selectedOrderIDs) {
            Section("Open") {
                ForEach(store.openOrders) { order in
                    OrderRow(order: order)
                        // Compliant: archive is also in the context menu, full swipe can be undone.
                        .swipeActions(edge: .trailing) {
                            Button("Archive", systemImage: "archivebox") { archive(order) }
                                .tint(.indigo)
                        }
                        // Fires unconfirmed-full-swipe, destructive-swipe-without-role and
                        // swipe-action-without-alternative: a red "Delete" with no role, no undo, no menu item.
                        .swipeActions(edge: .leading) {
                            Button("Delete", systemImage: "trash") { store.delete(order) }
                                .tint(.red)
                        }
                        .contextMenu {
                            Button("Archive", systemImage: "archivebox") { archive(order) }
                            ShareLink(item: order.receiptURL)
                        }
                }
            }
            Section("Shipped") {
                ForEach(store.shippedOrders) { order in
                    OrderRow(order: order)
                        // Compliant: it asks first, so no destructive role and a full swipe is safe.
                        .swipeActions {
                            Button("Cancel Order", systemImage: "xmark.bin") { orderToCancel = order }
                                .tint(.red)
                        }
                        .contextMenu {
                            Button("Cancel Order", systemImage: "xmark.bin") { orderToCancel = order }
                        }
                }
                .onDelete(perform: deleteShipped)
            }
        }
        .refreshable { await store.reload() }
        .toolbar {
            #if os(macOS)
            // Compliant: no pull to refresh on the Mac.
            Button("Refresh", systemImage: "arrow.clockwise") { Task { await store.reload() } }
            #else
            // Fires refreshable-with-refresh-button.
            ToolbarItem(placement: .primaryAction) {
                Button { Task { await store.reload() } } label: { Image(systemName: "arrow.clockwise") }
                    .accessibilityLabel("Reload")
            }
            #endif
        }
        .confirmationDialog("Cancel this order?", isPresented: Binding(
            get: { orderToCancel != nil },
            set: { if !$0 { orderToCancel = nil } }
        )) {
            Button("Cancel Order", role: .destructive) { if let orderToCancel { store.cancel(orderToCancel) } }
        }
        .navigationTitle("Orders")
    }

    private func archive(_ order: Order) {
        store.archive(order)
        undoManager?.registerUndo(withTarget: store) { $0.unarchive(order) }
    }

    private func deleteShipped(at offsets: IndexSet) {
        store.deleteShipped(at: offsets)
    }
}

/// A row used only in the list above, so its swipe actions are row swipe actions.
struct OrderRow: View {
    let order: Order

    var body: some View {
        HStack {
            Image(systemName: order.status.symbol)
            VStack(alignment: .leading) {
                Text(order.title)
                Text(order.date, style: .date).font(.caption).foregroundStyle(.secondary)
            }
            Spacer()
            Text(order.total, format: .currency(code: order.currency))
        }
    }
}

/// The same orders as cards: swipe actions do nothing outside a List.
struct OrderCardsView: View {
    @Environment(OrderStore.self) private var store

    var body: some View {
        ScrollView {
            LazyVStack(spacing: 12) {
                ForEach(store.openOrders) { order in
                    OrderCard(order: order)
                        // Fires swipe-actions-outside-list.
                        .swipeActions {
                            Button("Archive", systemImage: "archivebox") { store.archive(order) }
                        }
                        .contextMenu {
                            Button("Archive", systemImage: "archivebox") { store.archive(order) }
                        }
                }
            }
        }
    }
}
