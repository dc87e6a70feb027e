import BeagleMockHTTP
import Foundation

extension MockOperations {
    /// `GET /__admin/settings`: the runtime overrides in force.
    package var runtimeSettings: RuntimeSettings {
        settings.snapshot.runtime
    }

    /// `PUT /__admin/settings`: the overrides `json` describes replace those in force, all or
    /// nothing; returns what is now in force.
    @discardableResult
    package func replaceRuntimeSettings(json: Data) throws(OperationError) -> RuntimeSettings {
        let runtime: RuntimeSettings
        do {
            runtime = try RuntimeSettings.decode(json: json)
        } catch {
            throw OperationError(.invalid, field: error.field, error.message)
        }
        settings.replaceRuntime(runtime)
        return runtime
    }

    /// The overrides in force with those `json` names changed (a JSON merge patch, RFC 7396: a key
    /// set to `null` is cleared, a key left out is kept), all or nothing, as an agent's
    /// `set_network` changes them; returns what is now in force.
    @discardableResult
    package func patchRuntimeSettings(json: Data) throws(OperationError) -> RuntimeSettings {
        let patch = (try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])) as? [String: Any]
        guard let patch else {
            throw OperationError(.invalid, "the body must be a JSON object of settings, like {\"latency\": \"200ms\"}")
        }
        var merged = (try? JSONSerialization.jsonObject(with: runtimeSettings.jsonData())) as? [String: Any] ?? [:]
        for (key, value) in patch { merged[key] = value is NSNull ? nil : value }
        let body = (try? JSONSerialization.data(withJSONObject: merged)) ?? Data("{}".utf8)
        return try replaceRuntimeSettings(json: body)
    }
}
