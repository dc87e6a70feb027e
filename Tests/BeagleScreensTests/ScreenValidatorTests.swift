import BeagleScreens
import Foundation
import Testing

@Suite struct ScreenValidatorTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    let validator = ScreenValidator()

    static func diagnostic(_ file: String, _ line: Int, _ column: Int, _ severity: Diagnostic.Severity, _ message: String)
        -> Diagnostic
    {
        Diagnostic(file: file, line: line, column: column, severity: severity, message: message)
    }

    static let invalidAppDiagnostics: [Diagnostic] = [
        diagnostic("broken.json", 4, 3, .error, "expected ',' or '}' after object member"),
        diagnostic(
            "home.json", 6, 94, .error, "beagle:pushView route '/profle' matches no file in the folder; did you mean '/profile'?"),
        diagnostic(
            "home.json", 13, 64, .warning, "beagle:pushView route '/promo' matches a file only for IOS; ANDROID and WEB get 404"),
        diagnostic(
            "home.json", 16, 65, .warning,
            "beagle:pushStack route '/help' matches no file in the folder (the app shows the route's fallback)"),
        diagnostic("home.json", 19, 61, .error, "beagle:lazyComponent path '/widgets/banner' matches no file in the folder"),
        diagnostic(
            "home.json", 22, 57, .error,
            "beagle:sendRequest url '/cart' has no file for POST: add cart.post.json (the mock answers 405)"),
        diagnostic(
            "home.json", 24, 92, .warning,
            "image '/images/missing.png' is not in the folder (no such file): the app shows its placeholder"),
        diagnostic(
            "home.json", 27, 64, .warning,
            "'app://settings' is neither an http(s) URL nor a path starting with '/': Beagle fetches it as is, without the BFF's base URL"
        ),
        diagnostic(
            "ios-only.json", 1, 1, .warning,
            "the root is a beaglePlatform wrapper: platforms it excludes still get its child (a root is never removed, as with the Kotlin BFF); serve a screen to one platform with a variant file such as home.ios.json"
        ),
        diagnostic(
            "roots/action.json", 1, 1, .warning,
            "the root is an action, not a component: Beagle cannot render this file as a screen"),
        diagnostic(
            "roots/data.json", 1, 1, .warning,
            "the root has no _beagleComponent_: Beagle cannot render this file as a screen (fine if it is data for a request)"),
        diagnostic(
            "roots/list.json", 1, 1, .warning,
            "the root is an array, not a component: Beagle cannot render this file as a screen (fine if it is data for a request)"
        ),
        diagnostic("shapes.json", 6, 7, .error, "children[0] must be a component: this object has no _beagleComponent_"),
        diagnostic("shapes.json", 7, 7, .error, "children[1] must be a component, but this is an action ('beagle:popView')"),
        diagnostic("shapes.json", 8, 71, .error, "onPress[0] must be an action: this object has no _beagleAction_"),
        diagnostic("shapes.json", 9, 70, .error, "onPress must be an array of actions, not an object"),
        diagnostic("shapes.json", 10, 58, .error, "child must be a component, not a string"),
        diagnostic("shapes.json", 12, 56, .error, "route needs a url (a remote screen) or a screen (a local one)"),
        diagnostic("shapes.json", 13, 67, .error, "screen needs child: Beagle 2.x cannot decode a screen without one"),
        diagnostic("shapes.json", 15, 80, .error, "templates[0] needs view: Beagle 2.x cannot decode a template without one"),
        diagnostic(
            "shapes.json", 16, 53, .error,
            "path must be an image path object, not a string (an object with _beagleImagePath_, or an expression)"),
        diagnostic("shapes.json", 17, 53, .error, #"path must have _beagleImagePath_ ("local" or "remote")"#),
        diagnostic("shapes.json", 18, 75, .error, #"_beagleImagePath_ must be "local" or "remote" (lowercase), not 'Remote'"#),
        diagnostic("shapes.json", 19, 53, .error, "a remote image path needs a url string"),
        diagnostic("shapes.json", 20, 59, .warning, "duplicate key 'text': decoders keep only one of the values"),
        diagnostic(
            "shapes.json", 21, 26, .error,
            "beaglePlatform 'TV' is not ALL, MOBILE, ANDROID, IOS or WEB: the wrapper is removed for every platform"),
        diagnostic(
            "shapes.json", 22, 7, .error, "a beaglePlatform wrapper needs a child object: this one is removed for every platform"),
        diagnostic("types.json", 4, 27, .error, "unknown component 'beagle:carousel': Beagle 2.x has no such type"),
        diagnostic(
            "types.json", 5, 89, .error,
            "unknown action 'beagle:pushVew': Beagle 2.x has no such type; did you mean 'beagle:pushView'?"),
        diagnostic(
            "types.json", 6, 27, .error,
            "'beagle:form' is a Beagle 1.x component that Beagle 2.x does not have (it decodes to an unknown component)"),
        diagnostic(
            "types.json", 7, 27, .error,
            "unknown namespace 'acme' in 'acme:banner': Beagle knows beagle: (built-in types) and custom: (types the app registers)"
        ),
        diagnostic("types.json", 8, 27, .error, "'beagle:alert' is an action, not a component: put it under _beagleAction_"),
        diagnostic("types.json", 9, 27, .error, "_beagleComponent_ must be a string naming a component type, not a number"),
    ]

    // MARK: - Folders

    @Test func theInvalidAppYieldsExactlyOneDiagnosticPerProblem() throws {
        let folder = try ScreenFolder(contentsOf: Self.fixtures.appendingPathComponent("invalid-app/screens"))
        let report = validator.validate(folder)
        #expect(report.diagnostics == Self.invalidAppDiagnostics)
        #expect(report.summary == ValidationReport.Summary(files: 11, errors: 24, warnings: 9))
        #expect(report.hasErrors)
    }

    @Test func theCleanAppYieldsNothing() throws {
        let folder = try ScreenFolder(contentsOf: Self.fixtures.appendingPathComponent("clean-app/screens"))
        let report = validator.validate(folder)
        #expect(report.diagnostics == [])
        #expect(report.summary.files == 9)
        #expect(!report.hasErrors)
    }

    @Test func imagesAreLookedUpInTheImagesFolderGiven() throws {
        let screens = Self.fixtures.appendingPathComponent("clean-app/screens")
        let otherImages = Self.fixtures.appendingPathComponent("invalid-app/screens/roots")
        let folder = try ScreenFolder(contentsOf: screens, images: otherImages)
        let messages = validator.validate(folder).diagnostics.map(\.message)
        #expect(messages == ["image '/images/beach.png' is not in the folder (no such file): the app shows its placeholder"])
        let withoutImages = ScreenFolder(root: screens, relativePaths: ["a.json"])
        let data = Data(
            #"{"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "/images/x.png"}}"#.utf8)
        #expect(
            validator.validate(screen: data, at: "a.json", in: withoutImages).map(\.message) == [
                "image '/images/x.png' is not in the folder (there is no images folder next to the screens folder): the app shows its placeholder"
            ])
    }

    // MARK: - One screen

    @Test func aScreenAloneGetsStructureChecksButNoRouteChecks() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("invalid-app/screens/home.json"))
        let diagnostics = validator.validate(screen: data, file: "home.json")
        #expect(diagnostics == Self.invalidAppDiagnostics.filter { $0.file == "home.json" && $0.message.hasPrefix("'app://") })
        let broken = validator.validate(screen: Data("{\"a\": }".utf8), file: "x.json")
        #expect(broken == [Self.diagnostic("x.json", 1, 7, .error, "unexpected '}': expected a value")])
    }

    @Test func aScreenInItsFolderIsCheckedLikeInTheWholeFolder() throws {
        let folder = try ScreenFolder(contentsOf: Self.fixtures.appendingPathComponent("invalid-app/screens"))
        let file = try #require(folder.file(atRelativePath: "home.json"))
        let diagnostics = validator.validate(screen: try Data(contentsOf: file.url), at: "home.json", in: folder)
        #expect(diagnostics == Self.invalidAppDiagnostics.filter { $0.file == "home.json" })
    }

    static let promoFolder = ScreenFolder(
        root: URL(fileURLWithPath: "/app/screens"), relativePaths: ["promo.ios.json", "home.json", "home.ios.json", "cart.json"])
    static let pushPromo = #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/promo"}}"#

    @Test func routesAreCheckedForThePlatformsThatSeeThem() {
        let plain = Data(#"{"_beagleComponent_": "beagle:button", "text": "x", "onPress": [\#(Self.pushPromo)]}"#.utf8)
        #expect(validator.validate(screen: plain, at: "home.json", in: Self.promoFolder).count == 1)
        // The same screen as an iOS variant, or inside an IOS wrapper: only IOS sees the route.
        #expect(validator.validate(screen: plain, at: "home.ios.json", in: Self.promoFolder).isEmpty)
        let wrapped = Data(
            #"{"_beagleComponent_": "beagle:container", "children": [{"beaglePlatform": "IOS", "child": {"_beagleComponent_": "beagle:button", "text": "x", "onPress": [\#(Self.pushPromo)]}}]}"#
                .utf8)
        #expect(validator.validate(screen: wrapped, at: "home.json", in: Self.promoFolder).isEmpty)
        let forWeb = Data(
            #"{"_beagleComponent_": "beagle:container", "children": [{"beaglePlatform": "WEB", "child": {"_beagleComponent_": "beagle:button", "text": "x", "onPress": [\#(Self.pushPromo)]}}]}"#
                .utf8)
        #expect(
            validator.validate(screen: forWeb, at: "home.json", in: Self.promoFolder).map(\.message) == [
                "beagle:pushView route '/promo' matches no file in the folder"
            ])
    }

    @Test func methodFilesAreDataNotScreens() {
        let folder = ScreenFolder(root: URL(fileURLWithPath: "/app/screens"), relativePaths: ["cart.post.json"])
        #expect(validator.validate(screen: Data("[1, 2]".utf8), at: "cart.post.json", in: folder).isEmpty)
        #expect(validator.validate(screen: Data("[1, 2]".utf8), file: "cart.post.json").isEmpty)
        #expect(validator.validate(screen: Data("[1, 2]".utf8), file: "cart.json").count == 1)
        // Type names are still checked wherever they appear.
        #expect(validator.validate(screen: Data(#"{"_beagleAction_": "beagle:nope"}"#.utf8), file: "cart.post.json").count == 1)
    }

    @Test func requestsWithoutAnyFileAnswer404() {
        let data = Data(#"{"_beagleAction_": "beagle:submitForm", "url": "/orders/", "method": "patch"}"#.utf8)
        #expect(
            validator.validate(screen: data, at: "cart.post.json", in: Self.promoFolder).map(\.message) == [
                "beagle:submitForm url '/orders/' has no file for PATCH: add orders.patch.json (the mock answers 404)"
            ])
    }

    @Test func navigationWithAMethodNeedsAMethodFile() {
        let data = Data(
            #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/cart", "httpAdditionalData": {"method": "POST"}}}"#.utf8)
        let diagnostics = validator.validate(screen: data, at: "x.post.json", in: Self.promoFolder)
        #expect(
            diagnostics.map(\.message) == [
                "beagle:pushView route '/cart' has no file for POST: add cart.post.json (the mock answers 405)"
            ])
        #expect(diagnostics.map(\.severity) == [.error])
    }

    @Test func nestedWrappersPassTheExpectationToTheirChild() {
        let data = Data(
            #"{"_beagleComponent_": "beagle:container", "children": [{"beaglePlatform": "MOBILE", "child": {"beaglePlatform": "IOS", "child": {"text": "no type"}}}]}"#
                .utf8)
        #expect(
            validator.validate(screen: data, file: "x.json") == [
                Self.diagnostic("x.json", 1, 129, .error, "children[0] must be a component: this object has no _beagleComponent_")
            ])
    }

    // MARK: - Report formats

    @Test func textFormatIsOneLinePerDiagnosticAndASummary() {
        let report = ValidationReport(diagnostics: Array(Self.invalidAppDiagnostics.prefix(3)).reversed(), files: 2).inFolder(
            "screens/")
        #expect(
            report.text == """
                screens/broken.json:4:3: error: expected ',' or '}' after object member
                screens/home.json:6:94: error: beagle:pushView route '/profle' matches no file in the folder; did you mean '/profile'?
                screens/home.json:13:64: warning: beagle:pushView route '/promo' matches a file only for IOS; ANDROID and WEB get 404
                2 files checked: 2 errors, 1 warning

                """)
        #expect(ValidationReport(diagnostics: [], files: 1).text == "1 file checked: 0 errors, 0 warnings\n")
        #expect(Self.invalidAppDiagnostics[0].inFolder(".").file == "broken.json")
        #expect(Self.invalidAppDiagnostics[0].inFolder("/abs/screens").file == "/abs/screens/broken.json")
    }

    @Test func jsonFormatHasDiagnosticsAndSummary() throws {
        let report = ValidationReport(diagnostics: [Self.invalidAppDiagnostics[0]], files: 4)
        let text = String(decoding: report.json, as: UTF8.self)
        #expect(
            text == """
                {
                  "diagnostics" : [
                    {
                      "column" : 3,
                      "file" : "broken.json",
                      "line" : 4,
                      "message" : "expected ',' or '}' after object member",
                      "severity" : "error"
                    }
                  ],
                  "summary" : {
                    "errors" : 1,
                    "files" : 4,
                    "warnings" : 0
                  }
                }
                """)
        #expect(try JSONDecoder().decode(ValidationReport.self, from: report.json) == report)
    }
}

@Suite struct HostileScreenTests {
    /// A tree close to the reader's nesting limit, mixing objects, arrays and wrappers, walked
    /// by every recursive pass of the module.
    static func deepScreen() -> Data {
        // Each pair nests 3 levels: wrapper object, container object, children array.
        let pairs = JSONReader.defaultMaximumDepth / 3
        let open = #"{"beaglePlatform": "ALL", "child": {"_beagleComponent_": "beagle:container", "children": ["#
        return Data((String(repeating: open, count: pairs) + "null" + String(repeating: "]}}", count: pairs)).utf8)
    }

    @Test func theDeepestAcceptedTreeIsWalkedWithoutCrashing() throws {
        let data = Self.deepScreen()
        let root = try JSONReader().parse(data)
        #expect(!JSONWriter.compactBytes(root).isEmpty)
        #expect(PlatformFilter(platform: .ios).apply(to: data).changed)
        #expect(ScreenReferences(in: root).all.isEmpty)
        let diagnostics = ScreenValidator().validate(screen: data, file: "deep.json")
        #expect(diagnostics.map(\.severity) == [.warning])  // the root wrapper, nothing else
        let unwrapped = try JSONReader().parse(PlatformFilter(platform: .web).filter(data))
        #expect(!JSONWriter.compactString(unwrapped).contains("beaglePlatform"))
    }

    @Test func tooDeepIsOneSyntaxError() {
        let data = Data((String(repeating: #"{"child": "#, count: 600) + "1" + String(repeating: "}", count: 600)).utf8)
        let diagnostics = ScreenValidator().validate(screen: data, file: "deep.json")
        #expect(diagnostics.map(\.message) == ["nesting too deep: more than 512 arrays and objects inside each other"])
        #expect(diagnostics.first.map { "\($0.line):\($0.column)" } == "1:5121")
        #expect(PlatformFilter(platform: .ios).filter(data) == data)
    }
}
