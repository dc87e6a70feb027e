import Foundation

/// The image formats an app can show, recognised by their first bytes, as image decoders do:
/// bytes that match none of them give the app no image (Beagle shows the placeholder).
enum ImageFormat: String, Sendable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case gif = "GIF"
    case webp = "WebP"
    case heif = "HEIF"
    case bmp = "BMP"
    case ico = "ICO"
    case tiff = "TIFF"
    case svg = "SVG"

    /// The format `data` starts like, or nil.
    init?(sniffing data: Data) {
        let bytes = [UInt8](data.prefix(512))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("ftyp".utf8), at: 4),
            ["heic", "heix", "hevc", "mif1", "msf1", "avif"].contains(where: { starts(Array($0.utf8), at: 8) })
        {
            self = .heif
        } else if starts(Array("BM".utf8)) {
            self = .bmp
        } else if starts([0x00, 0x00, 0x01, 0x00]) {
            self = .ico
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        } else if Self.looksLikeSVG(bytes) {
            self = .svg
        } else {
            return nil
        }
    }

    /// Text that starts (after a BOM, spaces, an XML declaration or comments) towards an
    /// `<svg` element.
    private static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let trimmed = text.drop { $0.isWhitespace }
        return trimmed.hasPrefix("<") && text.contains("<svg")
    }

    /// `PNG, JPEG, GIF, WebP, …` for messages.
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
