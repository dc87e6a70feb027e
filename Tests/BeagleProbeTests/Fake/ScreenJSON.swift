/// Beagle screen JSON for tests, built from pieces.
enum ScreenJSON {
    /// A `beagle:screenComponent` whose child is a container of `children`.
    static func screen(_ children: String...) -> String {
        """
        {"_beagleComponent_": "beagle:screenComponent", "child": {"_beagleComponent_": "beagle:container", "children": [\(children.joined(separator: ", "))]}}
        """
    }

    /// A button whose press runs `action`.
    static func button(_ action: String) -> String {
        #"{"_beagleComponent_": "beagle:button", "text": "Go", "onPress": [\#(action)]}"#
    }

    /// A navigation action (`pushView`, `pushStack`, `resetApplication`, `resetStack`) to a
    /// remote route, with a method when given.
    static func navigate(_ action: String, _ url: String, method: String? = nil) -> String {
        let data = method.map { #", "httpAdditionalData": {"method": "\#($0)"}"# } ?? ""
        return #"{"_beagleAction_": "beagle:\#(action)", "route": {"url": "\#(url)"\#(data)}}"#
    }

    /// A button that pushes `url`.
    static func link(_ url: String) -> String {
        button(navigate("pushView", url))
    }

    /// A remote image.
    static func image(_ url: String) -> String {
        #"{"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "\#(url)"}}"#
    }

    /// A lazy component loading `path`.
    static func lazy(_ path: String) -> String {
        #"{"_beagleComponent_": "beagle:lazyComponent", "path": "\#(path)", "initialState": \#(text("…"))}"#
    }

    /// A text.
    static func text(_ text: String) -> String {
        #"{"_beagleComponent_": "beagle:text", "text": "\#(text)"}"#
    }

    /// A component of any type name.
    static func component(_ type: String) -> String {
        #"{"_beagleComponent_": "\#(type)"}"#
    }
}
