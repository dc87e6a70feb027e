import BeagleMockHTTP
import Foundation
import Yams

/// Reads `beagle-mock.yml` into a ``MockConfiguration``, with `file:line:column` on every error.
///
/// Built on Yams' node API (`Yams.compose`) so that each error points at the offending node. A
/// UTF-8 BOM is dropped before parsing (libyaml refuses it when told the encoding), so line and
/// column match what an editor shows; CRLF line ends count as one.
package enum ConfigLoader {
    /// The config file's name in a screens folder.
    package static let fileName = "beagle-mock.yml"

    /// Where the config file of a screens folder lives (it need not exist).
    package static func defaultFile(inScreensFolder folder: URL) -> URL {
        folder.appendingPathComponent(fileName)
    }

    static let topLevelKeys = [
        "latency", "bandwidth", "dribble", "faults", "sequence", "seed", "echo", "cors", "beagleCache", "hangMax",
        "journalSize", "routes", "templates", "templateLimits", "profile", "upstream", "record", "tls",
        "recordMaxSize", "recordLatency", "reloadPort", "livePreview", "livePreviewRoute", "timeline",
    ]
    static let routeKeys = [
        "path", "methods", "when", "file", "scenario", "proxy", "latency", "bandwidth", "dribble", "faults", "sequence",
        "response", "profile",
    ]

    /// Loads a config file that must exist (`--config FILE`).
    package static func load(file: URL) throws(ConfigError) -> MockConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            let exists = FileManager.default.fileExists(atPath: file.path)
            let reason =
                exists
                ? "cannot be read (\(error.localizedDescription)); check its permissions" : "does not exist; check the path"
            throw ConfigError(file: file.path, line: nil, column: nil, message: "config file \(reason)")
        }
        return try parse(data: data, file: file.path)
    }

    /// Loads a config file, or gives the empty configuration when there is none (the screens
    /// folder's optional `beagle-mock.yml`).
    package static func loadIfPresent(file: URL) throws(ConfigError) -> MockConfiguration {
        guard FileManager.default.fileExists(atPath: file.path) else { return .empty }
        return try load(file: file)
    }

    /// The config a server starts with: `configFile` when given (`--config`; it must exist), else
    /// the screens folder's optional `beagle-mock.yml`. Returns the file to watch for reloads too.
    package static func startupConfiguration(
        configFile: String?,
        screensDirectory: String
    ) throws(ConfigError) -> (file: URL, configuration: MockConfiguration) {
        if let configFile {
            let file = URL(fileURLWithPath: configFile)
            return (file, try load(file: file))
        }
        let file = defaultFile(inScreensFolder: URL(fileURLWithPath: screensDirectory, isDirectory: true))
        return (file, try loadIfPresent(file: file))
    }

    /// Parses config bytes: UTF-8, with or without a BOM. `file` is the path used in errors.
    package static func parse(data: Data, file: String) throws(ConfigError) -> MockConfiguration {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            throw ConfigError(file: file, line: 1, column: 1, message: "the file is UTF-16; save it as UTF-8")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let (line, column) = firstInvalidUTF8(in: data)
            throw ConfigError(file: file, line: line, column: column, message: "invalid UTF-8 byte; save the file as UTF-8")
        }
        return try parse(yaml: text, file: file)
    }

    /// Parses config text. `file` is the path used in errors (empty for none).
    package static func parse(yaml text: String, file: String = "") throws(ConfigError) -> MockConfiguration {
        let yaml = text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw syntaxError(error, yaml: yaml).inFile(file)
        }
        guard let root else { return .empty }
        do {
            return try configuration(from: YAMLValue(node: root, path: ""))
        } catch {
            throw error.inFile(file)
        }
    }

    private static func configuration(from root: YAMLValue) throws(ConfigError) -> MockConfiguration {
        if root.isNull { return .empty }
        let mapping = try root.mapping(
            expected: "settings as key: value lines, like latency: 80ms",
            allowed: topLevelKeys,
            misplaced: [
                "response":
                    "response belongs in a routes entry, like routes: [{path: /cart, methods: [POST], response: {status: 422}}]",
                "path": "path belongs in a routes entry, like routes: [{path: /checkout/**}]",
                "methods": "methods belongs in a routes entry, like routes: [{path: /cart, methods: [POST]}]",
            ]
        )
        var configuration = MockConfiguration()
        configuration.globals = try layer(from: mapping)
        if let value = try mapping.optional("seed") {
            configuration.seed = try value.parseScalar(expected: "a whole number like 7") { text throws(SpecError) in
                try SettingChecks.seed(text)
            }
        }
        if let value = try mapping.optional("echo") {
            configuration.echo = try echo(from: value)
        }
        if let value = try mapping.optional("cors") {
            configuration.cors = try bool(from: value)
        }
        if let value = try mapping.optional("templates") {
            configuration.templates = try bool(from: value)
        }
        if let value = try mapping.optional("templateLimits") {
            configuration.templateLimits = try templateLimits(from: value)
        }
        if let value = try mapping.optional("beagleCache") {
            let cache = try value.mapping(expected: "{maxAge: 30s}", allowed: ["maxAge"])
            let maxAgeValue = try cache.required("maxAge", example: "beagleCache: {maxAge: 30s}")
            let maxAge = try Duration(yaml: maxAgeValue)
            do {
                configuration.beagleCache = try BeagleCacheSettings(maxAge: maxAge)
            } catch {
                throw maxAgeValue.error(error)
            }
        }
        if let value = try mapping.optional("hangMax") {
            let duration = try Duration(yaml: value)
            do {
                configuration.hangMax = try SettingChecks.hangMax(duration)
            } catch {
                throw value.error(error)
            }
        }
        if let value = try mapping.optional("journalSize") {
            configuration.journalSize = try value.parseScalar(expected: "a whole number like 1000") { text throws(SpecError) in
                try SettingChecks.journalSize(text)
            }
        }
        if let value = try mapping.optional("upstream", clearHint: "remove the key for no upstream") {
            configuration.upstream = try UpstreamYAML.upstream(from: value)
        }
        if let value = try mapping.optional("record", clearHint: "write record: false, or remove the key") {
            configuration.record = try UpstreamYAML.record(from: value)
        }
        if let value = try mapping.optional("recordLatency", clearHint: "write recordLatency: false, or remove the key") {
            configuration.recordLatency = try ConfigLoader.bool(from: value, expected: "true or false")
        }
        if let value = try mapping.optional("recordMaxSize") {
            configuration.recordMaxSize = try value.parseScalar(expected: "a size like 20MiB") { text throws(SpecError) in
                try SettingChecks.recordMaxSize(text)
            }
        }
        if let value = try mapping.optional("livePreview", clearHint: "remove the key for no Live Preview") {
            configuration.livePreview = try value.parseScalar(expected: "a port like 9721") { text throws(SpecError) in
                try SettingChecks.port(text, what: "livePreview")
            }
        }
        if let value = try mapping.optional("livePreviewRoute", clearHint: "remove the key to show the screen saved last") {
            configuration.livePreviewRoute = try value.parseScalar(expected: "a route like /home") { text throws(SpecError) in
                guard text.hasPrefix("/") else {
                    throw SpecError("livePreviewRoute \(SpecError.quote(text)) must be a route like /home")
                }
                return text
            }
        }
        if let value = try mapping.optional("reloadPort", clearHint: "remove the key for no hot reload") {
            configuration.reloadPort = try value.parseScalar(expected: "a port like 3001") { text throws(SpecError) in
                try SettingChecks.port(text, what: "reloadPort")
            }
        }
        if let value = try mapping.optional("tls", clearHint: "remove the key for no HTTPS") {
            configuration.tls = try TLSYAML.settings(from: value)
        }
        if let value = try mapping.optional("routes", clearHint: "write routes: [] for none, or remove the key") {
            for item in try value.sequence(expected: "a list of route rules like [{path: /checkout/**, latency: 1s}]") {
                configuration.routes.append(try routeRule(from: item))
            }
        }
        if let value = try mapping.optional("timeline", clearHint: "remove the key for no timelines") {
            configuration.timelines = try TimelineYAML.timelines(from: value)
        }
        return configuration
    }

    /// `templateLimits: {iterations: 100000, output: 16MiB}`, either key alone allowed.
    private static func templateLimits(from value: YAMLValue) throws(ConfigError) -> TemplateLimits {
        let mapping = try value.mapping(
            expected: "{iterations: 100000, output: 16MiB}", allowed: ["iterations", "output"])
        let iterations = try mapping.optional("iterations")?.parseScalar(expected: "a whole number like 100000") {
            text throws(SpecError) in
            guard let number = Int(text.trimmingSpecWhitespace()) else {
                throw SpecError("templateLimits.iterations must be a whole number like 100000, not \(SpecError.quote(text))")
            }
            return number
        }
        let outputValue = try mapping.optional("output")
        let output = try outputValue?.parseScalar(expected: "a size like 16MiB") { text throws(SpecError) in
            try ByteSize(spec: text, what: "template output limit")
        }
        do {
            return try TemplateLimits.validate(iterations: iterations, output: output)
        } catch {
            throw value.error(error)
        }
    }

    static func layer(from mapping: YAMLMapping) throws(ConfigError) -> SettingsLayer {
        var layer = SettingsLayer()
        if let value = try mapping.optional("latency", clearHint: "write latency: 0 for none, or remove the key") {
            layer.latency = try LatencySpec(yaml: value)
        }
        if let value = try mapping.optional("bandwidth", clearHint: "write bandwidth: unlimited for no limit, or remove the key")
        {
            layer.bandwidth = try Bandwidth(yaml: value)
        }
        if let value = try mapping.optional("dribble", clearHint: "write dribble: off for none, or remove the key") {
            layer.dribble = try Dribble(yaml: value)
        }
        if let value = try mapping.optional("faults", clearHint: "write faults: [] for none, or remove the key") {
            layer.faults = try FaultRules(yaml: value)
        }
        if let value = try mapping.optional("sequence", clearHint: "write sequence: [] for none, or remove the key") {
            layer.sequence = try FaultSequence(yaml: value)
        }
        if let value = try mapping.optional("response") {
            layer.response = try ResponseOverride(yaml: value)
        }
        if let value = try mapping.optional("profile") {
            let profile = try value.parseScalar(expected: "a network profile like 3g") { text throws(SpecError) in
                try NetworkProfile(spec: text)
            }
            layer = layer.filled(by: profile)
        }
        return layer
    }

    static func routeRule(from value: YAMLValue, allowed: [String] = routeKeys) throws(ConfigError) -> RouteRule {
        let mapping = try value.mapping(expected: "a route rule like {path: /checkout/**, latency: 1s}", allowed: allowed)
        let pathValue = try mapping.required("path", example: "path: /checkout/**")
        let glob = try pathValue.parseScalar(expected: "a path pattern like /checkout/**") { text throws(SpecError) in
            try RouteGlob(text)
        }
        var methods: [String]?
        var methodValues: [YAMLValue] = []
        if let value = try mapping.optional("methods", clearHint: "remove the key to cover every method") {
            if case .scalar = value.node {
                methodValues = [value]
            } else {
                methodValues = try value.sequence(expected: "a list of methods like [GET, POST]")
            }
            var names: [String] = []
            for item in methodValues {
                let name = try item.scalar(expected: "a method like GET")
                do {
                    _ = try RouteRule(path: glob, methods: [name], layer: .empty)
                } catch {
                    throw item.error(error)
                }
                names.append(name)
            }
            guard !names.isEmpty else {
                throw value.error(
                    "an empty methods list matches nothing; list methods like [GET, POST], or remove the key to cover every method"
                )
            }
            methods = names
        }
        let layer = try layer(from: mapping)
        let match = try mapping.optional("when").map { value throws(ConfigError) in try RequestMatchYAML.match(from: value) }
        let scenario = try mapping.optional("scenario").map { value throws(ConfigError) in
            try RequestMatchYAML.scenario(from: value)
        }
        let proxy = try mapping.optional("proxy").map { value throws(ConfigError) in try bool(from: value) }
        let fileValue = try mapping.optional("file")
        let file = try fileValue.map { value throws(ConfigError) in try RequestMatchYAML.file(from: value) }
        do {
            var rule = try RouteRule(
                path: glob, methods: methods, layer: layer, match: match, file: file, scenario: scenario, proxy: proxy,
                line: value.node.mark?.line)
            rule.fileLine = fileValue?.node.mark?.line
            rule.fileColumn = fileValue?.node.mark?.column
            return rule
        } catch {
            throw value.error(error)
        }
    }

    static func echo(from value: YAMLValue) throws(ConfigError) -> EchoSetting {
        if case .sequence = value.node {
            var names: [String] = []
            for item in try value.sequence(expected: "a list of header names") {
                let name = try item.scalar(expected: "a header name like Authorization")
                do {
                    _ = try EchoSetting.validatedHeaders([name])
                } catch {
                    throw item.error(error)
                }
                names.append(name)
            }
            return .headers(names)
        }
        return try bool(from: value, expected: "true, false or a list of header names like [Authorization, beagle-platform]")
            ? .allHeaders : .off
    }

    static func bool(from value: YAMLValue, expected: String = "true or false") throws(ConfigError) -> Bool {
        guard case .scalar = value.node, let bool = value.node.bool else {
            throw value.error(
                "expected \(expected), found \(value.kind == "a value" ? SpecError.quote(value.node.string ?? "") : value.kind)")
        }
        return bool
    }

    /// A Yams error as `line:column: message`; Yams' own text repeats the whole document, which a
    /// log line must not.
    static func syntaxError(_ error: any Error, yaml: String) -> ConfigError {
        guard let yamlError = error as? YamlError else {
            return ConfigError(line: nil, column: nil, message: "YAML error: \(error)")
        }
        func contextNote(_ context: YamlError.Context?) -> String {
            guard let context else { return "" }
            return " (\(context.text) at \(context.mark.line):\(context.mark.column))"
        }
        switch yamlError {
        case .composer(_, let problem, let mark, _) where problem == "but found another document":
            return ConfigError(
                line: mark.line, column: mark.column,
                message: "YAML syntax error: a second document starts here; a config file holds one document, so remove this ---")
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            return ConfigError(
                line: mark.line, column: mark.column, message: "YAML syntax error: \(problem)\(contextNote(context))")
        case .reader(let problem, let offset, _, _):
            let place = offset.map { lineAndColumn(ofUTF8Offset: $0, in: yaml) }
            return ConfigError(line: place?.line, column: place?.column, message: "cannot read the file: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? ""
            let first = context.mark
            let message = "duplicate key \(SpecError.quote(key)) (first at \(first.line):\(first.column)); keep only one"
            if let second = nextOccurrence(ofKey: key, after: first, in: yaml) {
                return ConfigError(line: second.line, column: second.column, message: message)
            }
            return ConfigError(
                line: first.line, column: first.column, message: "duplicate key \(SpecError.quote(key)); keep only one")
        default:
            return ConfigError(line: nil, column: nil, message: "YAML error: \(yamlError)")
        }
    }

    /// Yams reports a duplicate key at its first occurrence; an editor user wants the second. Look for
    /// the same key (plain or quoted, followed by `:`) after the first, at a key position.
    static func nextOccurrence(ofKey key: String, after mark: Mark, in yaml: String) -> (line: Int, column: Int)? {
        guard !key.isEmpty else { return nil }
        // Split on scalars: as Characters, "\r\n" is one grapheme and would not split on "\n".
        let lines = yaml.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        let spellings = [key, "\"\(key)\"", "'\(key)'"].map { Array($0.unicodeScalars) }
        for lineIndex in max(0, mark.line - 1)..<lines.count {
            let scalars = Array(lines[lineIndex])
            let start = lineIndex == mark.line - 1 ? mark.column : 0
            var column = start
            while column < scalars.count {
                for spelling in spellings where column + spelling.count <= scalars.count {
                    guard Array(scalars[column..<column + spelling.count]) == spelling else { continue }
                    let before = column == 0 ? " " : scalars[column - 1]
                    guard [" ", "\t", "{", ",", "-"].contains(before) else { continue }
                    var after = column + spelling.count
                    while after < scalars.count, scalars[after] == " " || scalars[after] == "\t" { after += 1 }
                    if after < scalars.count, scalars[after] == ":" {
                        return (lineIndex + 1, column + 1)
                    }
                }
                column += 1
            }
        }
        return nil
    }

    static func lineAndColumn(ofUTF8Offset offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var consumed = 0
        for scalar in text.unicodeScalars {
            if consumed >= offset { break }
            consumed += String(scalar).utf8.count
            if scalar == "\n" {
                line += 1
                column = 1
            } else if scalar != "\r" {
                column += 1
            }
        }
        return (line, column)
    }

    /// Line and column (in characters decoded so far) of the first byte that is not valid UTF-8.
    static func firstInvalidUTF8(in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var isFirst = true
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if isFirst, scalar == "\u{FEFF}" {
                    // The BOM is not a column.
                } else if scalar == "\n" {
                    line += 1
                    column = 1
                } else if scalar != "\r" {
                    column += 1
                }
                isFirst = false
            case .emptyInput, .error:
                break loop
            }
        }
        return (line, column)
    }
}
