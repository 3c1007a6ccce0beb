import SwiftSyntax

/// The protocols that wrap UIKit and AppKit views and view controllers for SwiftUI.
public let representableProtocols: Set<String> = [
    "UIViewRepresentable", "NSViewRepresentable", "UIViewControllerRepresentable", "NSViewControllerRepresentable",
]

extension TypeDeclaration {
    /// Whether the type wraps a UIKit or AppKit view or view controller for SwiftUI.
    public var isRepresentable: Bool { inheritedTypes.contains { representableProtocols.contains($0) } }

    /// Whether SwiftUI views observe the type: it conforms to `ObservableObject` or is `@Observable`.
    public var isObservedModel: Bool {
        if conforms(to: "ObservableObject") { return true }
        let attributes = declaration.asProtocol(WithAttributesSyntax.self)?.attributes ?? []
        return attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedSource == "Observable" }
    }

    /// Whether the type is a class whose superclass is a view (`UIView`, `NSView`, or a class named `…View`).
    public var isViewSubclass: Bool {
        guard declaration.is(ClassDeclSyntax.self), let superclass = inheritedTypes.first else { return false }
        return superclass.hasSuffix("View")
    }
}

extension SwiftUIFile {
    /// The types around `node`, innermost first (a `Coordinator` nested in a representable, then the representable).
    public func enclosingTypes(of node: some SyntaxProtocol) -> [TypeDeclaration] {
        var result: [TypeDeclaration] = []
        var current = node.parent
        while let candidate = current {
            if let name = Self.typeName(of: candidate), let type = types[name] { result.append(type) }
            current = candidate.parent
        }
        return result
    }

    /// Whether `name` is a representable declared in this file whose `makeUIView`/`makeNSView` returns or creates a `WKWebView`.
    public func wrapsWebView(_ name: String) -> Bool {
        guard let type = types[name], type.isRepresentable else { return false }
        return ["makeUIView", "makeNSView"].contains { maker in
            (type.functions[maker] ?? []).contains { function in
                function.signature.returnClause?.type.trimmedSource == "WKWebView"
                    || function.body.map { !$0.typeCalls(where: { $0 == "WKWebView" }).isEmpty } ?? false
            }
        }
    }

    /// Whether the file imports `module` (`import SwiftUI`, `@preconcurrency import SwiftUI`, `import struct SwiftUI.Text`).
    public func imports(_ module: String) -> Bool {
        tree.statements.contains { item in
            importedModule(of: item.item) == module
        }
    }

    private func importedModule(of item: CodeBlockItemSyntax.Item) -> String? {
        if let decl = item.as(ImportDeclSyntax.self) { return decl.path.first?.name.text }
        if let config = item.as(IfConfigDeclSyntax.self) {
            for clause in config.clauses {
                guard case .statements(let statements)? = clause.elements else { continue }
                for statement in statements {
                    if let module = importedModule(of: statement.item) { return module }
                }
            }
        }
        return nil
    }
}
