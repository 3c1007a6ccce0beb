import Foundation
@testable import HIGLintCore
import Testing

@Suite("The texts of localization keys")
struct LocalizedStringsTests {
    private func catalogs(_ files: [String: Data]) throws -> LocalizedStrings {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-strings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (relative, data) in files {
            let url = folder.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let found = FileCollector.files(under: [folder.path]).stringCatalogs
        #expect(found.count == files.keys.filter { $0.hasSuffix(".xcstrings") || $0.contains(".lproj/") }.count)
        return LocalizedStrings(readingCatalogs: found)
    }

    @Test("a string catalog gives the source language's text, variations included, and the key where it has none")
    func stringCatalog() throws {
        let strings = try catalogs(["App/Localizable.xcstrings": Data("""
            { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
                "swipe.bin" : { "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Löschen" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Delete" } } } },
                "Archive %lld items" : { },
                "itemsRemoved" : { "localizations" : { "en" : { "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "Removed one item" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "Removed %lld items" } } } } } } }
            } }
            """.utf8)])
        #expect(strings.texts(forKey: ".swipeBin") == ["Delete"])
        #expect(strings.texts(forKey: "L10n.Swipe.bin") == ["Delete"])
        #expect(strings.texts(forKey: "swipe.bin") == ["Delete"])
        #expect(strings.texts(forKey: "R.string.localizable.swipeBin()") == ["Delete"])
        #expect(strings.texts(forKey: "Archive %lld items") == ["Archive %lld items"])
        #expect(strings.texts(forKey: ".itemsRemoved") == ["Removed one item", "Removed %lld items"])
        #expect(strings.texts(forKey: ".unknownKey") == nil)
    }

    @Test("a .strings table counts in the development language only, UTF-16 or UTF-8, with comments")
    func stringsTables() throws {
        let english = "/* The swipe */\n\"swipe.remove\" = \"Hide from Inbox\";\n// done\n"
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(english.data(using: .utf16LittleEndian)!)
        let strings = try catalogs([
            "App/en.lproj/Localizable.strings": utf16,
            "App/fr.lproj/Localizable.strings": Data("\"swipe.remove\" = \"Supprimer\";".utf8),
            "App/Base.lproj/Main.strings": Data("\"title.delete\" = \"Delete All\";".utf8),
        ])
        #expect(strings.texts(forKey: "L10n.Swipe.remove") == ["Hide from Inbox"])
        #expect(strings.texts(forKey: ".titleDelete") == ["Delete All"])
    }

    @Test("a catalog that cannot be read leaves every key to its own words")
    func unreadableCatalog() throws {
        let strings = try catalogs(["Localizable.xcstrings": Data("{ not json".utf8),
                                    "en.lproj/Localizable.strings": Data([0xC3, 0x28, 0x22])])
        #expect(strings.isEmpty)
        #expect(strings.texts(forKey: ".swipeBin") == nil)
    }
}
