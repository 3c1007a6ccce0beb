import SwiftSyntax

/// A SwiftUI API that a fix writes, or a finding's advice names, and that not every OS version has.
///
/// A fix that writes one of these is offered, and a finding whose remedy is one of these is reported, only where
/// the API exists wherever the code runs (RULES.md, "A remedy must exist where the code runs"):
/// `SyntaxProtocol.canUse(_:on:minimumVersion:)` asks the table below.
public enum SwiftUIAPI: String, CaseIterable, Sendable {
    /// `.textSelection(.enabled)`.
    case textSelection = ".textSelection(_:)"
    /// `TextField(_:text:axis:)`.
    case textFieldAxis = "TextField(_:text:axis:)"
    /// `Font.custom(_:size:relativeTo:)`.
    case fontRelativeTo = "Font.custom(_:size:relativeTo:)"
    /// The text styles added after SwiftUI's first release: `.title2`, `.title3`, `.caption2`.
    case laterTextStyles = "Font.title2, .title3, .caption2"
    /// `Font.largeTitle`, which macOS and watchOS gained a year after iOS.
    case largeTitle = "Font.largeTitle"
    /// `Button(_:role:action:)`.
    case buttonRole = "Button(_:role:action:)"
    /// `.swipeActions(edge:allowsFullSwipe:content:)`.
    case swipeActions = ".swipeActions(edge:allowsFullSwipe:content:)"
    /// `.chartXAxis(.hidden)`, `.chartYAxis(.hidden)`, `.chartLegend(.hidden)`.
    case chartVisibility = ".chartXAxis(_:), .chartYAxis(_:), .chartLegend(_:)"
    /// `ShareLink`.
    case shareLink = "ShareLink"
    /// `.chartXSelection(value:)`, `.chartAngleSelection(value:)`, `.chartScrollableAxes(_:)`.
    case chartSelection = ".chartXSelection(value:), .chartAngleSelection(value:), .chartScrollableAxes(_:)"

    /// The first major version of each platform that has the API. A platform not listed is not judged: either
    /// every SwiftUI version there has it (visionOS), or the code could not use it there at all and the
    /// compiler, not HIGLint, says so.
    public var floors: [(platform: Platforms, major: Int)] {
        switch self {
        case .textSelection: [(.iOS, 15), (.macOS, 12)]
        case .textFieldAxis, .chartVisibility: [(.iOS, 16), (.macOS, 13), (.tvOS, 16), (.watchOS, 9)]
        case .shareLink: [(.iOS, 16), (.macOS, 13), (.watchOS, 9)]
        case .chartSelection: [(.iOS, 17), (.macOS, 14), (.tvOS, 17), (.watchOS, 10)]
        case .fontRelativeTo, .laterTextStyles: [(.iOS, 14), (.macOS, 11), (.tvOS, 14), (.watchOS, 7)]
        case .largeTitle: [(.macOS, 11), (.watchOS, 7)]
        case .buttonRole, .swipeActions: [(.iOS, 15), (.macOS, 12), (.tvOS, 15), (.watchOS, 8)]
        }
    }

    /// The first major version of `platform` that has the API, or `nil` when the table does not judge it.
    public func floor(on platform: Platforms) -> Int? {
        floors.first { $0.platform == platform }?.major
    }
}

extension SyntaxProtocol {
    /// Whether `api` exists on every OS version that code here can run on, for the platforms it is built for.
    ///
    /// What runs here is bounded below by the deployment target (`minimumVersion`) and by enclosing
    /// `if #available` / `guard #available` / `@available`, and above by the fallback branch of an availability
    /// check (`else` of `if #available(iOS 16, *)` runs below iOS 16). With no lower bound, the API counts as
    /// missing only when an upper bound rules it out: a file with no deployment target is assumed to be new code.
    public func canUse(_ api: SwiftUIAPI, on platforms: Platforms, minimumVersion: (Platforms) -> Int?) -> Bool {
        api.floors.allSatisfy { platform, floor in
            guard platforms.contains(platform) else { return true }
            let bounds = availableVersions(on: platform)
            if let lowest = [bounds.atLeast, minimumVersion(platform)].compactMap({ $0 }).max() { return lowest >= floor }
            return bounds.below.map { $0 > floor } ?? true
        }
    }
}
