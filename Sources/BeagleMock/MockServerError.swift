import BeagleMockEngine
import BeagleMockHTTP

/// Why a server could not start, in words the user can act on.
public enum MockServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The screens folder does not exist or is not a folder.
    case screensFolderMissing(String)
    /// The images folder given does not exist or is not a folder.
    case imagesFolderMissing(String)
    /// The config file given does not exist.
    case configFileMissing(String)
    /// The config file is invalid: `file:line:column: message`.
    case invalidConfig(String)
    /// The upstream cannot be used (its CA file cannot be read): the sentence says which and why.
    case invalidUpstream(String)
    /// HTTPS cannot be served: a certificate, a key or the TLS folder; the sentence names the file.
    case invalidTLS(String)
    /// Another process listens on this address; `option` is the one that chose the port
    /// (`--port`, or `--tls-port` for the HTTPS listener).
    case portInUse(host: String, port: Int, option: String = "--port")
    /// The address could not be bound for another reason.
    case cannotListen(host: String, port: Int, reason: String)

    public var description: String {
        switch self {
        case .screensFolderMissing(let path):
            "screens folder '\(path)' does not exist or is not a folder; name your screens folder first: beagle-mock serve PATH"
        case .imagesFolderMissing(let path):
            "images folder '\(path)' does not exist or is not a folder"
        case .configFileMissing(let path):
            "config file '\(path)' does not exist"
        case .invalidConfig(let message), .invalidUpstream(let message), .invalidTLS(let message):
            message
        case .portInUse(let host, let port, let option):
            "port \(port) on \(host) is already in use (stop the other server or pick another with \(option))"
        case .cannotListen(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason)"
        }
    }
}
