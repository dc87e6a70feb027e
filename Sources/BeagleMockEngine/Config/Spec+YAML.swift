import BeagleMockHTTP
import Yams

// The YAML forms of the spec grammar. Each package initialiser takes a node from `Yams.compose` and
// the key path to name in errors; scalars accept the same strings as flags and headers.

extension Duration {
    /// Parses a YAML duration scalar (`250ms`, `1.5s`, `0`).
    package init(yaml node: Node, keyPath: String = "duration") throws(ConfigError) {
        self = try Duration(yaml: YAMLValue(node: node, path: keyPath))
    }

    init(yaml value: YAMLValue) throws(ConfigError) {
        self = try value.parseScalar(expected: "a duration like 250ms") { text throws(SpecError) in try Duration(spec: text) }
    }
}

extension LatencySpec {
    /// Parses a YAML latency: a string (`250ms`, `100ms..400ms`, `lognormal:120ms,0.4`),
    /// `{uniform: [100ms, 400ms]}`, `{lognormal: {median: 120ms, sigma: 0.4, max: 5s}}` or `{fixed: 250ms}`.
    package init(yaml node: Node, keyPath: String = "latency") throws(ConfigError) {
        self = try LatencySpec(yaml: YAMLValue(node: node, path: keyPath))
    }

    init(yaml value: YAMLValue) throws(ConfigError) {
        if case .scalar = value.node {
            self = try value.parseScalar(expected: "a latency like 250ms") { text throws(SpecError) in try LatencySpec(spec: text)
            }
            return
        }
        let shapes = "250ms, {uniform: [100ms, 400ms]} or {lognormal: {median: 120ms, sigma: 0.4}}"
        let mapping = try value.mapping(expected: "a latency like \(shapes)", allowed: ["fixed", "uniform", "lognormal"])
        guard mapping.entries.count == 1, let entry = mapping.entries.first else {
            throw value.error("a latency has exactly one of fixed, uniform or lognormal, like \(shapes)")
        }
        switch entry.key {
        case "fixed":
            self = .fixed(try Duration(yaml: entry.value))
        case "uniform":
            let bounds = try entry.value.sequence(expected: "two bounds like [100ms, 400ms]")
            guard bounds.count == 2 else {
                throw entry.value.error("expected two bounds like [100ms, 400ms], found \(bounds.count)")
            }
            let lower = try Duration(yaml: bounds[0])
            let upper = try Duration(yaml: bounds[1])
            do {
                self = try .validatedUniform(lower: lower, upper: upper)
            } catch {
                throw entry.value.error(error)
            }
        default:
            let parameters = try entry.value.mapping(
                expected: "{median: 120ms, sigma: 0.4, max: 5s}", allowed: ["median", "sigma", "max"])
            let median = try Duration(yaml: parameters.required("median", example: "median: 120ms"))
            let sigmaValue = try parameters.required("sigma", example: "sigma: 0.4")
            let sigma = try sigmaValue.parseScalar(expected: "a number like 0.4") { text throws(SpecError) in
                let parsed = try LatencySpec.parseSigma(text.trimmingSpecWhitespace())
                guard parsed.isFinite, parsed >= 0, parsed <= LatencySpec.maximumSigma else {
                    throw SpecError(
                        "sigma \(formatDecimal(parsed)) is out of range; use a number from 0 to \(formatDecimal(LatencySpec.maximumSigma)), like 0.4"
                    )
                }
                return parsed
            }
            let maxValue = try parameters.optional("max")
            let max = try maxValue.map { value throws(ConfigError) in try Duration(yaml: value) }
            do {
                self = try .validatedLogNormal(median: median, sigma: sigma, max: max)
            } catch {
                throw (maxValue ?? entry.value).error(error)
            }
        }
    }
}

extension Bandwidth {
    /// Parses a YAML bandwidth scalar (`64KiB/s`, `2Mbit/s`, `unlimited`).
    package init(yaml node: Node, keyPath: String = "bandwidth") throws(ConfigError) {
        self = try Bandwidth(yaml: YAMLValue(node: node, path: keyPath))
    }

    init(yaml value: YAMLValue) throws(ConfigError) {
        self = try value.parseScalar(expected: "a rate like 64KiB/s") { text throws(SpecError) in try Bandwidth(spec: text) }
    }
}

extension Dribble {
    /// Parses a YAML dribble: `{chunks: 10, duration: 2s}`, `10x2s` or `off`.
    package init(yaml node: Node, keyPath: String = "dribble") throws(ConfigError) {
        self = try Dribble(yaml: YAMLValue(node: node, path: keyPath))
    }

    init(yaml value: YAMLValue) throws(ConfigError) {
        if case .scalar = value.node {
            self = try value.parseScalar(expected: "{chunks: 10, duration: 2s}") { text throws(SpecError) in
                try Dribble(spec: text)
            }
            return
        }
        let mapping = try value.mapping(expected: "{chunks: 10, duration: 2s}", allowed: ["chunks", "duration"])
        let chunksValue = try mapping.required("chunks", example: "chunks: 10")
        let chunks = try chunksValue.parseScalar(expected: "a whole number like 10") { text throws(SpecError) in
            let trimmed = text.trimmingSpecWhitespace()
            guard !trimmed.isEmpty, trimmed.allSatisfy(\.isASCIIDigit), trimmed.count <= 9, let count = Int(trimmed),
                count >= 1, count <= Dribble.maximumChunks
            else {
                throw SpecError(
                    "chunks \(SpecError.quote(trimmed)) must be a whole number from 1 to \(Dribble.maximumChunks), like 10")
            }
            return count
        }
        let duration = try Duration(yaml: mapping.required("duration", example: "duration: 2s"))
        self = .chunks(chunks, over: duration)
    }
}

extension Fault {
    /// Parses a YAML fault name (`status:503`, `reset`, `EMPTY_RESPONSE`…).
    package init(yaml node: Node, keyPath: String = "fault") throws(ConfigError) {
        self = try YAMLValue(node: node, path: keyPath).parseScalar(expected: "a fault like \"status:503\"") {
            text throws(SpecError) in
            try Fault(spec: text)
        }
    }
}

extension FaultRule {
    /// Parses a YAML fault rule: `{fault: "status:503", rate: 0.2}`, or the string form `status:503@0.2`.
    package init(yaml node: Node, keyPath: String = "fault") throws(ConfigError) {
        self = try FaultRule(yaml: YAMLValue(node: node, path: keyPath))
    }

    init(yaml value: YAMLValue) throws(ConfigError) {
        if case .scalar = value.node {
            self = try value.parseScalar(expected: "{fault: \"status:503\", rate: 0.2}") { text throws(SpecError) in
                try FaultRule(spec: text)
            }
            return
        }
        let mapping = try value.mapping(expected: "{fault: \"status:503\", rate: 0.2}", allowed: ["fault", "rate"])
        let faultValue = try mapping.required("fault", example: "fault: \"status:503\"")
        let fault = try faultValue.parseScalar(expected: "a fault like \"status:503\"") { text throws(SpecError) in
            try Fault(spec: text)
        }
        guard let rateValue = try mapping.optional("rate") else {
            do {
                self = try FaultRule(fault: fault)
            } catch {
                throw value.error(error)
            }
            return
        }
        self = try rateValue.parseScalar(expected: "a rate from 0 to 1 like 0.2") { text throws(SpecError) in
            try FaultRule(fault: fault, rate: FaultRule.parseRate(text.trimmingSpecWhitespace(), for: fault))
        }
    }
}

extension FaultRules {
    /// Parses a YAML list of fault rules (`[{fault: reset, rate: 0.05}]`, `[]`), or the comma form as a string.
    package init(yaml node: Node, keyPath: String = "faults") throws(ConfigError) {
        self = try FaultRules(yaml: YAMLValue(node: node, path: keyPath))
    }

    init(yaml value: YAMLValue) throws(ConfigError) {
        if case .scalar = value.node {
            self = try value.parseScalar(expected: "a list of fault rules") { text throws(SpecError) in try FaultRules(spec: text)
            }
            return
        }
        let items = try value.sequence(expected: "a list of fault rules like [{fault: \"status:503\", rate: 0.2}]")
        var rules: [FaultRule] = []
        for item in items {
            rules.append(try FaultRule(yaml: item))
        }
        do {
            self = try FaultRules(rules)
        } catch {
            throw value.error(error)
        }
    }
}

extension FaultSequence {
    /// Parses a YAML sequence script: `["status:500", "status:500", ok]`.
    package init(yaml node: Node, keyPath: String = "sequence") throws(ConfigError) {
        self = try FaultSequence(yaml: YAMLValue(node: node, path: keyPath))
    }

    init(yaml value: YAMLValue) throws(ConfigError) {
        let items = try value.sequence(expected: "a list of faults like [\"status:500\", ok]")
        var steps: [Fault] = []
        for item in items {
            steps.append(
                try item.parseScalar(expected: "a fault like \"status:500\" or ok") { text throws(SpecError) in
                    try FaultSequence.parseStep(text)
                })
        }
        do {
            self = try FaultSequence(steps)
        } catch {
            throw value.error(error)
        }
    }
}

extension ResponseOverride {
    /// Parses a YAML response override: `{status: 422, headers: {X-Foo: bar}}`.
    package init(yaml node: Node, keyPath: String = "response") throws(ConfigError) {
        self = try ResponseOverride(yaml: YAMLValue(node: node, path: keyPath))
    }

    init(yaml value: YAMLValue) throws(ConfigError) {
        let mapping = try value.mapping(expected: "{status: 422, headers: {X-Foo: bar}}", allowed: ["status", "headers"])
        let status = try mapping.optional("status").map { statusValue throws(ConfigError) in
            try statusValue.parseScalar(expected: "a status like 422") { text throws(SpecError) in
                try Fault.parseStatus(text.trimmingSpecWhitespace(), in: text, example: "status: 422")
            }
        }
        let headers = try mapping.optional("headers").map { value throws(ConfigError) in try Self.headers(from: value) } ?? []
        do {
            self = try ResponseOverride(status: status, headers: headers)
        } catch {
            throw value.error(error)
        }
    }

    /// Parses a mapping of header names to values, `{X-Foo: bar}`, each checked as a header
    /// (also the upstream's `headers:`).
    static func headers(from headersValue: YAMLValue) throws(ConfigError) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        guard case .mapping(let pairs) = headersValue.node else {
            throw headersValue.error(
                "expected a mapping of header names to values like {X-Foo: bar}, found \(headersValue.kind)")
        }
        for (nameNode, valueNode) in pairs {
            let nameValue = YAMLValue(node: nameNode, path: headersValue.path)
            let name = try nameValue.scalar(expected: "a header name")
            let headerValue = YAMLValue(node: valueNode, path: "\(headersValue.path).\(name)")
            // A null header value is almost surely a mistake; an empty string is allowed when quoted.
            let text = try headerValue.scalar(expected: "a header value (quote it for an empty one: \"\")")
            do {
                _ = try ResponseOverride(status: nil, headers: [(name, text)])
            } catch {
                throw (error.message.contains("name") ? nameValue : headerValue).error(error)
            }
            headers.append((name, text))
        }
        return headers
    }
}
