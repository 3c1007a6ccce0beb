import Foundation
import Testing

@Suite("higlint fix and configuration", .serialized)
struct FixConfigurationTests {
    static let fixable = #"Text(order.title).font(.system(size: 17))"# + "\n"

    @Test("fix leaves alone rules a .higlint.json turns off and files it excludes")
    func respectsConfiguration() throws {
        let root = try temporaryProject([
            ".higlint.json": #"{ rules: { "copyable-text-not-selectable": "off" }, exclude: ["Generated/**"] }"#,
            "App/Order.swift": Self.fixable + "Text(order.trackingNumber)\n",
            "Generated/Order.swift": Self.fixable,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["fix", ".", "--quiet"], in: root)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let app = try String(contentsOf: root.appendingPathComponent("App/Order.swift"), encoding: .utf8)
        #expect(app == "Text(order.title).font(.body)\nText(order.trackingNumber)\n")
        let generated = try String(contentsOf: root.appendingPathComponent("Generated/Order.swift"), encoding: .utf8)
        #expect(generated == Self.fixable)
    }

    @Test("a broken configuration stops fix before any file is touched")
    func brokenConfiguration() throws {
        let root = try temporaryProject([
            ".higlint.json": #"{ rules: { "fixed-font-sise": "off" } }"#,
            "Order.swift": Self.fixable,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try HIGLint.run(["fix", "."], in: root)
        #expect(output.status == 2)
        #expect(output.stderr.contains("fixed-font-sise"))
        #expect(try String(contentsOf: root.appendingPathComponent("Order.swift"), encoding: .utf8) == Self.fixable)
    }
}
