// Lets the fixture compile where SwiftUI does not exist (Linux CI); HIGLint only reads the syntax.
#if canImport(SwiftUI)
import SwiftUI
#else
protocol View { associatedtype Body; var body: Body { get } }
struct Font { static func system(size: Double) -> Font { Font() } }
struct Text: View {
    init(_ text: String) {}
    var body: Int { 0 }
    func font(_ font: Font) -> Text { self }
}
struct VStack<Content>: View {
    init(@ViewBuilder content: () -> Content) {}
    var body: Int { 0 }
}
@resultBuilder enum ViewBuilder { static func buildBlock<each V>(_ views: repeat each V) -> Int { 0 } }
#endif

struct Order { var trackingNumber = "1Z999" }
