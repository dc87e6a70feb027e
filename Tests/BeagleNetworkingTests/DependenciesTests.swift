import Foundation
import Testing

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct DependenciesTests {
    final class Counter: Sendable {
        let made = LockedValue(0)

        func make() -> UrlBuilder {
            made.withLock { $0 += 1 }
            return UrlBuilder()
        }
    }

    @Test func lazyDependenciesAreMadeOnceAndShared() throws {
        let container = DependenciesContainer()
        let counter = Counter()
        container.registerLazy((any UrlBuilderProtocol).self, block: counter.make())
        #expect(counter.made.current == 0)
        let first: any UrlBuilderProtocol = try container.resolve()
        let second: any UrlBuilderProtocol = try container.resolve()
        #expect(counter.made.current == 1)
        #expect((first as? UrlBuilder) === (second as? UrlBuilder))
    }

    @Test func factoriesMakeANewDependencyEachTime() throws {
        let container = DependenciesContainer()
        let counter = Counter()
        container.registerFactory((any UrlBuilderProtocol).self, block: counter.make())
        let first: any UrlBuilderProtocol = try container.resolve()
        let second: any UrlBuilderProtocol = try container.resolve()
        #expect(counter.made.current == 2)
        #expect((first as? UrlBuilder) !== (second as? UrlBuilder))
    }

    @Test func instancesAndReplacements() throws {
        let container = DependenciesContainer()
        let builder = UrlBuilder()
        container.register((any UrlBuilderProtocol).self, resolver: .instance(obj: builder))
        #expect((try container.resolve() as any UrlBuilderProtocol) as? UrlBuilder === builder)
        let replacement = UrlBuilder()
        container.registerLazy((any UrlBuilderProtocol).self, block: replacement)
        #expect((try container.resolve() as any UrlBuilderProtocol) as? UrlBuilder === replacement)
    }

    @Test func missingAndMistypedRegistrationsThrow() {
        let container = DependenciesContainer()
        #expect(throws: DependenciesContainer.ContainerError.couldNotFindInstanceForType(type: "CoderProtocol")) {
            let _: any CoderProtocol = try container.resolve()
        }
        container.register((any CoderProtocol).self, resolver: .instance(obj: UrlBuilder()))
        #expect(throws: DependenciesContainer.ContainerError.couldNotCastInstanceToRequestedType(type: "CoderProtocol")) {
            let _: any CoderProtocol = try container.resolve()
        }
    }

    @Test func injectedResolvesOnFirstReadAndKeepsTheValue() throws {
        let container = DependenciesContainer()
        let counter = Counter()
        container.registerFactory((any UrlBuilderProtocol).self, block: counter.make())
        let injected = Injected<any UrlBuilderProtocol>(container)
        #expect(counter.made.current == 0)
        let first = injected.wrappedValue
        let second = injected.wrappedValue
        #expect(counter.made.current == 1)
        #expect((first as? UrlBuilder) === (second as? UrlBuilder))

        let replacement = UrlBuilder()
        injected.wrappedValue = replacement
        #expect(injected.wrappedValue as? UrlBuilder === replacement)
    }

    @Test func optionalInjectedIsNilUntilRegisteredThenResolves() {
        let container = DependenciesContainer()
        let injected = OptionalInjected<any NetworkClientProtocol>(container)
        #expect(injected.wrappedValue == nil)
        container.registerLazy((any NetworkClientProtocol).self, block: FakeNetworkClient { _ in .neverComplete })
        #expect(injected.wrappedValue is FakeNetworkClient)

        // Asking for the optional finds the registration too.
        let optional: (any NetworkClientProtocol)? = try? container.resolve()
        #expect(optional is FakeNetworkClient)

        // An explicit nil stays nil.
        let none = OptionalInjected<any NetworkClientProtocol>(wrappedValue: nil)
        #expect(none.wrappedValue == nil)
    }

    @Test func aMissingInjectedDependencyStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let injected = Injected<any CoderProtocol>(DependenciesContainer())
            _ = injected.wrappedValue
        }
    }

    @Test func beagleDependenciesAreRegisteredAsBeagleDoes() throws {
        var dependencies = BeagleDependencies()
        let builder = UrlBuilder(baseUrl: URL(string: "http://127.0.0.1:8080"))
        dependencies.urlBuilder = builder
        let container = DependenciesContainer(dependencies: dependencies)

        #expect((try container.resolve() as any UrlBuilderProtocol) as? UrlBuilder === builder)
        #expect((try container.resolve() as any CoderProtocol) is Coder)
        #expect((try container.resolve() as any LoggerProtocol) is LoggerProxy)
        #expect((try container.resolve() as any ViewClientProtocol) is ViewClient)
        #expect((try container.resolve() as any ImageDownloaderProtocol) is ImageDownloader)
        // No network client unless one is set.
        #expect(throws: DependenciesContainer.ContainerError.self) {
            let _: any NetworkClientProtocol = try container.resolve()
        }
    }

    @Test func aContainersDefaultClientsUseThatContainersDependencies() async throws {
        let screen = #"{"_beagleComponent_":"beagle:text","text":"from this container"}"#
        var dependencies = BeagleDependencies()
        dependencies.urlBuilder = UrlBuilder(baseUrl: URL(string: "http://127.0.0.1:8080"))
        let network = FakeNetworkClient.serving([
            "http://127.0.0.1:8080/home": screen,
            "http://127.0.0.1:8080/a.png": "png",
        ])
        dependencies.networkClient = network
        let container = DependenciesContainer(dependencies: dependencies)

        let viewClient: any ViewClientProtocol = try container.resolve()
        let fetched = try await viewClient.fetch(url: "/home")
        #expect((fetched as? Text)?.text == .value("from this container"))

        let images: any ImageDownloaderProtocol = try container.resolve()
        #expect(try await images.fetchImage(url: "/a.png") == Data("png".utf8))
        #expect(network.requestCount == 2)
    }

    @Test func theLoggerIsWrappedSoANilLoggerDropsMessages() throws {
        let logger = RecordingLogger()
        var dependencies = BeagleDependencies()
        dependencies.logger = logger
        let container = DependenciesContainer(dependencies: dependencies)
        let resolved: any LoggerProtocol = try container.resolve()
        resolved.log(Log.network(.couldNotBuildUrl(url: "")))
        #expect(logger.logs.values == ["Network|error|couldNotBuildUrl(url: \"\")"])

        let silent: any LoggerProtocol = try DependenciesContainer(dependencies: BeagleDependencies()).resolve()
        silent.log(Log.network(.networkClientWasNotConfigured))
    }
}
