/// A route the crawl reached whose two answers could not be compared, and why: the BFF failed
/// (no response, or a status other than 2xx and 404), or the folder's answer depends on the
/// request (a template).
package struct UncomparedRoute: Sendable, Hashable {
    /// The route as the probe fetched it.
    package let route: String
    /// The BFF's status, when a response arrived.
    package let status: Int?
    /// The folder's file for it, if any.
    package let file: String?
    /// Why it was not compared, in words.
    package let reason: String

    /// A route not compared, and why.
    package init(route: String, status: Int?, file: String?, reason: String) {
        self.route = route
        self.status = status
        self.file = file
        self.reason = reason
    }
}
