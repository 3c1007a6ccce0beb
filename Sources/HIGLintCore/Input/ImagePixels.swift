import Foundation
import HIGLintProject

/// The pixel size of a bitmap file, read from its header: PNG's `IHDR` and JPEG's start-of-frame marker. Other
/// formats (HEIC, GIF, TIFF) and files that cannot be read have no known size.
public enum ImagePixels {
    /// The larger of width and height, in pixels; `nil` when unknown.
    public static func largerSide(ofFile path: String) -> Int? {
        // EXIF and colour profiles can come before a JPEG's frame header; 256 KiB holds them in practice. Read as
        // source files are: `FileHandle` waited forever for a writer to a named pipe (issue 31).
        guard ReadBoundary.allows(path), let data = try? SourceReader.readPrefix(path, count: 256 * 1024).get() else { return nil }
        return data.withUnsafeBytes { largerSide(of: Array($0.bindMemory(to: UInt8.self))) }
    }

    static func largerSide(of bytes: [UInt8]) -> Int? {
        if bytes.count >= 24, bytes[0...7] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
           bytes[12...15] == [0x49, 0x48, 0x44, 0x52] {
            return max(bigEndian(bytes, at: 16, count: 4), bigEndian(bytes, at: 20, count: 4))
        }
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            // Markers without a length.
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            let length = bigEndian(bytes, at: index + 2, count: 2)
            // Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return max(bigEndian(bytes, at: index + 5, count: 2), bigEndian(bytes, at: index + 7, count: 2))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], at start: Int, count: Int) -> Int {
        (start..<start + count).reduce(0) { $0 << 8 | Int(bytes[$1]) }
    }
}
