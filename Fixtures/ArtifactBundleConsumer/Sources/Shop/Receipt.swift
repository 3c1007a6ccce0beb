struct Receipt: View {
    var body: some View {
        Text("Total").font(.system(size: 13))
    }
}
