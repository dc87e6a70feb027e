/// A route that only one side answers, or that the folder has and the crawl did not reach.
package struct OneSidedRoute: Sendable, Hashable {
    /// The route: as fetched for a route the crawl reached, as the folder names it otherwise
    /// (`/product/[id]` for a route with parameters).
    package let route: String
    /// Screen or lazy component, for a route the crawl reached.
    package let kind: ProbeItemKind?
    /// The folder's file for it, when the folder has one.
    package let file: String?
    /// The screen whose JSON led the crawl to it; nil for the start or a route not reached.
    package let referrer: String?

    /// A route on one side; `kind` and `referrer` are nil for a route the crawl did not reach.
    package init(route: String, kind: ProbeItemKind?, file: String?, referrer: String?) {
        self.route = route
        self.kind = kind
        self.file = file
        self.referrer = referrer
    }
}
