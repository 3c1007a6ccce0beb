import HIGLintCore

/// Every rule HIGLint ships, in catalog order.
public let allRules: [any LintRule.Type] = [
    // Images and media
    RasterAssetMissingScales.self,
    IconOnlyControlWithoutLabel.self,
    ImageMissingAccessibilityLabel.self,
    AsyncImageWithoutPlaceholder.self,
    FullscreenImageWithoutZoom.self,
    CustomVideoPlayer.self,
    // Text
    FixedFontSize.self,
    CopyableTextNotSelectable.self,
    SingleLineFieldForLongText.self,
    // Web content
    WebViewForExternalLink.self,
    WKWebViewWrapper.self,
    CustomBrowserChrome.self,
    // Sharing
    CustomShareSheet.self,
    ShareLinkWithoutPreview.self,
    NonstandardShareSymbol.self,
]

/// The rule with this id, if HIGLint has it.
public func rule(withID id: String) -> (any LintRule.Type)? {
    allRules.first { $0.description.id == id }
}
