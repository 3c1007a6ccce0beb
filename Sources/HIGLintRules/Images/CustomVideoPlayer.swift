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
///
/// Two layers show no video people watch and are left alone (RULES.md): a decorative loop, where the outermost
/// type around the layer (its declaration and extensions in the file) mutes the player (`isMuted = true`,
/// `volume = 0`), loops it (`AVPlayerLooper`, or seeking back on `AVPlayerItemDidPlayToEndTime`) and offers no
/// control (`UIButton`, `UISlider`, `addTarget`, a gesture recognizer); and a layer that only serves picture in
/// picture (`AVPictureInPictureController(playerLayer:)`, `ContentSource(playerLayer:)` in that type) in a file
/// that shows the video with an `AVPlayerViewController`. A player muted or looped in another type or file is not
/// seen, so such a background is still reported.
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
            // A looping clip with its sound on is video people watch.
            """
            final class LoopingClipView: UIView {
                private var looper: AVPlayerLooper?
                override class var layerClass: AnyClass { ↓AVPlayerLayer.self }
                func play(_ item: AVPlayerItem) {
                    let player = AVQueuePlayer()
                    looper = AVPlayerLooper(player: player, templateItem: item)
                    (layer as? AVPlayerLayer)?.player = player
                    player.play()
                }
            }
            """,
            // Picture in picture from the layer that shows the video: no system player shows it.
            """
            final class PlayerView: UIView {
                override class var layerClass: AnyClass { ↓AVPlayerLayer.self }
                lazy var pip = AVPictureInPictureController(playerLayer: layer as! AVPlayerLayer)
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
            // A muted, looping background with no controls: decoration.
            """
            final class LoopingBackgroundView: UIView {
                private var looper: AVPlayerLooper?
                override class var layerClass: AnyClass { AVPlayerLayer.self }
                func play(_ item: AVPlayerItem) {
                    let player = AVQueuePlayer()
                    player.isMuted = true
                    looper = AVPlayerLooper(player: player, templateItem: item)
                    (layer as? AVPlayerLayer)?.player = player
                    player.play()
                }
            }
            """,
            // The layer only serves picture in picture; an `AVPlayerViewController` shows the video.
            """
            struct Player: UIViewControllerRepresentable {
                let player: AVPlayer
                func makeUIViewController(context: Context) -> AVPlayerViewController {
                    let controller = AVPlayerViewController()
                    controller.player = player
                    return controller
                }
                func updateUIViewController(_ controller: AVPlayerViewController, context: Context) {}
            }
            final class PictureInPictureSource: UIView {
                override class var layerClass: AnyClass { AVPlayerLayer.self }
                lazy var pip = AVPictureInPictureController(playerLayer: layer as! AVPlayerLayer)
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
              context.file.enclosingTypes(of: reference).contains(where: { $0.isRepresentable || $0.isViewSubclass }),
              let outermost = context.file.enclosingTypes(of: reference).last
        else { return }
        let tokens = outermost.parts.flatMap { $0.tokens(viewMode: .sourceAccurate).map(\.text) }
        if Self.isDecorativeLoop(tokens) || Self.onlyServesPictureInPicture(tokens, in: context.file) { return }
        context.report(at: reference, message: Self.message)
    }

    /// Muted, looping and without a control: a background, where playback controls would be wrong.
    static func isDecorativeLoop(_ tokens: [String]) -> Bool {
        let muted = tokens.indices.contains { index in
            guard index + 2 < tokens.count, tokens[index + 1] == "=" else { return false }
            return (tokens[index] == "isMuted" && tokens[index + 2] == "true") || (tokens[index] == "volume" && tokens[index + 2] == "0")
        }
        let loopsOnEnd = tokens.contains { ["AVPlayerItemDidPlayToEndTime", "didPlayToEndTimeNotification"].contains($0) }
            && tokens.contains("seek")
        let loops = tokens.contains("AVPlayerLooper") || loopsOnEnd
        let hasControls = tokens.contains { ["UIButton", "UISlider", "addTarget"].contains($0) || $0.hasSuffix("GestureRecognizer") }
        return muted && loops && !hasControls
    }

    /// The layer is handed to picture in picture (`AVPictureInPictureController(playerLayer:)`) while an
    /// `AVPlayerViewController` of the file shows the video.
    static func onlyServesPictureInPicture(_ tokens: [String], in file: SwiftUIFile) -> Bool {
        tokens.contains("playerLayer") && tokens.contains { $0.hasPrefix("AVPictureInPicture") || $0 == "ContentSource" }
            && file.mentions(anyOf: ["AVPlayerViewController"])
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
