struct Receipt: View {
    var order: Order

    var body: some View {
        VStack {
            Text("Total").font(.system(size: 13))
            Text(order.trackingNumber)
        }
    }
}
