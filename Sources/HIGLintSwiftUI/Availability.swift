import SwiftSyntax

/// The major OS versions, on one platform, that code can run on as far as the availability checks around it say.
public struct VersionBounds: Equatable, Sendable {
    /// The code runs only on this version or later (`if #available(iOS 16, *) { here }`).
    public var atLeast: Int?
    /// The code runs only on versions before this one (`if #available(iOS 16, *) {} else { here }`).
    public var below: Int?

    public init(atLeast: Int? = nil, below: Int? = nil) {
        self.atLeast = atLeast
        self.below = below
    }

    mutating func raise(to version: Int) { atLeast = max(atLeast ?? version, version) }
    mutating func lower(to version: Int) { below = min(below ?? version, version) }
}

extension SyntaxProtocol {
    /// The highest major OS version this code is known to run on for one of `platforms`
    /// (`["iOS"]`, `["macOS"]`), from the `if #available(…)` branches and `@available(…)`
    /// attributes on it and around it; `nil` when nothing says.
    public func availableMajorVersion(on platforms: Set<String>) -> Int? {
        platforms.compactMap(Platforms.init(name:)).compactMap { availableVersions(on: $0).atLeast }.max()
    }

    /// The versions of `platform` code here can run on, from every availability check around it: the body of
    /// `if #available` and the code after `guard #available` run on that version or later; the `else` of an
    /// `if #available` or `guard #available` with no other condition, and the body of `if #unavailable`, run
    /// before it; `@available` on an enclosing declaration raises the floor too.
    public func availableVersions(on platform: Platforms) -> VersionBounds {
        var bounds = VersionBounds()
        var child: Syntax?
        var node: Syntax? = Syntax(self)
        while let current = node {
            if let child {
                Self.narrow(&bounds, by: current, around: child, on: platform)
            }
            if let decl = current.asProtocol(WithAttributesSyntax.self) {
                for case .attribute(let attribute) in decl.attributes where attribute.attributeName.trimmedSource == "available" {
                    if case .availability(let arguments)? = attribute.arguments,
                       let version = Self.version(in: arguments, on: platform) {
                        bounds.raise(to: version.floor)
                    }
                }
            }
            child = current
            node = current.parent
        }
        return bounds
    }

    /// Applies what `parent`'s availability conditions say about its `child`.
    private static func narrow(_ bounds: inout VersionBounds, by parent: Syntax, around child: Syntax, on platform: Platforms) {
        if let ifExpr = parent.as(IfExprSyntax.self) {
            if ifExpr.body.id == child.id {
                apply(ifExpr.conditions, holding: true, to: &bounds, on: platform)
            } else if ifExpr.elseBody?.id == child.id, ifExpr.conditions.count == 1 {
                apply(ifExpr.conditions, holding: false, to: &bounds, on: platform)
            }
        } else if let guardStmt = parent.as(GuardStmtSyntax.self), guardStmt.body.id == child.id,
                  guardStmt.conditions.count == 1 {
            apply(guardStmt.conditions, holding: false, to: &bounds, on: platform)
        } else if let items = parent.as(CodeBlockItemListSyntax.self) {
            for item in items {
                if item.id == child.id { break }
                if let guardStmt = Syntax(item.item).as(GuardStmtSyntax.self) {
                    apply(guardStmt.conditions, holding: true, to: &bounds, on: platform)
                }
            }
        }
    }

    /// Narrows `bounds` by the availability checks among `conditions`, known to hold (or, alone, to fail).
    private static func apply(_ conditions: ConditionElementListSyntax, holding: Bool, to bounds: inout VersionBounds,
                              on platform: Platforms) {
        for condition in conditions {
            guard case .availability(let availability) = condition.condition,
                  let version = version(in: availability.availabilityArguments, on: platform)
            else { continue }
            let isAvailable = availability.availabilityKeyword.tokenKind == .poundAvailable
            if isAvailable == holding {
                bounds.raise(to: version.floor)
            } else {
                bounds.lower(to: version.ceiling)
            }
        }
    }

    /// The version an availability list names for `platform`: `floor` is its major version, `ceiling` the
    /// first major version wholly at or after it (`16.4` → 16 and 17).
    private static func version(in arguments: AvailabilityArgumentListSyntax, on platform: Platforms)
        -> (floor: Int, ceiling: Int)? {
        for argument in arguments {
            guard case .availabilityVersionRestriction(let restriction) = argument.argument,
                  Platforms(name: restriction.platform.text) == platform, let version = restriction.version
            else { continue }
            let parts = version.trimmedDescription.split(separator: ".").compactMap { Int($0) }
            guard let major = parts.first else { return nil }
            return (major, parts.dropFirst().contains { $0 != 0 } ? major + 1 : major)
        }
        return nil
    }
}

/// The OS versions a file is built for: its platforms, and the major version of the deployment target on each
/// (`nil` where neither configuration nor the project says).
public struct Deployment: Sendable {
    public let platforms: Platforms
    public let majorVersions: [Platforms: Int]

    public init(platforms: Platforms, majorVersion: (Platforms) -> Int?) {
        self.platforms = platforms
        var versions: [Platforms: Int] = [:]
        for platform in Platforms.each where platforms.contains(platform) {
            if let version = majorVersion(platform) { versions[platform] = version }
        }
        majorVersions = versions
    }

    public func majorVersion(on platform: Platforms) -> Int? { majorVersions[platform] }
}

extension Platforms {
    /// Each single platform, one at a time.
    public static let each: [Platforms] = [.iOS, .macOS, .tvOS, .watchOS, .visionOS]
}

extension SwiftUIFile {
    private static let availabilityKeywords: Set<String> = ["#available", "#unavailable"]

    /// Whether the code at `node` runs only on OS versions below every deployment target it is built for, on each
    /// of `platforms` (by default the file's platforms there): the `else` of `if #available(iOS 18, *)` in an app
    /// that needs iOS 18 is a fallback no device runs. An unknown deployment target, on any of them, says nothing.
    public func runsOnNoDeployedVersion(_ node: some SyntaxProtocol, platforms: Platforms? = nil) -> Bool {
        // Reading the checks around a node looks at the statements before it: only where the file has any, and the
        // deployment target is known. (A one-line file of 50,000 statements made this quadratic.)
        guard let deployment, !deployment.majorVersions.isEmpty, mentions(anyOf: Self.availabilityKeywords) else { return false }
        let built = platforms ?? deployment.platforms.intersection(self.platforms(of: node))
        let each = Platforms.each.filter { built.contains($0) }
        return !each.isEmpty && each.allSatisfy { platform in
            guard let below = node.availableVersions(on: platform).below,
                  let target = deployment.majorVersion(on: platform) else { return false }
            return target >= below
        }
    }
}
