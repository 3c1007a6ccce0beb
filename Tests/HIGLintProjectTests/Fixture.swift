import Foundation

/// A folder of hand-written project files in a temporary directory.
///
/// It holds a `.git` folder so that the search for projects above the linted
/// paths stops at its root, as it stops at a repository's root.
struct Fixture {
    let root: String

    init() {
        root = (NSTemporaryDirectory() as NSString).appendingPathComponent("higlint-project-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    @discardableResult
    func write(_ relative: String, _ text: String = "import SwiftUI\n") -> String {
        let full = path(relative)
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// A build configuration list object pair: Debug and Release with the same settings.
func configurations(_ list: String, _ settings: String, base: String? = nil) -> [(String, String)] {
    let reference = base.map { "baseConfigurationReference = \($0); " } ?? ""
    return [
        (list, "{isa = XCConfigurationList; buildConfigurations = (\(list)D, \(list)R); defaultConfigurationName = Release; }"),
        (list + "D", "{isa = XCBuildConfiguration; \(reference)buildSettings = {\(settings)}; name = Debug; }"),
        (list + "R", "{isa = XCBuildConfiguration; \(reference)buildSettings = {\(settings)}; name = Release; }"),
    ]
}

/// A `project.pbxproj` in Xcode's OpenStep format, from objects written as their property list bodies.
func pbxproj(root: String, objects: [(String, String)]) -> String {
    var text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 77;\n\tobjects = {\n\n"
    for (id, body) in objects { text += "\t\t\(id) = \(body);\n" }
    return text + "\t};\n\trootObject = \(root);\n}\n"
}
