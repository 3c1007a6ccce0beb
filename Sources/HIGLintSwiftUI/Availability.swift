import SwiftSyntax

extension SyntaxProtocol {
    /// The highest major OS version this code is known to run on for one of `platforms`
    /// (`["iOS"]`, `["macOS"]`), from the `if #available(…)` branches and `@available(…)`
    /// attributes on it and around it; `nil` when nothing says.
    public func availableMajorVersion(on platforms: Set<String>) -> Int? {
        var best: Int?
        func consider(_ version: Int?) {
            if let version { best = max(best ?? version, version) }
        }
        var child: Syntax?
        var node: Syntax? = Syntax(self)
        while let current = node {
            if let ifExpr = current.as(IfExprSyntax.self), ifExpr.body.id == child?.id {
                for condition in ifExpr.conditions {
                    if case .availability(let availability) = condition.condition,
                       availability.availabilityKeyword.tokenKind == .poundAvailable {
                        consider(Self.majorVersion(in: availability.availabilityArguments, on: platforms))
                    }
                }
            }
            if let decl = current.asProtocol(WithAttributesSyntax.self) {
                for case .attribute(let attribute) in decl.attributes where attribute.attributeName.trimmedSource == "available" {
                    if case .availability(let arguments)? = attribute.arguments {
                        consider(Self.majorVersion(in: arguments, on: platforms))
                    }
                }
            }
            child = current
            node = current.parent
        }
        return best
    }

    private static func majorVersion(in arguments: AvailabilityArgumentListSyntax, on platforms: Set<String>) -> Int? {
        for argument in arguments {
            if case .availabilityVersionRestriction(let restriction) = argument.argument,
               platforms.contains(restriction.platform.text), let major = restriction.version?.major.text {
                return Int(major)
            }
        }
        return nil
    }
}
