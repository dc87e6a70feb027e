import BeagleProbe
import BeagleScreens
import Testing

@Suite struct ProbeConfigurationTests {
    @Test func theStartURLGivesTheOriginAndTheFirstRoute() throws {
        let configuration = try ProbeConfiguration(startURL: "http://127.0.0.1:8080/catalog/item-1?ref=home#top")
        #expect(configuration.origin.description == "http://127.0.0.1:8080")
        #expect(configuration.startRoute == "/catalog/item-1?ref=home")
        #expect(try ProbeConfiguration(startURL: "https://bff.example.com").startRoute == "/")
    }

    @Test func defaultsAreThoseOfBeagleIOSAndThreeSteps() throws {
        let configuration = try ProbeConfiguration(startURL: "http://127.0.0.1:8080/home")
        #expect(configuration.depth == 3)
        #expect(configuration.platform == .ios)
        #expect(configuration.timeout == .seconds(10))
        #expect(configuration.additionalHeaders == ["beagle-platform": "IOS"])
    }

    @Test func headersReplaceBeaglesDefaultsWhateverTheirCase() throws {
        let configuration = try ProbeConfiguration(
            startURL: "http://127.0.0.1:8080/home", headers: ["content-type": "text/plain", "Authorization": "Bearer t"],
            platform: .android)
        #expect(
            configuration.additionalHeaders == [
                "beagle-platform": "ANDROID", "Content-Type": "text/plain", "Authorization": "Bearer t",
            ])
    }

    @Test func nonsenseIsRefusedWithAMessage() {
        #expect(
            throws: ProbeConfigurationError(
                "'localhost:8080/home' is not an http or https URL with a host; write one like http://127.0.0.1:8080/home")
        ) {
            try ProbeConfiguration(startURL: "localhost:8080/home")
        }
        #expect(throws: ProbeConfigurationError("'/home' is not a URL; write one like http://127.0.0.1:8080/home")) {
            try ProbeConfiguration(startURL: "/home")
        }
        #expect(throws: ProbeConfigurationError("the depth is -1; use 0 (the start screen only) or more")) {
            try ProbeConfiguration(startURL: "http://127.0.0.1:8080/home", depth: -1)
        }
        #expect(throws: ProbeConfigurationError("the timeout must be more than 0")) {
            try ProbeConfiguration(startURL: "http://127.0.0.1:8080/home", timeout: .zero)
        }
        #expect(throws: ProbeConfigurationError("the platform is MOBILE; use IOS, ANDROID or WEB")) {
            try ProbeConfiguration(startURL: "http://127.0.0.1:8080/home", platform: .mobile)
        }
    }
}
