import Foundation

/// How ``ScreenValidator`` reads a file that a server renders per request before the app gets it
/// (beagle-mock's templates): the validator checks what the rendering gives instead of the bytes
/// on disk.
package enum ScreenRendering: Sendable {
    /// The file is sent as it is: check its bytes.
    case asIs
    /// The file as rendered with sample values: check these bytes.
    case rendered(Data)
    /// The file cannot be rendered: this is the diagnostic.
    case unrenderable(Diagnostic)

    /// Reads one file: its bytes and its path in the screens folder give how it is rendered.
    package typealias Renderer = @Sendable (_ data: Data, _ relativePath: String) -> ScreenRendering
}
