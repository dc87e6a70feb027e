import Foundation
import Testing

@testable import BeagleNetworking

/// Beagle iOS 2.1's set-up: `BeagleDependenciesFactory`, `Factory` and `BeagleConfiguration`, as
/// Beagle's "Multiple configurations" documentation writes it.
@Suite struct BeagleConfigurationTests {
    static let home = #"{"_beagleComponent_": "custom:badge", "label": "new"}"#

    static func factory(serving body: String, at base: String) -> BeagleDependenciesFactory {
        var dependencies = BeagleDependenciesFactory()
        dependencies.networkClient = Factory { _ in FakeNetworkClient.serving(["\(base)/home": body]) }
        dependencies.urlBuilder = Factory { _ in UrlBuilder(baseUrl: URL(string: base)) }
        dependencies.logger = Factory { _ in RecordingLogger() }
        return dependencies
    }

    @Test func aConfigurationFetchesWithItsOwnDependencies() async throws {
        var dependencies = Self.factory(serving: Self.home, at: "http://a.test")
        dependencies.register(type: Badge.self)
        let configuration = BeagleConfiguration(dependencies: dependencies)
        let screen = try await configuration.dependencies.viewClient.fetch(url: "/home", additionalData: nil)
        #expect((screen as? Badge)?.label == "new")
    }

    @Test func theCoderTakesRegistrationsAfterTheConfigurationIsMade() async throws {
        let configuration = BeagleConfiguration(dependencies: Self.factory(serving: Self.home, at: "http://a.test"))
        configuration.dependencies.coder.register(type: Badge.self, named: "badge")
        let screen = try await ViewClient(configuration.resolver).fetch(url: "/home", additionalData: nil)
        #expect(screen is Badge)
    }

    @Test func configurationsLiveSideBySide() async throws {
        let first = BeagleConfiguration(dependencies: Self.factory(serving: Self.text("one"), at: "http://a.test"))
        let second = BeagleConfiguration(dependencies: Self.factory(serving: Self.text("two"), at: "http://b.test"))
        let one = try await first.dependencies.viewClient.fetch(url: "/home", additionalData: nil)
        let two = try await second.dependencies.viewClient.fetch(url: "/home", additionalData: nil)
        #expect((one as? Text)?.text.value == "one")
        #expect((two as? Text)?.text.value == "two")
    }

    @Test func factoriesGetTheConfigurationsResolver() throws {
        var dependencies = BeagleDependenciesFactory()
        dependencies.networkClient = Factory { resolver in NetworkClientDefault(resolver) }
        let configuration = BeagleConfiguration(dependencies: dependencies)
        #expect(configuration.dependencies.networkClient is NetworkClientDefault)
        // Made once, as Beagle registers it (lazily); the view client anew on every resolve.
        let client = try #require(configuration.dependencies.networkClient as? NetworkClientDefault)
        #expect(configuration.dependencies.networkClient as? NetworkClientDefault === client)
    }

    @Test func withoutANetworkClientAFetchSaysSo() async {
        let configuration = BeagleConfiguration(dependencies: BeagleDependenciesFactory())
        #expect(configuration.dependencies.networkClient == nil)
        do {
            _ = try await configuration.dependencies.viewClient.fetch(url: "/home", additionalData: nil)
            Issue.record("fetched without a network client")
        } catch {
            guard case .networkClientWasNotConfigured = error else {
                Issue.record("expected networkClientWasNotConfigured, got \(error)")
                return
            }
        }
    }

    static func text(_ text: String) -> String {
        #"{"_beagleComponent_": "beagle:text", "text": "\#(text)"}"#
    }
}

/// A custom component, as an app registers one.
struct Badge: ServerDrivenComponent {
    var label: String
}
