import SwiftUI

/// The lines under an order's total: suppression comments, one that works and two that do not.
struct OrderTotalsView: View {
    let order: Order

    var body: some View {
        VStack(alignment: .trailing) {
            // Compliant: the comment names the rule by its id and silences the finding on the next line.
            // higlint:disable:next fixed-font-size - sized to match the printed receipt
            Text("Totals include delivery").font(.system(size: 13))
            // invalid-suppression: SwiftLint's snake_case is no HIGLint id, so the fixed size below is still reported.
            // higlint:disable:next fixed_font_size
            Text("Delivery is free over 50 EUR").font(.system(size: 12))
            // unused-suppression: this text already uses a text style, so the comment silences nothing.
            // higlint:disable:next fixed-font-size
            Text(order.deliveryNote).font(.footnote)
        }
    }
}
