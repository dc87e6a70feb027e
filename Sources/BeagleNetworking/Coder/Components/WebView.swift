/// A web page shown inside the screen (`beagle:webView`).
public struct WebView: ServerDrivenComponent {
    /// The page URL.
    public var url: Expression<String>

    /// Creates a web view.
    public init(url: Expression<String>) {
        self.url = url
    }
}
