import BeagleProbe
import Testing

/// What the drift check counts as the same head: media types without their parameters,
/// `Cache-Control` as a set of directives, `Vary` as a set of names, and `Expires`, `ETag` and
/// `beagle-hash` by presence.
struct HeadDiffTests {
    /// The differences between a BFF answering 200 with `bff` and a folder answering
    /// `folderStatus` with `folder`.
    static func differences(bff: [String: String], folder: [String: String], folderStatus: Int = 200) -> [HeadDifference] {
        let folderHead = FolderHead(
            status: folderStatus, headers: HeaderFields(folder.map { (name: $0.key, value: $0.value) }), latency: nil)
        return HeadDiff.differences(
            status: 200, headers: HeaderFields(bff.map { (name: $0.key, value: $0.value) }), folder: folderHead)
    }

    /// A difference as one line: `field change | the BFF's value | the folder's`, `-` for none.
    static func line(_ difference: HeadDifference) -> String {
        "\(difference.field.rawValue) \(difference.change.rawValue) | \(difference.bff ?? "-") | \(difference.folder ?? "-")"
    }

    @Test(arguments: [
        // A media type in any letter case, its parameters aside.
        (["content-type": "Application/JSON"], ["Content-Type": "application/json; charset=utf-8"]),
        // Cache-Control's directives in any order, case, spacing and quoting.
        (["Cache-Control": "Public, max-age=\"300\""], ["cache-control": "max-age=300,public"]),
        // Validators and Expires by presence.
        (
            ["ETag": #"W/"a1""#, "Expires": "Thu, 01 Jan 2026 00:00:00 GMT", "beagle-hash": "a1"],
            ["ETag": #""c4bfbb9252674e01""#, "Expires": "0", "beagle-hash": "c4bf"]
        ),
        // Vary's names in any case, Accept-Encoding aside.
        (["Vary": "Accept-Encoding, Beagle-Platform"], ["Vary": "beagle-platform"]),
        (["Vary": "Accept-Encoding"], [:]),
    ])
    func headsThatMeanTheSameHaveNoDifference(bff: [String: String], folder: [String: String]) {
        #expect(Self.differences(bff: bff, folder: folder).isEmpty)
    }

    @Test(arguments: [
        (
            ["Content-Type": "text/plain; charset=utf-8"], ["Content-Type": "application/json"],
            "content-type changed | text/plain; charset=utf-8 | application/json"
        ),
        ([:], ["Content-Type": "application/json"], "content-type removed | - | application/json"),
        (
            ["Cache-Control": "max-age=300"], ["Cache-Control": "no-cache"],
            "cache-control changed | max-age=300 | no-cache"
        ),
        // A comma inside a quoted argument does not split it.
        (
            ["Cache-Control": #"no-cache="Set-Cookie, X-Token""#], ["Cache-Control": #"no-cache="X-Token, Set-Cookie""#],
            #"cache-control changed | no-cache="Set-Cookie, X-Token" | no-cache="X-Token, Set-Cookie""#
        ),
        (["Expires": "0"], [:], "expires added | 0 | -"),
        ([:], ["ETag": #""c4bf""#], #"etag removed | - | "c4bf""#),
        (
            ["Vary": "beagle-platform, Accept-Language"], ["Vary": "beagle-platform"],
            "vary changed | beagle-platform, Accept-Language | beagle-platform"
        ),
    ])
    func headsThatDifferHaveOneDifference(bff: [String: String], folder: [String: String], expected: String) {
        #expect(Self.differences(bff: bff, folder: folder).map(Self.line) == [expected])
    }

    @Test func aStatusThatDiffersIsOneDifference() {
        #expect(Self.differences(bff: [:], folder: [:], folderStatus: 202).map(Self.line) == ["status changed | 200 | 202"])
    }

    @Test func headerFieldsSentTwiceReadAsOneList() {
        let fields = HeaderFields([(name: "Cache-Control", value: "public"), (name: "cache-control", value: "max-age=60")])
        #expect(fields["CACHE-CONTROL"] == "public, max-age=60")
        #expect(fields["ETag"] == nil)
    }
}
