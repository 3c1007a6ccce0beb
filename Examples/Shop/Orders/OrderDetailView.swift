import SwiftUI

struct OrderDetailView: View {
    let order: Order
    @State private var deliveryNote = ""
    @State private var giftMessage = ""
    @State private var recipientName = ""

    var body: some View {
        Form {
            Section("Order") {
                LabeledContent("Status", value: order.status)
                // copyable-text-not-selectable: people copy tracking numbers into a carrier's app.
                Text(order.trackingNumber)
                    .font(.body.monospaced())
                // Compliant: the order number can be selected and copied.
                Text("Order \(order.orderNumber)")
                    .textSelection(.enabled)
            }

            Section("Delivery") {
                // Compliant: a name is short.
                TextField("Recipient", text: $recipientName)
                // single-line-field-for-long-text: a delivery note is long text.
                TextField("Delivery note", text: $deliveryNote)
                // Compliant: grows vertically.
                TextField("Gift message", text: $giftMessage, axis: .vertical)
                    .lineLimit(3...6)
            }

            Section {
                // Compliant: a text style scales with Dynamic Type.
                Text(order.total, format: .currency(code: "EUR"))
                    .font(.title2.weight(.semibold))
                // fixed-font-size: 13 points never grows for people who need larger text.
                Text("Prices include VAT")
                    .font(.system(size: 13))
                    .foregroundStyle(.secondary)
                // Compliant: a two-letter badge is sized on purpose.
                Text("EU")
                    .font(.system(size: 9, weight: .bold))
            }
        }
        .navigationTitle("Order \(order.orderNumber)")
        .toolbar {
            // icon-only-control-without-label: VoiceOver reads "square.and.arrow.up" or nothing.
            ToolbarItem {
                Button {
                    share(order)
                } label: {
                    Image(systemName: "square.and.arrow.up")
                }
            }
            // Compliant: the title stays for VoiceOver.
            ToolbarItem {
                Button(action: reorder) {
                    Label("Reorder", systemImage: "arrow.uturn.backward")
                }
                .labelStyle(.iconOnly)
            }
        }
    }

    private func share(_ order: Order) {}
    private func reorder() {}
}
