import BeagleNetworking
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The code of Docs/MigratingFromBeagleiOS.md, compiled and run: a Beagle iOS 2.x app's
// networking code, as written against Beagle, with only the changes the guide lists.

// MARK: - A custom network client, as in Beagle's documentation (network-layer.md)

/// Beagle's shape: `executeRequest(_:completion:) -> RequestToken?`. The change: the class is
/// `Sendable` (final, no mutable state) and the completion is `@Sendable`.
final class AppNetworkClient: NetworkClientProtocol {
    let session: URLSession

    init(session: URLSession = .shared) {
        self.session = session
    }

    func executeRequest(_ request: Request, completion: @escaping RequestCompletion) -> (any RequestToken)? {
        var built = URLRequest(url: request.url)
        built.httpMethod = request.additionalData?.method?.rawValue ?? "GET"
        let urlRequest = built
        let task = session.dataTask(with: urlRequest) { data, response, error in
            if let error {
                completion(.failure(NetworkError(error: error, request: urlRequest)))
            } else if let data, let response {
                completion(.success(NetworkResponse(data: data, response: response)))
            }
        }
        task.resume()
        return task
    }
}

// MARK: - A custom component, as in Beagle's documentation (custom-components.md)

/// Beagle's shape: a `ServerDrivenComponent` with `@AutoCodable` children. The change: it is
/// `Sendable` (a struct of Sendable fields is).
struct ProductCard: ServerDrivenComponent {
    let title: String
    let style: Style?
    @AutoCodable var onTap: [any Action]?
}

// MARK: - Set-ups

enum AppBeagleConfig {
    /// Beagle 2.0's set-up, unchanged.
    static func setup() {
        var dependencies = BeagleDependencies()
        dependencies.urlBuilder = UrlBuilder(baseUrl: URL(string: "http://127.0.0.1:8080"))
        dependencies.networkClient = NetworkClientDefault()
        dependencies.coder.register(type: ProductCard.self, named: "productCard")
        BeagleConfigurator.setup(dependencies: dependencies)
    }

    /// Beagle 2.1's set-up, unchanged: one configuration of several.
    static func create(baseURL: String) -> BeagleConfiguration {
        var dependencies = BeagleDependenciesFactory()
        dependencies.networkClient = Factory { resolver in
            NetworkClientDefault(resolver)
        }
        dependencies.urlBuilder = Factory { _ in
            UrlBuilder(baseUrl: URL(string: baseURL))
        }
        let configuration = BeagleConfiguration(dependencies: dependencies)
        configuration.dependencies.coder.register(type: ProductCard.self, named: "productCard")
        return configuration
    }
}

@Suite struct MigrationGuideTests {
    @Test func beaglesHeaderCustomisationTakesEffect() throws {
        let client = NetworkClientDefault()
        client.httpRequestBuilder.additionalHeaders["Authorization"] = "Bearer token"
        let url = try #require(URL(string: "http://127.0.0.1:8080/home"))
        let request = client.httpRequestBuilder.build(url: url, additionalData: nil).toUrlRequest()
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer token")
        #expect(request.timeoutInterval == 100)
    }

    @Test func aTransportErrorIsTheURLErrorAsInBeagle() {
        let request = URLRequest(url: URL(fileURLWithPath: "/"))
        let error = NetworkError(error: URLError(.notConnectedToInternet), request: request)
        // Beagle code: `if (error.error as? URLError)?.code == .notConnectedToInternet { … }`
        #expect((error.error as? URLError)?.code == .notConnectedToInternet)
        // BeagleNetworking adds one name per failure, the same on Linux and Apple platforms.
        #expect(error.failure == .cannotConnect)
    }

    @Test func navigationIsMatchedAsInBeagle() throws {
        let json = #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/cart"}, "navigationContext": {"value": 1}}"#
        let action: any Action = try Coder().decode(from: Data(json.utf8))
        switch action as? Navigate {
        case .pushView(.remote(let newPath), let navigationContext, _)?:
            #expect(newPath.url == .value("/cart"))
            #expect(navigationContext?.value == 1)
        default:
            Issue.record("decoded \(action)")
        }
    }

    @Test func aCustomComponentKeepsItsStyle() throws {
        let coder = Coder()
        coder.register(type: ProductCard.self, named: "productCard")
        let json = ##"{"_beagleComponent_": "custom:productCard", "title": "Tea", "style": {"backgroundColor": "#fff"}}"##
        let card: any ServerDrivenComponent = try coder.decode(from: Data(json.utf8))
        #expect((card as? ProductCard)?.style?.backgroundColor == .value("#fff"))
    }

    @Test func theConfigurationIsBeagles() {
        let configuration = AppBeagleConfig.create(baseURL: "http://127.0.0.1:8080")
        #expect(configuration.dependencies.networkClient is NetworkClientDefault)
        #expect(configuration.dependencies.coder.type(for: "custom:productcard", baseType: .component) != nil)
    }
}
