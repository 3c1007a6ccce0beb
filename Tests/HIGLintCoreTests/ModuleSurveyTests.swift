@testable import HIGLintCore
import Testing

@Suite("Module survey")
struct ModuleSurveyTests {
    static func survey(_ source: String) -> ModuleFacts {
        var source = source
        return source.withUTF8 { ModuleFacts.survey($0, for: ["VideoPlayer"], indexing: true, components: [:]) }
    }

    @Test("files that can add to the index are parsed for it; others are not, and the index words stay out of the names asked")
    func candidates() {
        #expect(Self.survey("struct Icon: View {\n    var body: some View {\n        Image(\"a\")\n    }\n}").index.imageOnlyViews == ["Icon"])
        #expect(Self.survey("enum Icons { static var close: Image { Image(\"x\") } }").index.imageMembers == ["close"])
        #expect(Self.survey("struct S: ButtonStyle { func makeBody(configuration: Configuration) -> some View { Text(\"x\") } }")
            .index.titleDrawingStyles == ["S"])
        // An image that is not the start of a body, in a file with no other index word: not parsed.
        #expect(Self.survey("struct Row: View { var body: some View { HStack { Text(\"a\"); Image(\"b\") } } }").index.isEmpty)
        #expect(Self.survey("struct Model { let name: String }").index.isEmpty)
        let facts = Self.survey("struct P: View { var body: some View { VideoPlayer(player: p); List { ForEach(x) { Row() } } } }")
        #expect(facts.mentioned == ["VideoPlayer"] && facts.index.rowViews == ["Row"])
    }

    @Test("a survey record keeps the file's part of the index through the cache's text")
    func recordRoundTrip() throws {
        let folder = FileManagerTemporary.make()
        defer { FileManagerTemporary.remove(folder) }
        let cache = ResultCache(directory: folder, toolVersion: "1")
        let session = cache.session(for: [folder])
        var facts = ModuleFacts(mentioned: ["A"], declaredTypes: [], declaredFunctions: [])
        facts.index.imageOnlyViews = ["Icon"]
        facts.index.rowViews = ["Row"]
        session.store(CacheSession.SurveyRecord(passedOver: false, facts: facts), forKey: "k")
        let read = try #require(session.surveyRecord(forKey: "k"))
        #expect(read.facts.index == facts.index && read.facts.mentioned == ["A"])
    }
}

import Foundation

enum FileManagerTemporary {
    static func make() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-survey-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }
}
