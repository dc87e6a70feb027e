import BeagleNetworking

extension ProbeConfiguration {
    /// The client a probe sends its requests through: a `NetworkClientDefault` whose deadline is
    /// ``timeout``, whose body limit is ``maximumBodySize`` and whose `additionalHeaders` are
    /// ``additionalHeaders``. One client for a crawl and the fetches that time its routes, so that
    /// these reuse the crawl's connections.
    package func networkClient() -> NetworkClientDefault {
        let client = NetworkClientDefault(timeout: timeout)
        client.maximumBodySize = maximumBodySize
        client.httpRequestBuilder.additionalHeaders = additionalHeaders
        return client
    }

    /// The header fields each request of the probe carries, as its client's `HttpRequestBuilder`
    /// sets them: Beagle's defaults (`Content-Type: application/json`), each replaced by the
    /// ``additionalHeaders`` of the same name.
    package var requestHeaders: [String: String] {
        HttpRequestBuilder.defaultHeaders.merging(additionalHeaders) { _, additional in additional }
    }
}
