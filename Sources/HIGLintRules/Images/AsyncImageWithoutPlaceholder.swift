import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// An `AsyncImage` that shows nothing while loading, or whose loading and loaded states have no size.
///
/// Size is looked for on the `AsyncImage` itself, inside its placeholder (or its phase closure), in a function or
/// modifier of the same file that closure calls, or on a wrapper that holds only the image
/// (`Group { AsyncImage … }.frame(…)`); a frame set further up or by a modifier of another file is not seen. A
/// phase handed on to a closure the view was given (`content(phase)`, a caching wrapper) is sized by its callers,
/// and left alone.
struct AsyncImageWithoutPlaceholder: Rule {
    static let description = RuleDescription(
        id: "async-image-without-placeholder",
        name: "AsyncImage without placeholder",
        section: .images,
        summary: "AsyncImage needs a placeholder with the final size so layout does not jump when the image arrives.",
        rationale: """
            While an `AsyncImage` loads, it shows its placeholder. With no placeholder people see an empty \
            gap, and with no size the layout jumps when the image arrives. Give it a placeholder and a \
            `.frame` or `.aspectRatio` that holds the image's final shape (on the image, inside the \
            placeholder, or on a wrapper that holds only the image).
            """,
        triggeringExamples: [
            #"↓AsyncImage(url: product.imageURL)"#,
            """
            ↓AsyncImage(url: product.imageURL) { image in
                image.resizable()
            } placeholder: {
                ProgressView()
            }
            """,
        ],
        nonTriggeringExamples: [
            // The placeholder goes through the file's own style, which gives it a frame.
            """
            struct EntryIcon: View {
                let url: URL
                var body: some View {
                    AsyncImage(url: url) { image in
                        image.resizable().entryImageStyle()
                    } placeholder: {
                        Image(systemName: "app.dashed").resizable().entryImageStyle()
                    }
                }
            }
            private extension View {
                func entryImageStyle() -> some View { scaledToFit().frame(width: 44, height: 44) }
            }
            """,
            // A caching wrapper: its callers say how each phase looks.
            """
            struct CachedImage<Content: View>: View {
                let url: URL
                let content: (AsyncImagePhase) -> Content
                var body: some View {
                    AsyncImage(url: url) { phase in content(phase) }
                }
            }
            """,
            """
            Group {
                AsyncImage(url: profile.avatarURL) { phase in
                    if let image = phase.image { image.resizable() } else { Color.gray }
                }
            }
            .frame(width: 70, height: 70)
            """,
            """
            AsyncImage(url: product.imageURL) { image in
                image.resizable().scaledToFill()
            } placeholder: {
                Color.secondary.opacity(0.2)
            }
            .frame(width: 120, height: 120)
            """,
            """
            AsyncImage(url: product.imageURL) { phase in
                switch phase {
                case .success(let image): image.resizable().aspectRatio(contentMode: .fit)
                default: Rectangle().fill(.quaternary).aspectRatio(1, contentMode: .fit)
                }
            }
            """,
            """
            AsyncImage(url: avatarURL) { image in
                image.resizable()
            } placeholder: {
                Circle().fill(.gray).frame(width: 40, height: 40)
            }
            """,
        ])

    static let missingPlaceholder = "This AsyncImage shows nothing while it loads; add a `placeholder:` with the image's final size."
    static let missingSize = "This AsyncImage and its placeholder have no size, so layout jumps when the image arrives; add a `.frame` or `.aspectRatio`."
    static let sizingModifiers: Set<String> = ["frame", "aspectRatio", "scaledToFit", "scaledToFill", "containerRelativeFrame"]

    /// A closure that calls a function or modifier of this file whose body sizes what it is given.
    private func sizesThroughHelper(_ closure: ClosureExprSyntax, in file: SwiftUIFile) -> Bool {
        closure.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind, token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen,
                  file.declaresFunction(name) else { return false }
            return file.types.values.flatMap { $0.functions[name] ?? [] }.compactMap(\.body).contains { body in
                Self.sizingModifiers.contains { body.containsMemberAccess(named: $0) }
            }
        }
    }

    /// A phase closure whose only statement calls a closure property of the view (`content(phase)`).
    private func passesOnToGivenClosure(_ closure: ClosureExprSyntax, in file: SwiftUIFile) -> Bool {
        guard closure.statements.count == 1,
              let call = closure.statements.first?.item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
                ?? closure.statements.first?.item.as(FunctionCallExprSyntax.self),
              let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return false }
        return file.enclosingType(of: closure)?.isGivenClosure(name) == true
    }

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["AsyncImage"]

    /// `Group { AsyncImage(…) { … } }.frame(width: 70, height: 70)`: a wrapper that holds only the image and is
    /// sized sizes the placeholder and the image alike.
    private func isSizedByWrapper(_ call: FunctionCallExprSyntax, in file: SwiftUIFile) -> Bool {
        for enclosure in file.enclosingViews(of: call) {
            guard enclosure.role == .content, enclosure.modifier == nil,
                  enclosure.view.childViews(roles: [.content]).count == 1 else { return false }
            if enclosure.view.modifiers.contains(where: { Self.sizingModifiers.contains($0.name) }) { return true }
        }
        return false
    }

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let view = context.file.view(at: call),
              view.name == "AsyncImage", view.isTypeCall, !context.file.declaresType("AsyncImage"),
              context.applies(at: call)
        else { return }
        let closures = view.closures
        let placeholder = closures.first { $0.label == "placeholder" }
        // With a content closure and no `placeholder:`, the one closure receives the phase.
        let phase = placeholder == nil ? closures.first { $0.label == nil || $0.label == "content" } : nil
        guard let loading = placeholder ?? phase else {
            context.report(at: view.nameToken, message: Self.missingPlaceholder)
            return
        }
        // Sized when the image or a wrapper around it has a size, or the loading state has one, itself or through a
        // helper of the file (`.entryImageStyle()`): a loaded image of its own size still jumps from a bare
        // spinner. A phase handed to a closure the view was given (`content(phase)`) is sized by its callers.
        let sized = view.modifiers.contains { Self.sizingModifiers.contains($0.name) }
            || Self.sizingModifiers.contains { loading.closure.containsMemberAccess(named: $0) }
            || sizesThroughHelper(loading.closure, in: context.file)
            || (phase.map { passesOnToGivenClosure($0.closure, in: context.file) } ?? false)
            || isSizedByWrapper(call, in: context.file)
        if !sized {
            context.report(at: view.nameToken, message: Self.missingSize)
        }
    }
}
