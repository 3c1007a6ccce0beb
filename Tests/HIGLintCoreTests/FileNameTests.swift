@testable import HIGLintCore
import Testing

@Suite("File names that are not valid UTF-8")
struct FileNameTests {
    @Test("a valid name is kept as it is, `%` included")
    func validName() {
        #expect(FileName.string(name: Array("Écran 100%.swift".utf8)) == "Écran 100%.swift")
        #expect(FileName.fileSystemBytes("Écran 100%.swift") == Array("Écran 100%.swift".utf8))
    }

    @Test("bytes that are no UTF-8 are escaped, with the name's `%`, and given back to the system")
    func invalidName() {
        // A lone continuation byte, a truncated sequence, an overlong encoding, a surrogate: none is UTF-8.
        let name: [UInt8] = [0x80] + Array("a%".utf8) + [0xE2, 0x82] + Array("b".utf8) + [0xC0, 0xAF, 0xED, 0xA0, 0x80] + Array("é.swift".utf8)
        let escaped = FileName.string(name: name)
        #expect(escaped == "%80a%25%E2%82b%C0%AF%ED%A0%80é.swift")
        #expect(FileName.fileSystemBytes("/tmp/x/" + escaped) == Array("/tmp/x/".utf8) + name)
        #expect(FileName.string(path: Array("/tmp/x/".utf8) + name) == "/tmp/x/" + escaped)
        // A valid name that merely looks escaped, met nowhere as bytes, is its own bytes.
        #expect(FileName.fileSystemBytes("/tmp/x/%80.swift") == Array("/tmp/x/%80.swift".utf8))
    }
}
