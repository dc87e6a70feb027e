/// A web page shown inside the screen (`beagle:webView`, Beagle iOS 2.x `WebView`).
public struct WebView: ServerDrivenComponent {
    /// The page URL.
    public var url: Expression<String>
    /// An identifier for actions that target this component.
    public var id: String?
    /// Layout and appearance.
    public var style: Style?
    /// What assistive technologies say.
    public var accessibility: Accessibility?

    /// Creates a web view.
    public init(url: Expression<String>, id: String? = nil, style: Style? = nil, accessibility: Accessibility? = nil) {
        self.url = url
        self.id = id
        self.style = style
        self.accessibility = accessibility
    }
}
