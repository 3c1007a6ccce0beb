import Foundation
import SwiftSyntax

/// Names of web content: WebKit's and SwiftUI's web views and an app's own wrappers.
public enum WebContent {
    /// `WKWebView`, SwiftUI's `WebView`, or an app's `ArticleWebView`.
    public static func isWebViewType(_ name: String) -> Bool {
        name == "WKWebView" || name.hasSuffix("WebView")
    }

    /// A web view or an app's in-app browser (`InAppBrowser`).
    public static func isWebViewOrBrowserType(_ name: String) -> Bool {
        isWebViewType(name) || name.hasSuffix("Browser")
    }

    /// Whether a value named `name` (`webView`, `articleWebView`, `wkWebview`) holds a web view.
    public static func isWebViewName(_ name: String) -> Bool {
        name.lowercased().hasSuffix("webview")
    }

    /// The host of a literal `http(s)` URL (`"https://shop.example.com/help"` → `shop.example.com`).
    public static func httpHost(of literal: String) -> String? {
        let lowered = literal.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
              let host = URLComponents(string: literal)?.host, !host.isEmpty
        else { return nil }
        return host.lowercased()
    }

    /// Whether `host` is one of `domains` or a subdomain of one.
    public static func host(_ host: String, isIn domains: [String]) -> Bool {
        domains.contains { domain in
            let domain = domain.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            return host == domain || host.hasSuffix("." + domain)
        }
    }
}

extension SyntaxProtocol {
    /// Initialiser calls inside this node whose type name satisfies `predicate`: `WKWebView(frame:…)`, `SwiftUI.WebView(url:)`.
    public func typeCalls(where predicate: (String) -> Bool) -> [(name: String, call: FunctionCallExprSyntax)] {
        var result: [(String, FunctionCallExprSyntax)] = []
        for token in tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, name.first?.isUppercase == true, predicate(name),
                  let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            var callee = ExprSyntax(reference)
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id {
                callee = ExprSyntax(member)   // `WKWebView.init(…)`
            } else if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                callee = ExprSyntax(member)   // `SwiftUI.WebView(…)`
            }
            if let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id {
                result.append((name, call))
            }
        }
        return result
    }

    /// Method calls inside this node named one of `names`, with the receiver's reference path
    /// (`browser.webView.goBack()` → `["browser", "webView"]`; `nil` when the receiver is not a plain path).
    public func methodCalls(named names: Set<String>) -> [(call: FunctionCallExprSyntax, name: TokenSyntax, receiver: [String]?)] {
        var result: [(FunctionCallExprSyntax, TokenSyntax, [String]?)] = []
        for token in tokens(viewMode: .sourceAccurate) {
            guard names.contains(token.text), let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                  member.declName.baseName.id == token.id,
                  let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id
            else { continue }
            result.append((call, token, member.base?.referencePath))
        }
        return result
    }

    /// Whether an identifier in this node satisfies `predicate`.
    public func containsIdentifier(where predicate: (String) -> Bool) -> Bool {
        tokens(viewMode: .sourceAccurate).contains { token in
            if case .identifier(let name) = token.tokenKind { return predicate(name) }
            return false
        }
    }

    /// The plain string literals inside this node.
    public var stringLiterals: [(value: String, literal: StringLiteralExprSyntax)] {
        var result: [(String, StringLiteralExprSyntax)] = []
        for token in tokens(viewMode: .sourceAccurate) where token.tokenKind == .stringQuote || token.tokenKind == .multilineStringQuote {
            guard let literal = token.parent?.as(StringLiteralExprSyntax.self), literal.openingQuote.id == token.id,
                  let value = ExprSyntax(literal).plainStringLiteral else { continue }
            result.append((value, literal))
        }
        return result
    }
}
