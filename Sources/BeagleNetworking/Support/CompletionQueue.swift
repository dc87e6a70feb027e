import Dispatch

/// Where ViewClient and the image downloaders run their completion handlers by default.
public enum CompletionQueue {
    /// The main queue on Apple platforms, as Beagle does; a global queue elsewhere.
    ///
    /// Beagle completes on the main queue because its callers update UIKit views. A Linux
    /// command-line tool (or a test) usually has no running main run loop, so there a
    /// completion sent to the main queue might never run. Every type that takes a
    /// `completionQueue:` argument lets you choose.
    public static var platformDefault: DispatchQueue {
        #if canImport(Darwin)
        return .main
        #else
        return .global()
        #endif
    }
}
