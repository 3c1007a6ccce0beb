import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// Video shown through an `AVPlayerLayer` in a representable or a view subclass.
///
/// Fires where `AVPlayerLayer(…)` is created or `AVPlayerLayer.self` is named (a view's
/// `layerClass`) inside a representable or a class whose superclass is a view, including
/// types nested in them (a `Coordinator`). A layer made in a model object and attached to a
/// view in another file is not seen. An app that declares its own `VideoPlayer` type, in any
/// linted file, has built its player on purpose (custom engines, controls) and is left alone.
struct CustomVideoPlayer: Rule {
    static let description = RuleDescription(
        id: "custom-video-player",
        name: "Custom video player",
        section: .images,
        summary: "Play video with VideoPlayer or AVPlayerViewController, not a hand-made AVPlayerLayer view.",
        rationale: """
            The system players give people the playback controls they know, with Picture in Picture, \
            AirPlay, subtitles and audio tracks, accessibility and the right behaviour on every \
            platform. A view that draws an `AVPlayerLayer` itself has none of them until each is \
            rebuilt. Use SwiftUI's `VideoPlayer`, or `AVPlayerViewController` where you need more.
            """,
        triggeringExamples: [
            """
            final class PlayerUIView: UIView {
                override class var layerClass: AnyClass { ↓AVPlayerLayer.self }
            }
            """,
            """
            struct ClipPlayer: UIViewRepresentable {
                let player: AVPlayer
                func makeUIView(context: Context) -> UIView {
                    let view = UIView()
                    let layer = ↓AVPlayerLayer(player: player)
                    view.layer.addSublayer(layer)
                    return view
                }
                func updateUIView(_ view: UIView, context: Context) {}
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            struct ClipView: View {
                let player: AVPlayer
                var body: some View {
                    VideoPlayer(player: player)
                        .aspectRatio(16 / 9, contentMode: .fit)
                }
            }
            """,
            """
            final class PlaybackEngine {
                let layer = AVPlayerLayer(player: AVPlayer())
            }
            """,
            """
            struct VideoPlayer: UIViewRepresentable {
                func makeUIView(context: Context) -> PlayerView { PlayerView() }
                func updateUIView(_ view: PlayerView, context: Context) {}
            }
            final class PlayerView: UIView {
                override class var layerClass: AnyClass { AVPlayerLayer.self }
            }
            """,
        ])

    static let message = "This view shows video through its own AVPlayerLayer; use `VideoPlayer` or `AVPlayerViewController` for the system playback controls."

    static let visitedKinds: Set<SyntaxKind> = [.declReferenceExpr]
    static let visitedNames: Set<String>? = ["AVPlayerLayer"]

    static let moduleSymbols: Set<String> = ["VideoPlayer"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let reference = node.as(DeclReferenceExprSyntax.self), reference.baseName.text == "AVPlayerLayer",
              reference.isCreationOrMetatype, context.applies(at: reference),
              !context.module.declaresType("VideoPlayer"), !context.file.declaresType("AVPlayerLayer"),
              context.file.enclosingTypes(of: reference).contains(where: { $0.isRepresentable || $0.isViewSubclass })
        else { return }
        context.report(at: reference, message: Self.message)
    }
}

private extension DeclReferenceExprSyntax {
    /// `AVPlayerLayer(…)`, `AVPlayerLayer.init(…)` or `AVPlayerLayer.self`.
    var isCreationOrMetatype: Bool {
        if let call = parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == id { return true }
        if let member = parent?.as(MemberAccessExprSyntax.self), member.base?.id == id {
            return ["self", "init"].contains(member.declName.baseName.text)
        }
        return false
    }
}
