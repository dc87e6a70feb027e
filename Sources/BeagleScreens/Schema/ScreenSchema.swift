import Foundation

/// A JSON Schema (draft 2020-12) of Beagle 2.x screens and actions, written from a
/// ``BeagleCatalogue``: the checks ``ScreenValidator`` makes of one file's structure (types,
/// fields, required fields, enumerations, expressions, `beaglePlatform` wrappers), for an editor
/// to make as one types. What the schema cannot see (duplicate keys, routes that lead nowhere,
/// missing images) stays with `validate`.
///
/// The schema follows the validator's reading: a type key is checked wherever it appears, a
/// built-in type's fields wherever an object names it, a `custom:` type's fields are the app's
/// (only type keys are checked inside it), keys Beagle does not read are allowed, and `null`
/// stands for a missing optional field. Beagle 1.x field names that 2.x ignores are marked
/// deprecated, with what the app shows instead.
package struct ScreenSchema: Sendable {
    /// The catalogue the schema describes.
    package let catalogue: BeagleCatalogue

    /// The dialect the schema is written in.
    package static let dialect = "https://json-schema.org/draft/2020-12/schema"

    package init(catalogue: BeagleCatalogue = .beagle2) {
        self.catalogue = catalogue
    }

    /// The schema as pretty-printed JSON, its keys sorted, ending with a line break; throws what
    /// Foundation's serialiser throws, which a document of dictionaries, arrays, strings, numbers
    /// and booleans never makes it do.
    package func text() throws -> String {
        let data = try JSONSerialization.data(
            withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The schema as a JSON object.
    package var document: [String: Any] {
        var definitions: [String: Any] = [
            "any": anyValue,
            "typeKeys": typeKeys,
            "componentName": typeName(.component),
            "actionName": typeName(.action),
            "platformWrapper": platformWrapper,
            "component": objectOrWrapper("componentObject"),
            "componentObject": typedObject(.component),
            "action": objectOrWrapper("actionObject"),
            "actionObject": typedObject(.action),
            "customType": [
                "description": "A type the app registers (custom:…): its fields are the app's; type keys inside it are checked.",
                "additionalProperties": ref("any"),
            ],
            "route": objectOrWrapper("routeObject"),
            "routeObject": routeObject,
            "imagePath": [
                "if": ["type": "string"],
                "then": expressionString,
                "else": objectOrWrapper("imagePathObject"),
            ],
            "imagePathObject": [
                "type": "object", "required": [Self.imagePathKey], "allOf": [ref("typeKeys")],
                "additionalProperties": ref("any"),
            ],
        ]
        for (name, structure) in structures {
            definitions[name] = objectOrWrapper(name + "Object")
            definitions[name + "Object"] = object(
                fields: structure.fields, required: structure.required, legacy: structure.legacyFields,
                checksTypeKeys: name != "navigationBarItem")
        }
        for (name, shape) in Self.namedShapes {
            definitions[name] = inlineSchema(of: shape)
        }
        for type in catalogue.types {
            definitions[type.identifier] = object(
                fields: type.fields, required: type.required, legacy: type.legacyFields, nullable: Self.nullableFields(of: type),
                checksTypeKeys: true)
        }
        return [
            "$schema": Self.dialect,
            "$id": "https://beagle-mock.dev/schema/beagle-2.json",
            "title": "Beagle 2.x screen",
            "description":
                "A screen or action JSON file as Beagle 2.x decodes it: built-in components and actions with their fields, custom: types, beaglePlatform wrappers. Written by beagle-mock from the catalogue its validate command uses.",
            "$ref": "#/$defs/any",
            "$defs": definitions,
        ]
    }

    // MARK: - Traversal

    /// Any value: an object that names a type is that type, a wrapper stands in for its child,
    /// and whatever else is walked for the type keys inside it.
    private var anyValue: [String: Any] {
        [
            "if": objectWith("beaglePlatform"),
            "then": wrapper(childRef: "any"),
            "else": [
                "if": objectWith(BeagleTypeKind.component.typeKey),
                "then": ref("componentObject"),
                "else": [
                    "if": objectWith(BeagleTypeKind.action.typeKey),
                    "then": ref("actionObject"),
                    "else": [
                        "if": ["type": "object"],
                        "then": ["allOf": [ref("typeKeys")], "additionalProperties": ref("any")],
                        "else": ["items": ref("any")],
                    ] as [String: Any],
                ] as [String: Any],
            ] as [String: Any],
        ]
    }

    /// The checks of type keys that every object gets: the names of `_beagleComponent_` and
    /// `_beagleAction_`, and an image path's `local` or `remote` with what each needs.
    private var typeKeys: [String: Any] {
        [
            "properties": [
                BeagleTypeKind.component.typeKey: ref("componentName"),
                BeagleTypeKind.action.typeKey: ref("actionName"),
                Self.imagePathKey: ["enum": ["local", "remote"]],
            ],
            "allOf": [
                [
                    "if": ["required": [Self.imagePathKey], "properties": [Self.imagePathKey: ["const": "remote"]]],
                    "then": ["required": ["url"], "properties": ["url": ["type": "string"]]],
                ],
                [
                    "if": ["required": [Self.imagePathKey], "properties": [Self.imagePathKey: ["const": "local"]]],
                    "then": ["required": ["mobileId"], "properties": ["mobileId": ["type": "string"]]],
                ],
            ],
        ]
    }

    /// A `beaglePlatform` wrapper, its child checked against `childRef`.
    private func wrapper(childRef: String) -> [String: Any] {
        [
            "$ref": "#/$defs/platformWrapper",
            "properties": ["child": ref(childRef)],
        ]
    }

    private var platformWrapper: [String: Any] {
        let platforms = BeaglePlatform.allCases.map { Self.anyCase($0.rawValue) }
        return [
            "description": "Kept for the platforms it names, replaced by its child (Docs/ScreensFolder.md).",
            "type": "object",
            "required": ["beaglePlatform", "child"],
            "properties": [
                "beaglePlatform": ["type": "string", "pattern": "^(" + platforms.joined(separator: "|") + ")$"],
                "child": ["type": "object"],
            ],
            "additionalProperties": ref("any"),
        ]
    }

    /// `definition`, or a wrapper whose child is one.
    private func objectOrWrapper(_ definition: String) -> [String: Any] {
        ["if": objectWith("beaglePlatform"), "then": wrapper(childRef: definition), "else": ref(definition)]
    }

    // MARK: - Types

    /// A component or action: its type key names a built-in type (then its fields are checked)
    /// or a `custom:` one.
    private func typedObject(_ kind: BeagleTypeKind) -> [String: Any] {
        let types = catalogue.types.filter { $0.kind == kind }
        var branches: [[String: Any]] = types.map { type in
            ["if": ["properties": [kind.typeKey: ["pattern": Self.exactly(type.identifier)]]], "then": ref(type.identifier)]
        }
        branches.append(["if": ["properties": [kind.typeKey: ["pattern": Self.customPattern]]], "then": ref("customType")])
        return [
            "type": "object",
            "required": [kind.typeKey],
            "allOf": [ref("typeKeys")] + branches,
        ]
    }

    /// The names a type key may hold: a built-in type of `kind` in any letter case, or `custom:…`.
    private func typeName(_ kind: BeagleTypeKind) -> [String: Any] {
        let names = catalogue.types.filter { $0.kind == kind }.map(\.identifier)
        return [
            "type": "string",
            "description":
                "A built-in Beagle 2.x \(kind.rawValue) (any letter case), or custom: and the name of one the app registers.",
            "anyOf": names.map { ["pattern": Self.exactly($0), "title": $0] } + [["pattern": Self.customPattern]],
            "examples": names,
        ]
    }

    /// The fields whose value may be null though required (a `DynamicObject` decodes null).
    private static func nullableFields(of type: BeagleType) -> Set<String> {
        Set(type.required.filter { type.fields[$0] == .value(.any) })
    }

    /// An object with `fields`; `required` present and not null (but `nullable`), the rest
    /// optional; other keys allowed, walked for type keys; `legacy` names deprecated.
    private func object(
        fields: [String: BeagleFieldShape], required: Set<String>, legacy: [String: String], nullable: Set<String> = [],
        checksTypeKeys: Bool
    ) -> [String: Any] {
        var properties: [String: Any] = [:]
        for (name, shape) in fields {
            let schema = self.schema(of: shape)
            properties[name] = required.contains(name) && !nullable.contains(name) ? schema : Self.orNull(schema)
        }
        for (name, instead) in legacy where fields[name] == nil {
            properties[name] = [
                "deprecated": true, "deprecationMessage": "A Beagle 1.x field that 2.x ignores: \(instead)",
                "description": "A Beagle 1.x field that 2.x ignores: \(instead)",
            ]
        }
        var object: [String: Any] = [
            "type": "object", "properties": properties, "additionalProperties": ref("any"),
        ]
        if !required.isEmpty { object["required"] = required.sorted() }
        if checksTypeKeys { object["allOf"] = [ref("typeKeys")] }
        return object
    }

    /// A route: a local one when its `screen` is there, else a remote one (Beagle iOS 2.x
    /// `Route.init(from:)`).
    private var routeObject: [String: Any] {
        let remote = object(
            fields: BeagleCatalogue.remoteRoute.fields, required: BeagleCatalogue.remoteRoute.required, legacy: [:],
            checksTypeKeys: true)
        return [
            "type": "object",
            "if": ["required": ["screen"], "properties": ["screen": ["not": ["type": "null"]]]],
            "then": [
                "allOf": [ref("typeKeys")], "properties": ["screen": ref("screen")], "additionalProperties": ref("any"),
            ] as [String: Any],
            "else": remote,
        ]
    }

    /// The structures of Beagle's that types lead to, by definition name.
    private var structures: [(String, BeagleStructure)] {
        [
            ("screen", BeagleCatalogue.screen), ("navigationBar", BeagleCatalogue.navigationBar),
            ("navigationBarItem", BeagleCatalogue.navigationBarItem), ("template", BeagleCatalogue.template),
        ]
    }

    // MARK: - Fields

    /// The schema of a field of `shape` (null not allowed: the caller allows it when optional).
    private func schema(of shape: BeagleFieldShape) -> [String: Any] {
        switch shape {
        case .component: ref("component")
        case .components: list(of: "component")
        case .action: ref("action")
        case .actions: list(of: "action")
        case .route: ref("route")
        case .screen: ref("screen")
        case .navigationBar: ref("navigationBar")
        case .navigationBarItems: list(of: "navigationBarItem")
        case .templates: list(of: "template")
        case .imagePath: ref("imagePath")
        case .style, .context, .accessibility, .safeArea, .enumeration, .value:
            valueSchema(shape.valueShape ?? .any)
        }
    }

    /// A plain value's schema; one that may hold objects is walked for type keys too.
    private func valueSchema(_ shape: PropertyShape) -> [String: Any] {
        let schema = self.schema(of: shape)
        return Self.mayHoldObjects(shape) ? ["allOf": [schema, ref("any")]] : schema
    }

    /// Whether a value of `shape` may be or hold an object or an array.
    private static func mayHoldObjects(_ shape: PropertyShape) -> Bool {
        switch shape {
        case .number, .integer, .bool, .string, .oneOf: false
        case .expression(let inner): mayHoldObjects(inner)
        case .either(let first, let second): mayHoldObjects(first) || mayHoldObjects(second)
        case .object, .map, .list, .any: true
        }
    }

    /// An array of `definition`s (null elements are skipped, as `validate` skips them).
    private func list(of definition: String) -> [String: Any] {
        ["type": "array", "items": Self.orNull(ref(definition))]
    }

    /// The schema of a plain value of `shape`, as ``PropertyCheck`` checks it: a reference
    /// for a shape with a name of its own (`style`, `unitValue`…).
    private func schema(of shape: PropertyShape) -> [String: Any] {
        if let name = Self.namedShapes.first(where: { $0.shape == shape })?.name { return ref(name) }
        return inlineSchema(of: shape)
    }

    /// An object of `fields`: optional ones may be null, required ones (but those of any value)
    /// may not.
    private func objectSchema(fields: [String: PropertyShape], required: Set<String>) -> [String: Any] {
        var object: [String: Any] = [
            "type": "object", "properties": fields.mapValues { field in Self.orNull(schema(of: field)) },
        ]
        if !required.isEmpty { object["required"] = required.sorted() }
        let notNull = required.sorted().filter { fields[$0] != .any }
        if !notNull.isEmpty {
            object["allOf"] = notNull.map { name in ["properties": [name: ["not": ["type": "null"]]]] }
        }
        return object
    }

    /// The value shapes written once in `$defs` and referred to wherever they appear.
    private static let namedShapes: [(name: String, shape: PropertyShape)] = [
        ("style", .style), ("unitValue", .unitValue), ("edgeValue", .edgeValue), ("size", .size), ("flex", .flex),
        ("cornerRadius", .cornerRadius), ("context", .context), ("accessibility", .accessibility),
        ("safeArea", .safeArea), ("httpAdditionalData", .httpAdditionalData),
    ]

    private func inlineSchema(of shape: PropertyShape) -> [String: Any] {
        switch shape {
        case .number: ["type": "number"]
        case .integer: ["type": "integer"]
        case .bool: ["type": "boolean"]
        case .string: ["type": "string"]
        case .expression(.string): ["type": "string"]
        case .expression(let inner): ["anyOf": [expressionString, schema(of: inner)]]
        case .oneOf(let values, let expression):
            expression ? ["anyOf": [["enum": values], expressionString]] : ["enum": values]
        case .object(let fields, let required):
            objectSchema(fields: fields, required: required)
        case .map(let value): ["type": "object", "additionalProperties": Self.orNull(schema(of: value))]
        case .list(let element): ["type": "array", "items": Self.orNull(schema(of: element))]
        case .either(let first, let second): ["anyOf": [schema(of: first), schema(of: second)]]
        case .any: [:]
        }
    }

    /// A string holding an expression (`@{…}`).
    private var expressionString: [String: Any] {
        ["type": "string", "pattern": "@\\{", "description": "A Beagle expression, such as @{user.name}."]
    }

    // MARK: - Helpers

    private static let imagePathKey = "_beagleImagePath_"

    /// Any name in the `custom` namespace, in any letter case.
    private static let customPattern = "^" + anyCase("custom") + ":"

    private func ref(_ definition: String) -> [String: Any] {
        ["$ref": "#/$defs/" + definition]
    }

    /// An object that has `key`.
    private func objectWith(_ key: String) -> [String: Any] {
        ["type": "object", "required": [key]]
    }

    /// `schema`, or null. Null joins an enumeration or a type where there is one, so that an
    /// editor's message for a wrong value names the values rather than null. Elsewhere null is the
    /// `if` of an `if`/`else` rather than a branch of an `anyOf`: a generic validator
    /// (`check-jsonschema`) then reports what is wrong in `schema` (a button without its `text`)
    /// instead of "is not of type 'null'".
    private static func orNull(_ schema: [String: Any]) -> [String: Any] {
        var nullable = schema
        if let values = schema["enum"] as? [Any] {
            nullable["enum"] = values + [NSNull()]
        } else if let type = schema["type"] as? String, schema["allOf"] == nil, schema["anyOf"] == nil {
            nullable["type"] = [type, "null"]
        } else if var branches = schema["anyOf"] as? [[String: Any]], let first = branches.first,
            first["enum"] != nil || first["type"] is String
        {
            branches[0] = orNull(first)
            nullable["anyOf"] = branches
        } else {
            return ["if": ["type": "null"], "else": schema]
        }
        return nullable
    }

    /// A pattern matching `name` exactly, in any letter case (Beagle's Coder lowercases names).
    private static func exactly(_ name: String) -> String {
        "^" + anyCase(name) + "$"
    }

    /// `name` with each letter as a class of both its cases (`[bB][eE]…`): JSON Schema's
    /// regular expressions have no flag for case.
    private static func anyCase(_ name: String) -> String {
        name.map { character -> String in
            let lower = character.lowercased()
            let upper = character.uppercased()
            if lower == upper { return NSRegularExpression.escapedPattern(for: String(character)) }
            return "[" + lower + upper + "]"
        }.joined()
    }
}
