/// The URLs a parsed screen makes Beagle fetch, in file order.
///
/// Collected: navigation actions with a remote route (`route.url` of `pushView`, `pushStack`,
/// `resetApplication`, `resetStack`; a local `route.screen` is no fetch, but is walked into
/// like any other part of the tree), `lazyComponent`'s `path`, `sendRequest` and `submitForm`
/// `url`s with their method, and remote image URLs. Values that are expressions (`@{…}`) are
/// skipped: they are only known when the app runs. Type names match in any letter case, as in
/// Beagle's Coder.
package struct ScreenReferences: Sendable {
    /// Every reference, in file order.
    package let all: [ScreenReference]

    /// The references of `screen`.
    package init(in screen: JSONNode) {
        var found: [ScreenReference] = []
        Self.walk(screen, platforms: Set(BeaglePlatform.requestPlatforms), into: &found)
        all = found
    }

    /// The navigation routes, lazy component paths and requests: the screens and method files
    /// the BFF must have.
    package var routes: [ScreenReference] { all.filter { $0.kind != .image } }

    /// The remote images.
    package var images: [ScreenReference] { all.filter { $0.kind == .image } }

    /// Whether a value is a Beagle expression, known only at run time.
    package static func isExpression(_ text: String) -> Bool {
        text.contains("@{")
    }

    static let navigationActions: [String: String] = [
        "beagle:pushview": "beagle:pushView",
        "beagle:pushstack": "beagle:pushStack",
        "beagle:resetapplication": "beagle:resetApplication",
        "beagle:resetstack": "beagle:resetStack",
    ]

    static let requestActions: [String: String] = [
        "beagle:sendrequest": "beagle:sendRequest",
        "beagle:submitform": "beagle:submitForm",
    ]

    static func walk(_ node: JSONNode, platforms: Set<BeaglePlatform>, into found: inout [ScreenReference]) {
        switch node.value {
        case .object(let members):
            var platforms = platforms
            if let marker = node[PlatformFilter.wrapperKey] {
                let wrapper = PlatformFilter.wrapperPlatform(marker)
                platforms = platforms.filter { wrapper?.includes($0) ?? false }
            }
            collect(from: node, platforms: platforms, into: &found)
            for member in members {
                walk(member.value, platforms: platforms, into: &found)
            }
        case .array(let elements):
            for element in elements {
                walk(element, platforms: platforms, into: &found)
            }
        case .string, .number, .bool, .null:
            break
        }
    }

    /// The reference `object` itself makes, if any.
    static func collect(from object: JSONNode, platforms: Set<BeaglePlatform>, into found: inout [ScreenReference]) {
        if let action = object[BeagleTypeKind.action.typeKey]?.string?.lowercased() {
            if let name = navigationActions[action], let route = object["route"],
                let url = route["url"], let text = url.string, !isExpression(text)
            {
                let method = route["httpAdditionalData"]?["method"]?.string ?? "GET"
                guard !isExpression(method) else { return }
                let fallback = route["fallback"].map { !$0.isNull } ?? false
                found.append(
                    ScreenReference(
                        kind: .navigation(action: name), url: text, method: method, position: url.position,
                        platforms: platforms, hasFallback: fallback))
            } else if let name = requestActions[action], let url = object["url"], let text = url.string,
                !isExpression(text)
            {
                let method = object["method"]?.string ?? "GET"
                guard !isExpression(method) else { return }
                found.append(
                    ScreenReference(
                        kind: .request(action: name), url: text, method: method, position: url.position,
                        platforms: platforms))
            }
        }
        if object[BeagleTypeKind.component.typeKey]?.string?.lowercased() == "beagle:lazycomponent",
            let path = object["path"], let text = path.string, !isExpression(text)
        {
            found.append(ScreenReference(kind: .lazyComponent, url: text, position: path.position, platforms: platforms))
        }
        if object["_beagleImagePath_"]?.string == "remote", let url = object["url"], let text = url.string,
            !isExpression(text)
        {
            found.append(ScreenReference(kind: .image, url: text, position: url.position, platforms: platforms))
        }
    }
}
