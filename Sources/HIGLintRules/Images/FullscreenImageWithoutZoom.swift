import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// An image presented full screen that people cannot zoom.
///
/// The presented content is read through `NavigationStack`/`NavigationView`, `ZStack`,
/// `Group`, `GeometryReader` and `ScrollView` (a SwiftUI `ScrollView` does not zoom), and
/// through a view type declared in the same file. Zoom is recognised by name, anywhere in
/// that content or type: `MagnifyGesture`/`MagnificationGesture`, an identifier containing
/// "zoom" or "magnif" (`ZoomableScrollView`, `.zoomable()`, `magnification`), or a
/// `.scaleEffect` driven by a value rather than a number literal. An image next to other
/// content in a `VStack` or a paging `TabView` is not judged.
struct FullscreenImageWithoutZoom: Rule {
    static let description = RuleDescription(
        id: "fullscreen-image-without-zoom",
        name: "Full-screen image without zoom",
        section: .images,
        defaultSeverity: .note,
        summary: "An image shown full screen should let people zoom in with a pinch.",
        rationale: """
            When people open an image full screen, they expect to look closer: pinching to zoom is \
            the standard interaction for photos and detailed artwork. A full-screen image that does \
            not respond to a pinch feels broken. Add a `MagnifyGesture` driving `.scaleEffect`, or \
            host the image in a zooming scroll view.
            """,
        triggeringExamples: [
            """
            ProductGallery(product: product)
                .fullScreenCover(item: $selectedPhoto) { photo in
                    ↓Image(photo.assetName)
                        .resizable()
                        .scaledToFit()
                }
            """,
            """
            struct PhotoViewer: View {
                let photo: Photo
                var body: some View {
                    NavigationStack {
                        ZStack {
                            Color.black.ignoresSafeArea()
                            ↓Image(uiImage: photo.image).resizable().scaledToFit()
                        }
                        .toolbar { Button("Done") { dismiss() } }
                    }
                }
            }

            struct Gallery: View {
                @State private var selected: Photo?
                var body: some View {
                    PhotoGrid(selection: $selected)
                        .fullScreenCover(item: $selected) { PhotoViewer(photo: $0) }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            ProductGallery(product: product)
                .fullScreenCover(item: $selectedPhoto) { photo in
                    Image(photo.assetName)
                        .resizable()
                        .scaledToFit()
                        .scaleEffect(zoom)
                        .gesture(MagnifyGesture().onChanged { zoom = $0.magnification })
                }
            """,
            """
            content.fullScreenCover(isPresented: $showsPhoto) {
                ZoomableScrollView {
                    Image("storefront").resizable().scaledToFit()
                }
            }
            """,
            """
            content.fullScreenCover(isPresented: $showsOnboarding) {
                VStack {
                    Image("welcome")
                    Text("Welcome to the shop")
                    Button("Start") { showsOnboarding = false }
                }
            }
            """,
            """
            content.sheet(isPresented: $showsPhoto) {
                Image("storefront").resizable().scaledToFit()
            }
            """,
        ])

    static let message = "This full-screen image cannot be zoomed; add a `MagnifyGesture` with `.scaleEffect`, or a zooming scroll view."
    /// Containers that present their content as the screen itself.
    static let presentingContainers: Set<String> = ["NavigationStack", "NavigationView", "ZStack", "Group", "GeometryReader", "ScrollView"]

    static let visitedKinds: Set<SyntaxKind> = [.memberAccessExpr]
    static let visitedNames: Set<String>? = ["fullScreenCover"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let member = node.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "fullScreenCover",
              let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id,
              let content = call.passedClosures.first(where: { $0.label == nil || $0.label == "content" })?.closure,
              context.applies(at: member), !context.file.declaresFunction("fullScreenCover")
        else { return }
        var scopes: [Syntax] = [Syntax(content)]
        var images: [SwiftUIView] = []
        collectImages(in: ViewBuilderContent.views(in: content.statements), file: context.file, scopes: &scopes, into: &images)
        guard !images.isEmpty, !scopes.contains(where: \.allowsZoom) else { return }
        for image in images where !Syntax(image.chainEnd).allowsZoom {
            context.report(at: image.nameToken, message: Self.message)
        }
    }

    /// The images that are the presented screen, looking through presenting containers and same-file view types.
    private func collectImages(in views: [SwiftUIView], file: SwiftUIFile, scopes: inout [Syntax], into images: inout [SwiftUIView],
                               depth: Int = 0) {
        guard depth < 6 else { return }
        for view in views {
            if view.isImage {
                images.append(view)
            } else if Self.presentingContainers.contains(view.name) {
                collectImages(in: view.childViews(roles: [.content]), file: file, scopes: &scopes, into: &images, depth: depth + 1)
            } else if view.isTypeCall, let type = file.types[view.writtenName], type.isView,
                      let body = file.property("body", in: type)?.body {
                scopes.append(Syntax(type.declaration))
                collectImages(in: ViewBuilderContent.views(in: body), file: file, scopes: &scopes, into: &images, depth: depth + 1)
            }
        }
    }
}

private extension Syntax {
    /// A magnify gesture, something named for zooming, or a `.scaleEffect` driven by a value.
    var allowsZoom: Bool {
        if containsIdentifier(where: { name in
            name == "MagnifyGesture" || name == "MagnificationGesture"
                || name.lowercased().contains("zoom") || name.lowercased().contains("magnif")
        }) { return true }
        return containsDrivenScaleEffect
    }

    /// `.scaleEffect(value)` rather than `.scaleEffect(1.2)`.
    var containsDrivenScaleEffect: Bool {
        tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "scaleEffect", let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                  let call = member.parent?.as(FunctionCallExprSyntax.self),
                  let first = call.arguments.first?.expression else { return false }
            return first.numberLiteral == nil
        }
    }
}
