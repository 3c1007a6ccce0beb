import HIGLintCore

/// Every rule HIGLint ships, in catalog order.
public let allRules: [any LintRule.Type] = [
    // Lists and tables
    InconsistentRowOrder.self,
    SwipeActionWithoutAlternative.self,
    DestructiveSwipeWithoutRole.self,
    UnconfirmedFullSwipe.self,
    SwipeActionsOutsideList.self,
    ContextMenuWithoutPreview.self,
    CustomSelectionCheckmark.self,
    RefreshableWithRefreshButton.self,
    SingleRowSections.self,
    // Collections and grids
    FixedGridColumns.self,
    GlassEffectInGrid.self,
    EagerStackForDynamicData.self,
    GridCellWithoutContextMenu.self,
    TapGestureAsButton.self,
    // Charts
    ChartWithoutTitle.self,
    ChartTitleNamesData.self,
    LineMarkForCategories.self,
    TooManySectors.self,
    ColorOnlySeries.self,
    ChartMissingAccessibility.self,
    ChartCustomGesture.self,
    SparklineWithAxes.self,
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
    // Suppression comments: checks of `// higlint:` comments, declared and run by HIGLintCore.
    InvalidSuppression.self,
    UnusedSuppression.self,
]

/// The rule with this id, if HIGLint has it.
public func rule(withID id: String) -> (any LintRule.Type)? {
    allRules.first { $0.description.id == id }
}
