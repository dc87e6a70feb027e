import BeagleProbe

/// Two screens folders that differ in known ways, for `probe --compare`: `bff` is served as the
/// BFF, `mock` is the folder compared with it.
///
/// - `/home`: a text changed (`Hello` on the BFF, `Welcome` in the mock), a text only in the
///   mock (its second child, so the BFF's children sit one place earlier), an image URL changed
///   and a navigation target changed (`/catalog` on the BFF, `/profile` in the mock);
/// - `/catalog`: the same on both; `/profile`: the same once the mock's `beaglePlatform`
///   wrapper for ANDROID is filtered out for IOS;
/// - `/offers`: on the BFF only; `/promo`: in the mock only (the BFF answers 404);
/// - `/legacy`: in the mock only, linked from nowhere;
/// - `/product/42`: a template in the mock (`product/[id].json`), not compared.
enum DriftFolders {
    static let bff: [String: String] = [
        "screens/home.json": ScreenJSON.screen(
            ScreenJSON.text("Hello"), ScreenJSON.image("/images/hero-v2.png"), ScreenJSON.link("/catalog"),
            ScreenJSON.link("/profile"), ScreenJSON.link("/offers"), ScreenJSON.link("/promo")),
        "screens/catalog.json": ScreenJSON.screen(ScreenJSON.text("Catalog"), ScreenJSON.link("/product/42")),
        "screens/product/42.json": ScreenJSON.screen(ScreenJSON.text("Product 42")),
        "screens/profile.json": ScreenJSON.screen(ScreenJSON.text("Me")),
        "screens/offers.json": ScreenJSON.screen(ScreenJSON.text("Offers")),
    ]

    static let mock: [String: String] = [
        "screens/home.json": ScreenJSON.screen(
            ScreenJSON.text("Welcome"), ScreenJSON.text("Old banner"), ScreenJSON.image("/images/hero.png"),
            ScreenJSON.link("/profile"), ScreenJSON.link("/profile"), ScreenJSON.link("/offers"), ScreenJSON.link("/promo")),
        "screens/catalog.json": ScreenJSON.screen(ScreenJSON.text("Catalog"), ScreenJSON.link("/product/42")),
        "screens/product/[id].json": ScreenJSON.screen(ScreenJSON.text("Product {{request.params.id}}")),
        "screens/profile.json": ScreenJSON.screen(
            #"{"beaglePlatform": "ANDROID", "child": \#(ScreenJSON.text("Android only"))}"#, ScreenJSON.text("Me")),
        "screens/promo.json": ScreenJSON.screen(ScreenJSON.text("Promo")),
        "screens/legacy.json": ScreenJSON.screen(ScreenJSON.text("Old")),
    ]

    /// The differences `/home` must show, one line each: kind, change, the BFF's pointer and
    /// value, the mock's pointer and value.
    static let homeDifferences = [
        "component removed | bff - | folder /child/children/1 beagle:text",
        "navigation changed | bff /child/children/2/onPress/0/route/url /catalog | folder /child/children/3/onPress/0/route/url /profile",
        "image changed | bff /child/children/1/path/url /images/hero-v2.png | folder /child/children/2/path/url /images/hero.png",
        "text changed | bff /child/children/0/text Hello | folder /child/children/0/text Welcome",
    ]

    /// A difference as one line, as ``homeDifferences`` writes them.
    static func line(_ difference: ScreenDifferenceLine) -> String {
        let bff = difference.bff.map { "\($0.pointer) \($0.value)" } ?? "-"
        let folder = difference.folder.map { "\($0.pointer) \($0.value)" } ?? "-"
        return "\(difference.kind) \(difference.change) | bff \(bff) | folder \(folder)"
    }
}

/// The parts of a difference a line shows, from the library or from the JSON report.
struct ScreenDifferenceLine {
    let kind: String
    let change: String
    let bff: (pointer: String, value: String)?
    let folder: (pointer: String, value: String)?

    /// The line of a difference the library found.
    init(_ difference: ScreenDifference) {
        kind = difference.kind.rawValue
        change = difference.change.rawValue
        bff = difference.bff.map { ($0.pointer.description, $0.value) }
        folder = difference.folder.map { ($0.pointer.description, $0.value) }
    }

    /// The line of a difference in the JSON report; nil when it lacks a field.
    init?(json: [String: Any]) {
        guard let kind = json["kind"] as? String, let change = json["change"] as? String else { return nil }
        func side(_ name: String) -> (pointer: String, value: String)? {
            guard let object = json[name] as? [String: Any], let pointer = object["pointer"] as? String,
                let value = object["value"] as? String
            else { return nil }
            return (pointer, value)
        }
        self.kind = kind
        self.change = change
        bff = side("bff")
        folder = side("folder")
    }
}
