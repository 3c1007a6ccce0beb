import Foundation

/// An `.imageset` of an asset catalog, as Xcode writes its `Contents.json`.
///
/// Only what checks need is kept: each slot's file, idiom and scale, and the traits
/// that make two slots different variants of the image (dark appearance, display
/// gamut, size class…). Slots Xcode leaves empty have no `filename`.
public struct ImageSet: Sendable {
    /// The `.imageset` folder.
    public let folder: String
    /// The image's name as code refers to it: the folder name without `.imageset`.
    public let name: String
    public let images: [Slot]
    /// `properties.preserves-vector-representation`: a PDF or SVG kept as vectors at any size.
    public let preservesVectorRepresentation: Bool

    /// The `Contents.json` path, where findings about the image set are reported.
    public var contentsPath: String { Self.contentsPath(of: folder) }

    /// The folders between the catalog and the image set (`Icons`, `App Icon.imagestack`, `Front.imagestacklayer`).
    public var containingFolders: [String] {
        let components = folder.split(separator: "/").map(String.init).dropLast()
        guard let catalog = components.lastIndex(where: { $0.hasSuffix(".xcassets") }) else { return [] }
        return Array(components[(catalog + 1)...])
    }

    /// The names code may load the image by: its own, and the path of folders that provide a namespace
    /// (`Icons/trash`). Which folders do is not read: both spellings are tried.
    public var codeNames: [String] { Self.codeNames(ofFolder: folder) }

    public static func codeNames(ofFolder folder: String) -> [String] {
        let components = folder.split(separator: "/").map(String.init)
        guard let last = components.last else { return [] }
        let name = last.hasSuffix(".imageset") ? String(last.dropLast(".imageset".count)) : last
        guard let catalog = components.lastIndex(where: { $0.hasSuffix(".xcassets") }), catalog + 1 < components.count - 1
        else { return [name] }
        return [name, (components[(catalog + 1)..<(components.count - 1)] + [name]).joined(separator: "/")]
    }

    /// The slots that hold an image file.
    public var filledSlots: [Slot] { images.filter { $0.filename != nil } }

    static func contentsPath(of folder: String) -> String {
        folder.hasSuffix("/") ? folder + "Contents.json" : folder + "/Contents.json"
    }

    /// One entry of `images`: an idiom, a scale and other traits, with the file that fills it (if any).
    public struct Slot: Sendable, Hashable {
        public var filename: String?
        /// `universal`, `iphone`, `ipad`, `mac`, `watch`, `tv`, `vision`, `car`…
        public var idiom: String?
        /// `1x`, `2x`, `3x`; `nil` for a single-scale slot.
        public var scale: String?
        /// Appearance variants such as `luminosity: dark` or `contrast: high`, as `"luminosity=dark"`.
        public var appearances: [String]
        /// Other string-valued keys (`display-gamut`, `width-class`, `subtype`, `language-direction`…).
        public var traits: [String: String]

        public init(filename: String? = nil, idiom: String? = nil, scale: String? = nil, appearances: [String] = [],
                    traits: [String: String] = [:]) {
            self.filename = filename
            self.idiom = idiom
            self.scale = scale
            self.appearances = appearances
            self.traits = traits
        }

        /// The file's extension, lower-cased (`png`, `pdf`).
        public var fileExtension: String? {
            guard let filename, let dot = filename.lastIndex(of: "."), dot != filename.startIndex else { return nil }
            return filename[filename.index(after: dot)...].lowercased()
        }

        /// What makes this slot a different variant of the image than another one of the same idiom and scale.
        public var variant: String {
            (appearances.sorted() + traits.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: ",")
        }
    }

    public init(folder: String, name: String, images: [Slot], preservesVectorRepresentation: Bool = false) {
        self.folder = folder
        self.name = name
        self.images = images
        self.preservesVectorRepresentation = preservesVectorRepresentation
    }

    // MARK: Reading Contents.json

    /// Reads the image set in `folder`.
    public static func load(folder: String) -> Result<ImageSet, FileError> {
        readContents(folder: folder).flatMap { decode($0, folder: folder) }.flatMap { $0.withReadableFiles() }
    }

    /// This image set, or the error naming one of its files that exists but is no regular file: a named pipe
    /// would block the rules that read pixel sizes, and nothing a catalog holds is meant to be one. Missing files
    /// are for the rules to judge.
    public func withReadableFiles() -> Result<ImageSet, FileError> {
        for filename in Set(filledSlots.compactMap(\.filename)).sorted() {
            let path = (folder as NSString).appendingPathComponent(filename)
            if let kind = SourceReader.notRegularFile(at: path) {
                return .failure(FileError(path: path, reason: "cannot read the file (\(kind)); its image set is not checked"))
            }
        }
        return .success(self)
    }

    /// The `Contents.json` bytes of the image set in `folder`.
    static func readContents(folder: String) -> Result<Data, FileError> {
        let path = contentsPath(of: folder)
        return SourceReader.read(path).flatMapError { error in
            guard !FileManager.default.fileExists(atPath: path) else { return .failure(error) }
            return .failure(FileError(path: path, reason: "the image set has no Contents.json; not checked"))
        }
    }

    /// Decodes the `Contents.json` bytes of the image set in `folder`.
    public static func decode(_ data: Data, folder: String) -> Result<ImageSet, FileError> {
        let contents: ContentsFile
        do {
            contents = try JSONDecoder().decode(ContentsFile.self, from: data)
        } catch let error as DecodingError {
            return .failure(FileError(path: contentsPath(of: folder), reason: "malformed Contents.json (\(describe(error))); not checked"))
        } catch {
            return .failure(FileError(path: contentsPath(of: folder), reason: "malformed Contents.json; not checked"))
        }
        var name = URL(fileURLWithPath: folder).lastPathComponent
        if name.hasSuffix(".imageset") { name.removeLast(".imageset".count) }
        return .success(ImageSet(folder: folder, name: name, images: contents.images?.map(\.slot) ?? [],
                                 preservesVectorRepresentation: contents.properties?.preservesVector ?? false))
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "bad value at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "missing `\(key.stringValue)` at \(path(context.codingPath))"
        @unknown default:
            return "unexpected structure"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
    }
}

// MARK: The file format

private struct ContentsFile: Decodable {
    var images: [ImageEntry]?
    var properties: Properties?

    struct Properties: Decodable {
        var preservesVector: Bool?
        enum CodingKeys: String, CodingKey { case preservesVector = "preserves-vector-representation" }
    }
}

/// One `images` entry; keys other than the ones Xcode writes for every slot are kept as traits.
private struct ImageEntry: Decodable {
    var slot: ImageSet.Slot

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct Appearance: Decodable {
        var appearance: String
        var value: String
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var slot = ImageSet.Slot()
        for key in container.allKeys {
            switch key.stringValue {
            case "filename": slot.filename = try container.decode(String.self, forKey: key)
            case "idiom": slot.idiom = try container.decode(String.self, forKey: key)
            case "scale": slot.scale = try container.decode(String.self, forKey: key)
            case "appearances":
                slot.appearances = try container.decode([Appearance].self, forKey: key).map { "\($0.appearance)=\($0.value)" }
            default:
                // Only string-valued traits distinguish variants; anything else is metadata.
                if let value = try? container.decode(String.self, forKey: key) { slot.traits[key.stringValue] = value }
            }
        }
        self.slot = slot
    }
}
