import Foundation
import SwiftSyntax

/// The local Swift packages a manifest references by path: `.package(path: "Packages/Core")` in a `Package.swift`
/// or Tuist's `Package.swift`, Tuist's `.local(path:)` and `.package(path:)` in a `Project.swift`.
///
/// A package beside an app is the app's own only when the app references it (RULES.md, *The folder does not change
/// the answer*): then its `public` types are created by the app alone, and it runs where the app runs.
final class PackageReferences: SyntaxVisitor {
    private let folder: String
    private(set) var folders: Set<String> = []

    private init(folder: String) {
        self.folder = folder
        super.init(viewMode: .sourceAccurate)
    }

    /// The standardized folders of the packages `tree`, a manifest in `folder`, references by a literal path.
    static func folders(in tree: some SyntaxProtocol, manifestFolder folder: String) -> Set<String> {
        let visitor = PackageReferences(folder: folder)
        visitor.walk(tree)
        return visitor.folders
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
           name == "package" || name == "local",
           let path = node.arguments.first(where: { $0.label?.text == "path" }),
           let literal = path.expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
           let text = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text, !text.isEmpty {
            folders.insert(XcodeProjectReader.join(folder, text))
        }
        return .visitChildren
    }
}
