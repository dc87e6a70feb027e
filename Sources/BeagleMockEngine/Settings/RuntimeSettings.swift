import BeagleMockHTTP
import Foundation

/// Overrides set at run time through `PUT /__admin/settings` (Docs/AdminAPI.md, "Runtime
/// settings"): the layer just below per-request control. Cleared by `POST /__admin/reset`.
///
/// JSON shape (every key optional; absent or `null` means "not overridden"; unknown keys refused):
/// ```json
/// {"latency": "200ms", "faults": ["status:503@0.2", {"fault": "reset", "rate": 0.05}],
///  "bandwidth": "64KiB/s", "echo": true, "seed": 7, "profile": "3g"}
/// ```
/// `latency` and `bandwidth` use the flag grammar; `faults` is a JSON array of `SPEC[@RATE]`
/// strings or `{fault, rate}` objects (`[]` clears faults); `echo` is `true`, `false` or a list of
/// header names; `seed` a JSON integer. Any other JSON type is refused with the field's name.
/// Encoding writes every key, `null` for those not set, faults as strings.
package struct RuntimeSettings: Sendable, Hashable, Codable {
    /// Latency for every request.
    package var latency: LatencySpec?
    /// Fault rules for every request (`[]` clears lower layers' faults).
    package var faults: FaultRules?
    /// Bandwidth for every request.
    package var bandwidth: Bandwidth?
    /// Header echo.
    package var echo: EchoSetting?
    /// The seed for fault draws.
    package var seed: UInt64?
    /// A network profile, filling latency, bandwidth and faults not set here.
    package var profile: NetworkProfile?

    /// Creates overrides; every argument defaults to "not overridden".
    package init(
        latency: LatencySpec? = nil, faults: FaultRules? = nil, bandwidth: Bandwidth? = nil, echo: EchoSetting? = nil,
        seed: UInt64? = nil, profile: NetworkProfile? = nil
    ) {
        self.profile = profile
        self.latency = latency
        self.faults = faults
        self.bandwidth = bandwidth
        self.echo = echo
        self.seed = seed
    }

    /// No overrides.
    package static let none = RuntimeSettings()

    /// The overrides as a layer of settings.
    var layer: SettingsLayer {
        SettingsLayer(latency: latency, bandwidth: bandwidth, faults: faults, seed: seed, echo: echo).filled(by: profile)
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static let keys = ["latency", "faults", "bandwidth", "echo", "seed", "profile"]

    /// Decodes and validates; errors are `DecodingError`s whose coding path names the field (see
    /// ``decode(json:)`` for a user-facing error).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys where !Self.keys.contains(key.stringValue) {
            let hint = closestName(to: key.stringValue, among: Self.keys).map { "did you mean \($0)? " } ?? ""
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [key],
                    debugDescription: "unknown setting; \(hint)settings are \(Self.keys.joined(separator: ", "))"))
        }
        func spec<T>(_ name: String, example: String, _ parse: (String) throws(SpecError) -> T) throws -> T? {
            let key = Key(name)
            guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
            guard let text = try? container.decode(String.self, forKey: key) else {
                throw DecodingError.typeMismatch(
                    String.self, .init(codingPath: [key], debugDescription: "expected a string like \(example)"))
            }
            do {
                return try parse(text)
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: [key], debugDescription: error.message))
            }
        }
        latency = try spec("latency", example: "\"200ms\"") { text throws(SpecError) in try LatencySpec(spec: text) }
        bandwidth = try spec("bandwidth", example: "\"64KiB/s\"") { text throws(SpecError) in try Bandwidth(spec: text) }
        faults = try Self.decodeFaults(container, key: Key("faults"))
        echo = try Self.decodeEcho(container, key: Key("echo"))
        seed = try Self.decodeSeed(container, key: Key("seed"))
        profile = try spec("profile", example: "\"3g\"") { text throws(SpecError) in try NetworkProfile(spec: text) }
    }

    private static func decodeFaults(_ container: KeyedDecodingContainer<Key>, key: Key) throws -> FaultRules? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        // Only an array: a comma-separated string is the flag's grammar, and accepting it here
        // too would make the schema of this body say two things (Docs/AdminAPI.md).
        var list: any UnkeyedDecodingContainer
        do {
            list = try container.nestedUnkeyedContainer(forKey: key)
        } catch {
            throw DecodingError.typeMismatch(
                [String].self,
                .init(
                    codingPath: [key],
                    debugDescription:
                        "expected a JSON array of fault rules like [\"status:503@0.2\"] or [{\"fault\": \"reset\", \"rate\": 0.05}], not \(jsonKind(of: key, in: container))"
                ))
        }
        var rules: [FaultRule] = []
        while !list.isAtEnd {
            let index = list.currentIndex
            let path: [any CodingKey] = [key, Key("[\(index)]")]
            if let text = try? list.decode(String.self) {
                do {
                    rules.append(try FaultRule(spec: text))
                } catch {
                    throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: error.message))
                }
                continue
            }
            guard let object = try? list.decode(FaultRuleObject.self) else {
                throw DecodingError.typeMismatch(
                    FaultRule.self,
                    .init(
                        codingPath: path,
                        debugDescription: "expected \"status:503@0.2\" or {\"fault\": \"status:503\", \"rate\": 0.2}"))
            }
            do {
                let fault = try Fault(spec: object.fault)
                rules.append(try FaultRule(fault: fault, rate: object.rate ?? 1))
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: error.message))
            }
        }
        do {
            return try FaultRules(rules)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [key], debugDescription: error.message))
        }
    }

    private struct FaultRuleObject: Decodable {
        let fault: String
        let rate: Double?
    }

    private static func decodeEcho(_ container: KeyedDecodingContainer<Key>, key: Key) throws -> EchoSetting? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        if let flag = try? container.decode(Bool.self, forKey: key) {
            return flag ? .allHeaders : .off
        }
        guard let names = try? container.decode([String].self, forKey: key) else {
            throw DecodingError.typeMismatch(
                EchoSetting.self,
                .init(
                    codingPath: [key], debugDescription: "expected true, false or a list of header names like [\"Authorization\"]"
                ))
        }
        do {
            return try EchoSetting.validatedHeaders(names)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [key], debugDescription: error.message))
        }
    }

    private static func decodeSeed(_ container: KeyedDecodingContainer<Key>, key: Key) throws -> UInt64? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        // Only a JSON integer: a string of digits is not a number, and the schema says integer.
        guard let seed = try? container.decode(UInt64.self, forKey: key) else {
            throw DecodingError.typeMismatch(
                UInt64.self,
                .init(
                    codingPath: [key],
                    debugDescription:
                        "expected a JSON integer, a whole number from 0 to \(UInt64.max) like 7, not \(jsonKind(of: key, in: container))"
                ))
        }
        return seed
    }

    /// What the value at `key` is, for an error that says what was sent instead: `a string
    /// "7"`, `the number 1.5`, `true`, `an object`….
    private static func jsonKind(of key: Key, in container: KeyedDecodingContainer<Key>) -> String {
        if let text = try? container.decode(String.self, forKey: key) {
            return "a string \(SpecError.quote(text))"
        }
        if let flag = try? container.decode(Bool.self, forKey: key) { return flag ? "true" : "false" }
        if let number = try? container.decode(Double.self, forKey: key) { return "the number \(formatDecimal(number))" }
        if (try? container.nestedUnkeyedContainer(forKey: key)) != nil { return "an array" }
        return "an object"
    }

    /// Encodes every key, `null` for those not set.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(latency?.description, forKey: Key("latency"))
        try container.encode(faults?.rules.map(\.description), forKey: Key("faults"))
        try container.encode(bandwidth?.description, forKey: Key("bandwidth"))
        switch echo {
        case nil: try container.encodeNil(forKey: Key("echo"))
        case .off: try container.encode(false, forKey: Key("echo"))
        case .allHeaders: try container.encode(true, forKey: Key("echo"))
        case .headers(let names): try container.encode(names, forKey: Key("echo"))
        }
        try container.encode(seed, forKey: Key("seed"))
        try container.encode(profile?.rawValue, forKey: Key("profile"))
    }

    /// Decodes a `PUT /__admin/settings` body, with an error that names the field.
    package static func decode(json: Data) throws(RuntimeSettingsError) -> RuntimeSettings {
        do {
            return try JSONDecoder().decode(RuntimeSettings.self, from: json)
        } catch let error as DecodingError {
            throw RuntimeSettingsError(error)
        } catch {
            throw RuntimeSettingsError(field: nil, message: "\(error)")
        }
    }

    /// The settings as JSON for `GET /__admin/settings` (keys sorted, so the output is stable).
    package func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, numbers and nulls cannot fail; the fallback keeps this total.
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}

/// An invalid `PUT /__admin/settings` body: which field and why.
package struct RuntimeSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field, like `latency` or `faults[1]`; nil when the body as a whole is wrong.
    package let field: String?
    /// What is wrong and how to fix it.
    package let message: String

    /// Creates an error for a field.
    package init(field: String?, message: String) {
        self.field = field
        self.message = message
    }

    init(_ error: DecodingError) {
        let context: DecodingError.Context
        var fallback = "invalid value"
        switch error {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found):
            context = found
        case .keyNotFound(let key, let found):
            context = found
            fallback = "missing \(key.stringValue)"
        @unknown default:
            self.init(field: nil, message: "\(error)")
            return
        }
        var field = ""
        for key in context.codingPath {
            if let index = key.intValue {
                field += "[\(index)]"
            } else if key.stringValue.hasPrefix("[") {
                field += key.stringValue
            } else {
                field += field.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        var message = context.debugDescription.isEmpty ? fallback : context.debugDescription
        if field.isEmpty {
            message =
                "the body is not a JSON object of settings like {\"latency\": \"200ms\"}: \(context.underlyingError.map { "\($0)" } ?? message)"
        }
        self.init(field: field.isEmpty ? nil : field, message: message)
    }

    /// `faults[1]: unknown fault "boom"; …`
    package var description: String {
        field.map { "\($0): \(message)" } ?? message
    }
}
