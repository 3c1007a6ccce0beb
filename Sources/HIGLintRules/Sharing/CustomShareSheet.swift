import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A share sheet built from `UIActivityViewController` or `NSSharingServicePicker` in SwiftUI code.
///
/// Fires where one is created inside a SwiftUI view type (or an action of one), a model SwiftUI views
/// observe (`ObservableObject`, `@Observable`), or a representable. UIKit and AppKit code (a view
/// controller, a coordinator that presents from one) is left alone even in a file that imports SwiftUI,
/// and so is a controller given its own `applicationActivities` (actions `ShareLink` cannot offer).
/// `UIActivityItemSource` metadata is not told apart. A controller created in a UIKit-only type and
/// presented from SwiftUI elsewhere is missed.
struct CustomShareSheet: Rule {
    static let description = RuleDescription(
        id: "custom-share-sheet",
        name: "Custom share sheet",
        section: .sharing,
        summary: "Share from SwiftUI with ShareLink, not a wrapped UIActivityViewController or NSSharingServicePicker.",
        rationale: """
            `ShareLink` presents the system share sheet (the activity view) on every platform, with the \
            standard Share button, a preview, and the right presentation on iPad and Mac. Wrapping \
            `UIActivityViewController` in a representable or building an `NSSharingServicePicker` by hand \
            loses the standard button and popover anchoring, and needs separate code per platform.
            """,
        triggeringExamples: [
            """
            import SwiftUI

            struct ActivityView: UIViewControllerRepresentable {
                let items: [Any]
                func makeUIViewController(context: Context) -> UIActivityViewController {
                    ↓UIActivityViewController(activityItems: items, applicationActivities: nil)
                }
                func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
            }
            """,
            """
            import SwiftUI

            struct ExportButton: View {
                let fileURL: URL
                var body: some View {
                    Button("Export") {
                        ↓NSSharingServicePicker(items: [fileURL]).show(relativeTo: .zero, of: NSApp.keyWindow!.contentView!, preferredEdge: .minY)
                    }
                }
            }
            """,
            """
            import SwiftUI

            struct ShareSheet: UIViewControllerRepresentable {
                let activityItems: [Any]
                var applicationActivities: [UIActivity]? = nil
                func makeUIViewController(context: Context) -> UIActivityViewController {
                    ↓UIActivityViewController(activityItems: activityItems, applicationActivities: applicationActivities)
                }
                func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
            }
            """,
            """
            import SwiftUI

            @Observable final class OrderSharing {
                func share(_ order: Order) {
                    let sheet = ↓UIActivityViewController(activityItems: [order.url], applicationActivities: nil)
                    UIApplication.shared.keyWindow?.rootViewController?.present(sheet, animated: true)
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            import SwiftUI

            struct ReceiptView: View {
                let receiptURL: URL
                var body: some View {
                    ShareLink("Share Receipt", item: receiptURL)
                }
            }
            """,
            """
            import UIKit

            final class ReceiptViewController: UIViewController {
                @objc func share() {
                    present(UIActivityViewController(activityItems: [receiptURL], applicationActivities: nil), animated: true)
                }
            }
            """,
            """
            import SwiftUI

            final class ShareSource: NSObject, UIActivityItemSource {
                func activityViewControllerPlaceholderItem(_ controller: UIActivityViewController) -> Any { "" }
            }
            """,
            """
            import SwiftUI

            final class ExportCoordinator: NSObject {
                weak var presenter: UIViewController?
                func export(_ url: URL) {
                    presenter?.present(UIActivityViewController(activityItems: [url], applicationActivities: nil), animated: true)
                }
            }
            """,
            """
            import SwiftUI

            struct ActivityView: UIViewControllerRepresentable {
                let items: [Any]
                func makeUIViewController(context: Context) -> UIActivityViewController {
                    UIActivityViewController(activityItems: items, applicationActivities: [OpenInSafariActivity()])
                }
                func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
            }
            """,
            RuleExample(#"Button("Export") { present(UIActivityViewController(activityItems: [backupURL], applicationActivities: nil)) }"#,
                        configuration: Configuration().with(deploymentTarget: ["iOS": "15.0"])),
        ],
        remedyNeeds: [.shareLink])

    static let message = "This builds a custom share sheet; use `ShareLink` with a `SharePreview` to present the system one."
    static let shareSheetTypes: Set<String> = ["UIActivityViewController", "NSSharingServicePicker"]

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = Self.shareSheetTypes

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let view = context.file.view(at: call),
              Self.shareSheetTypes.contains(view.name), !context.file.declaresType(view.name),
              context.applies(at: call)
        else { return }
        guard context.file.enclosingTypes(of: call).contains(where: { $0.isRepresentable || $0.isView || $0.name == "View" || $0.isObservedModel }),
              !hasOwnActivities(view, in: context.file)
        else { return }
        context.report(at: view.nameToken, message: Self.message)
    }

    /// `applicationActivities: [OpenInSafariActivity()]`: app-specific actions that `ShareLink` cannot offer.
    /// A name is followed to its value: a wrapper's `var applicationActivities: [UIActivity]? = nil` passed
    /// through offers none, and neither does one with no value in this file (callers leave it `nil`).
    private func hasOwnActivities(_ view: SwiftUIView, in file: SwiftUIFile) -> Bool {
        guard var activities = view.argument("applicationActivities")?.expression else { return false }
        if activities.referencePath != nil {
            guard let value = file.initialValue(of: activities) else { return false }
            activities = value
        }
        if activities.is(NilLiteralExprSyntax.self) { return false }
        if let array = activities.as(ArrayExprSyntax.self) { return !array.elements.isEmpty }
        return true
    }
}
