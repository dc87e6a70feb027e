import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLError {
    /// The `URLError` an error stands for: itself, or, on Linux, where URLSession reports an
    /// `NSError` in `NSURLErrorDomain` that does not cast to `URLError`, one with its code and
    /// user info. Nil for errors of any other domain.
    init?(bridging error: any Error) {
        if let urlError = error as? URLError {
            self = urlError
            return
        }
        let nsError = error as NSError
        // `as URLError.Code?`: the initializer is failable on Linux and not on Apple platforms.
        guard nsError.domain == NSURLErrorDomain, let code = URLError.Code(rawValue: nsError.code) as URLError.Code?
        else { return nil }
        self.init(code, userInfo: nsError.userInfo)
    }
}
