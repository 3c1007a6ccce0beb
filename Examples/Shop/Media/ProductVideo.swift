import AVKit
import SwiftUI

/// The product demo video: the system player, and a hand-made layer view.
struct ProductVideo: View {
    let player: AVPlayer

    var body: some View {
        // Compliant: SwiftUI's VideoPlayer brings the standard controls, PiP and AirPlay.
        VideoPlayer(player: player)
            .aspectRatio(16 / 9, contentMode: .fit)
    }
}

/// custom-video-player fires: the layer has no playback controls.
final class LoopingClipView: UIView {
    override class var layerClass: AnyClass { AVPlayerLayer.self }
}
