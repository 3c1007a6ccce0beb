import HIGLintSwiftUI
import SwiftParser
import SwiftSyntax
import Testing

@Suite("SwiftUI model")
struct SwiftUIModelTests {
    @Test("a multi-line chain is one view with its modifiers in order")
    func multiLineChain() throws {
        let (file, tree) = model("""
            Image(systemName: "star")
                .resizable()
                .frame(width: 20)
                .accessibilityLabel("Favorite")
            """)
        let viewCall = try #require(firstCall(named: "Image", in: tree))
        let view = try #require(file.view(at: viewCall))
        #expect(view.name == "Image")
        #expect(view.modifiers.map(\.name) == ["resizable", "frame", "accessibilityLabel"])
        #expect(view.modifier(named: "frame")?.argument("width")?.expression.trimmedDescription == "20")
        #expect(view.hasAccessibilityLabel)
    }

    @Test("modifiers in a postfix #if belong to the chain, under their condition")
    func postfixIfModifiers() throws {
        let (file, tree) = model("""
            OrderRow(order: order)
                .padding()
                #if os(iOS)
                .swipeActions { Button("Archive") { archive() } }
                #endif
                .contextMenu { Button("Archive") { archive() } }
            """)
        let viewCall = try #require(firstCall(named: "OrderRow", in: tree))
        let view = try #require(file.view(at: viewCall))
        #expect(view.modifiers.map(\.name) == ["padding", "swipeActions", "contextMenu"])
        let swipe = try #require(view.modifier(named: "swipeActions"))
        #expect(swipe.condition != nil)
        #expect(swipe.platforms == .iOS)
        #expect(view.modifier(named: "contextMenu")?.condition == nil)
        // The base-less member in the #if finds its way back to the row.
        #expect(file.view(modifiedBy: swipe.memberAccess)?.name == "OrderRow")
    }

    @Test("content keeps the role of the closure it sits in")
    func closureRoles() throws {
        let (file, tree) = model("""
            Button {
                delete()
            } label: {
                Image(systemName: "trash")
            }
            .contextMenu { Text("Menu item") }
            """)
        let image = try #require(firstCall(named: "Image", in: tree))
        let enclosures = file.enclosingViews(of: image)
        #expect(enclosures.first?.view.name == "Button")
        #expect(enclosures.first?.role == .label)

        let text = try #require(firstCall(named: "Text", in: tree))
        let menu = try #require(file.enclosingViews(of: text).first)
        #expect(menu.role == .modifier("contextMenu"))
        #expect(menu.view.name == "Button")
    }

    @Test("Button(action:) puts its trailing closure in the label role")
    func buttonWithActionArgument() throws {
        let (file, tree) = model(#"Button(action: save) { Image("disk") }"#)
        let buttonCall = try #require(firstCall(named: "Button", in: tree))
        let button = try #require(file.view(at: buttonCall))
        #expect(button.controlLabelViews.map(\.name) == ["Image"])
        #expect(button.isImageOnly)
    }

    @Test("children are found through if, switch, ternaries, Group and ForEach")
    func viewBuilderChildren() throws {
        let (file, tree) = model("""
            VStack {
                if isLoading { ProgressView() } else { Text("Done") }
                switch state {
                case .empty: EmptyView()
                default: Label("x", systemImage: "y")
                }
                flag ? Text("a") : Text("b")
                Group { ForEach(items) { item in Row(item: item) } }
            }
            """)
        let stackCall = try #require(firstCall(named: "VStack", in: tree))
        let stack = try #require(file.view(at: stackCall))
        #expect(stack.childViews().map(\.name) == ["ProgressView", "Text", "EmptyView", "Label", "Text", "Text", "Group"])
        #expect(stack.descendantViews().map(\.name).contains("Row"))
    }

    @Test("platforms come from the #if conditions around code")
    func platformsFromConditions() throws {
        let (_, tree) = model("""
            #if os(macOS)
            let a = Text("mac")
            #elseif os(iOS) || os(visionOS)
            let b = Text("touch")
            #else
            let c = Text("other")
            #endif
            #if !os(tvOS) && canImport(UIKit)
            let d = Text("uikit")
            #endif
            """)
        #expect(try #require(firstCall(named: "Text", in: tree)).platforms == .macOS)
        let texts = tree.tokens(viewMode: .sourceAccurate).filter { $0.text == "Text" }
        #expect(texts[1].platforms == [.iOS, .visionOS])
        #expect(texts[2].platforms == [.tvOS, .watchOS])
        #expect(texts[3].platforms == [.iOS, .visionOS, .watchOS])
    }

    @Test("helpers resolve to the views they build, and their uses to the views there")
    func helpers() throws {
        let (file, tree) = model("""
            struct Card: View {
                var body: some View {
                    VStack { hero.accessibilityHidden(true); makeTitle() }
                }
                private var hero: some View { Image("hero") }
                private func makeTitle() -> some View { Text("Title") }
            }
            """)
        let stackCall = try #require(firstCall(named: "VStack", in: tree))
        let stack = try #require(file.view(at: stackCall))
        let children = stack.childViews()
        #expect(children.map(\.writtenName) == ["hero", "makeTitle"])
        #expect(file.helperViews(for: children[0]).map(\.name) == ["Image"])
        #expect(file.helperViews(for: children[1]).map(\.name) == ["Text"])
        #expect(children[0].isAccessibilityHidden)
        let image = try #require(firstCall(named: "Image", in: tree))
        #expect(file.declarationContext(of: image)?.name == "hero")
        #expect(file.references(to: "hero").count == 1)
    }

    @Test("types know their conformances, including those added by extensions")
    func typeConformances() {
        let (file, _) = model("""
            struct Gallery: View { @State private var columns = 3; var body: some View { EmptyView() } }
            extension Gallery: Equatable {}
            """)
        #expect(file.types["Gallery"]?.inheritedTypes == ["View", "Equatable"])
        #expect(file.types["Gallery"]?.properties["columns"]?.hasAttribute("State") == true)
        #expect(file.types["Gallery"]?.isView == true)
    }

    @Test("camelCase words split acronyms and digits")
    func camelCase() {
        #expect(camelCaseWords("orderID") == ["order", "ID"])
        #expect(camelCaseWords("URLString") == ["URL", "String"])
        #expect(camelCaseWords("shipping_address") == ["shipping", "address"])
        #expect(identifier("customerEmail", endsWithWordsOf: "email"))
        #expect(identifier("orderId", endsWithWordsOf: "orderID"))
        #expect(!identifier("emailVerified", endsWithWordsOf: "email"))
    }
}
