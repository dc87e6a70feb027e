/// Checks one parsed screen against Beagle 2.x's shapes: type names against the catalogue,
/// components and actions where Beagle decodes them, image paths and `beaglePlatform` wrappers.
///
/// Shapes are only known for built-in types: the fields of a `custom:` type are the app's
/// business, so inside them only type names are checked (wherever a type key appears).
struct StructureCheck {
    /// What Beagle decodes at a place in the tree.
    indirect enum Expectation {
        case component, action, route, screen, navigationBar, navigationBarItem, template, imagePath
        case list(Expectation)
        /// A widget property whose whole shape Beagle's declarations fix (`style`, `context`…).
        case property(PropertyShape, name: String)

        init(_ shape: BeagleFieldShape) {
            switch shape {
            case .component: self = .component
            case .components: self = .list(.component)
            case .action: self = .action
            case .actions: self = .list(.action)
            case .route: self = .route
            case .screen: self = .screen
            case .navigationBar: self = .navigationBar
            case .navigationBarItems: self = .list(.navigationBarItem)
            case .templates: self = .list(.template)
            case .imagePath: self = .imagePath
            case .style: self = .property(.style, name: "a style object")
            case .context: self = .property(.context, name: "a context object ({\"id\": …, \"value\": …})")
            case .accessibility: self = .property(.accessibility, name: "an accessibility object")
            case .safeArea: self = .property(.safeArea, name: "a safe area object")
            case .enumeration(let values, let expression):
                self = .property(.oneOf(values, expression: expression), name: "a value")
            case .value(let shape): self = .property(shape, name: shape.description)
            }
        }

        var description: String {
            switch self {
            case .component: "a component"
            case .action: "an action"
            case .route: "a route object"
            case .screen: "a screen object"
            case .navigationBar: "a navigation bar object"
            case .navigationBarItem: "a navigation bar item object"
            case .template: "a template object"
            case .imagePath: "an image path object"
            case .list(let element): "an array of " + element.pluralDescription
            case .property(_, let name): name
            }
        }

        var pluralDescription: String {
            switch self {
            case .component: "components"
            case .action: "actions"
            case .navigationBarItem: "navigation bar items"
            case .template: "templates"
            default: "values"
            }
        }
    }

    static let imagePathKey = "_beagleImagePath_"

    /// Whether a required field decodes from null: a `DynamicObject` does (as `.empty`), so
    /// `setContext`'s `value` may be null (Beagle iOS 2.x SetContext.swift, DynamicObject.swift).
    static func decodesNull(_ key: String, of type: BeagleType) -> Bool {
        type.key == "beagle:setcontext" && key == "value"
    }

    let catalogue: BeagleCatalogue
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(catalogue: BeagleCatalogue, file: String) {
        self.catalogue = catalogue
        self.file = file
    }

    mutating func report(_ severity: Diagnostic.Severity, _ message: String, at position: JSONPosition) {
        diagnostics.append(Diagnostic(file: file, at: position, severity: severity, message: message))
    }

    // MARK: - Root

    /// Checks a whole file. A screen's root should be a component; a method file's root is
    /// whatever data `sendRequest` hands to `onSuccess`, so it only gets the tree checks.
    mutating func check(root: JSONNode, isScreen: Bool) {
        if isScreen { checkScreenRoot(root) }
        visit(root, expecting: nil, field: "")
    }

    mutating func checkScreenRoot(_ root: JSONNode) {
        var node = root
        if node[PlatformFilter.wrapperKey] != nil {
            report(
                .warning,
                "the root is a beaglePlatform wrapper: platforms it excludes still get its child (a root is never removed, as with the Kotlin BFF); serve a screen to one platform with a variant file such as home.ios.json",
                at: node.position)
            guard let child = node[PlatformFilter.childKey], child.members != nil else { return }
            node = child
        }
        if node[BeagleTypeKind.component.typeKey] != nil { return }
        if node[BeagleTypeKind.action.typeKey] != nil {
            report(
                .warning, "the root is an action, not a component: Beagle cannot render this file as a screen", at: node.position)
        } else if node.members != nil {
            report(
                .warning,
                "the root has no _beagleComponent_: Beagle cannot render this file as a screen (fine if it is data for a request)",
                at: node.position)
        } else {
            report(
                .warning,
                "the root is \(node.kindDescription), not a component: Beagle cannot render this file as a screen (fine if it is data for a request)",
                at: node.position)
        }
    }

    // MARK: - Tree

    /// Checks `node`, which Beagle decodes as `expected` (nil where the shape is not known),
    /// and everything inside it. `field` names the place for messages (`children[2]`).
    mutating func visit(_ node: JSONNode, expecting expected: Expectation?, field: String) {
        if case .property(let shape, _)? = expected {
            checkProperty(node, as: shape, field: field)
            // What is inside is data: only type keys and wrappers are looked at there.
            visit(node, expecting: nil, field: field)
            return
        }
        guard case .object(let members) = node.value else {
            visitNonObject(node, expecting: expected, field: field)
            return
        }
        checkDuplicateKeys(members)
        if let marker = members.last(where: { $0.key == PlatformFilter.wrapperKey }) {
            // A wrapper stands in for its child: the child gets the wrapper's expectation.
            checkWrapper(node, marker: marker)
            for member in members where member.key != PlatformFilter.wrapperKey {
                let passesThrough = member.key == PlatformFilter.childKey && member.value.members != nil
                visit(member.value, expecting: passesThrough ? expected : nil, field: passesThrough ? field : member.key)
            }
            return
        }
        // A navigation bar item is a plain struct: Beagle ignores a type key on it
        // (`"_beagleComponent_": "beagle:navigationBarItem"` in Beagle's own documentation).
        if case .navigationBarItem? = expected {
        } else {
            checkTypeKeys(node)
            // Beagle decodes a type it does not know as an unknown one, without reading below it.
            if namesUnknownType(node) { return }
        }
        var fields: [String: Expectation] = [:]
        if let expected { fields = checkObject(node, expecting: expected, field: field) }
        if let type = builtInType(of: node) {
            for (key, shape) in type.fields where fields[key] == nil { fields[key] = Expectation(shape) }
            for key in type.required.sorted()
            where node[key] == nil || (node[key]?.isNull == true && !Self.decodesNull(key, of: type)) {
                report(
                    .error, "\(type.identifier) needs \(key): Beagle 2.x cannot decode it without one", at: node.position)
            }
            checkLegacyFields(members, legacy: type.legacyFields, known: type.fields, owner: type.identifier)
        }
        // A 1.x field of a plain structure that 2.x ignores is warned of above; what is inside it
        // is never read (a navigation bar item's `action`).
        let ignored = Self.ignoredFields(expecting: expected)
        for member in members where fields[member.key] != nil || !ignored.contains(member.key) {
            visit(member.value, expecting: fields[member.key], field: member.key)
        }
    }

    /// The Beagle 1.x fields that 2.x ignores on the plain structure `expected` names: Beagle
    /// never reads below them.
    static func ignoredFields(expecting expected: Expectation?) -> Set<String> {
        let structure: BeagleStructure? =
            switch expected {
            case .screen?: BeagleCatalogue.screen
            case .navigationBar?: BeagleCatalogue.navigationBar
            case .navigationBarItem?: BeagleCatalogue.navigationBarItem
            case .template?: BeagleCatalogue.template
            case .route?: BeagleCatalogue.remoteRoute
            default: nil
            }
        guard let structure else { return [] }
        return Set(structure.legacyFields.keys.filter { structure.fields[$0] == nil })
    }

    mutating func visitNonObject(_ node: JSONNode, expecting expected: Expectation?, field: String) {
        switch (node.value, expected) {
        case (.null, _):
            return  // Beagle's fields are optional or fail elsewhere; null is "absent".
        case (.array(let elements), .list(let element)):
            for (index, item) in elements.enumerated() {
                visit(item, expecting: element, field: "\(field)[\(index)]")
            }
            return
        case (.string(let text), .imagePath) where ScreenReferences.isExpression(text):
            return
        case (.array(let elements), _):
            if let expected { reportWrongKind(node, expected: expected, field: field) }
            for (index, item) in elements.enumerated() {
                visit(item, expecting: nil, field: "\(field)[\(index)]")
            }
        case (_, .some(let expected)):
            reportWrongKind(node, expected: expected, field: field)
        default:
            return
        }
    }

    mutating func reportWrongKind(_ node: JSONNode, expected: Expectation, field: String) {
        var message = "\(field) must be \(expected.description), not \(node.kindDescription)"
        if case .imagePath = expected {
            message += " (an object with _beagleImagePath_, or an expression)"
        }
        report(.error, message, at: node.position)
    }

    /// Checks an object against what Beagle expects there; returns the fields of the plain
    /// structure it is (a route's `screen`, a template's `view`) that have a shape of their own.
    mutating func checkObject(_ node: JSONNode, expecting expected: Expectation, field: String) -> [String: Expectation] {
        let present = { (key: String) -> Bool in node[key].map { !$0.isNull } ?? false }
        switch expected {
        case .component, .action:
            let kind: BeagleTypeKind = if case .component = expected { .component } else { .action }
            let other: BeagleTypeKind = kind == .component ? .action : .component
            if node[kind.typeKey] != nil { return [:] }
            if let found = node[other.typeKey]?.string {
                report(
                    .error,
                    "\(field) must be \(expected.description), but this is \(other == .action ? "an action" : "a component") ('\(found)')",
                    at: node.position)
            } else {
                report(.error, "\(field) must be \(expected.description): this object has no \(kind.typeKey)", at: node.position)
            }
            return [:]
        case .route:
            // A route with a screen that decodes is a local one; anything else is read as a
            // remote route, whose url is required (Beagle iOS 2.x Route.init(from:)).
            if present("screen") {
                return ["screen": .screen]
            }
            if node["url"].map({ $0.isNull }) ?? true {
                report(.error, "\(field) needs a url (a remote screen) or a screen (a local one)", at: node.position)
            }
            return checkStructure(node, BeagleCatalogue.remoteRoute, field: field, skipping: ["url"])
        case .screen:
            return checkStructure(node, BeagleCatalogue.screen, field: field)
        case .navigationBar:
            return checkStructure(node, BeagleCatalogue.navigationBar, field: field)
        case .navigationBarItem:
            return checkStructure(node, BeagleCatalogue.navigationBarItem, field: field)
        case .template:
            return checkStructure(node, BeagleCatalogue.template, field: field)
        case .imagePath:
            if node[Self.imagePathKey] == nil {
                report(.error, "\(field) must have _beagleImagePath_ (\"local\" or \"remote\")", at: node.position)
            }
            return [:]
        case .list:
            reportWrongKind(node, expected: expected, field: field)
            return [:]
        case .property(let shape, _):
            checkProperty(node, as: shape, field: field)
            return [:]
        }
    }

    /// Reports the fields `structure` requires that `node` lacks (but those in `skipping`, told
    /// otherwise) and the 1.x names it ignores; returns the expectations of its fields.
    mutating func checkStructure(
        _ node: JSONNode, _ structure: BeagleStructure, field: String, skipping: Set<String> = []
    ) -> [String: Expectation] {
        for key in structure.required.subtracting(skipping).sorted() where node[key].map({ $0.isNull }) ?? true {
            report(
                .error, "\(field) needs \(key): Beagle 2.x cannot decode \(structure.name) without one", at: node.position)
        }
        if let members = node.members {
            checkLegacyFields(members, legacy: structure.legacyFields, known: structure.fields, owner: structure.name)
        }
        return structure.fields.mapValues(Expectation.init)
    }

    /// Warns of each field Beagle 1.x read and 2.x ignores, saying what the app shows instead.
    mutating func checkLegacyFields(
        _ members: [JSONMember], legacy: [String: String], known: [String: BeagleFieldShape], owner: String
    ) {
        guard !legacy.isEmpty else { return }
        for member in members where known[member.key] == nil {
            guard let instead = legacy[member.key] else { continue }
            report(
                .warning, "\(member.key) is a Beagle 1.x field of \(owner) that 2.x ignores: \(instead)", at: member.keyPosition)
        }
    }

    /// Checks a widget property or an enumeration value against the shape Beagle decodes.
    mutating func checkProperty(_ node: JSONNode, as shape: PropertyShape, field: String) {
        guard !node.isNull else { return }  // every such field is optional in Beagle
        var check = PropertyCheck()
        check.check(node, as: shape, path: field)
        for problem in check.problems {
            report(.error, problem.message + ": Beagle 2.x cannot decode it", at: problem.position)
        }
    }

    // MARK: - Keys

    /// The built-in type an object names, if it names one.
    func builtInType(of node: JSONNode) -> BeagleType? {
        for kind in BeagleTypeKind.allCases {
            if let name = node[kind.typeKey]?.string, case .builtIn(let type) = catalogue.lookup(name, as: kind) {
                return type
            }
        }
        return nil
    }

    /// Whether `node` names a component or action type Beagle 2.x does not know (or a type key
    /// that is not a string), which it decodes without reading the rest of the object.
    func namesUnknownType(_ node: JSONNode) -> Bool {
        for kind in BeagleTypeKind.allCases {
            guard let value = node[kind.typeKey] else { continue }
            guard let name = value.string else { return true }
            if !catalogue.lookup(name, as: kind).isKnown { return true }
        }
        return false
    }

    mutating func checkTypeKeys(_ node: JSONNode) {
        for kind in BeagleTypeKind.allCases {
            guard let value = node[kind.typeKey] else { continue }
            guard let name = value.string else {
                report(
                    .error, "\(kind.typeKey) must be a string naming a \(kind.rawValue) type, not \(value.kindDescription)",
                    at: value.position)
                continue
            }
            if let message = problem(with: name, as: kind) {
                report(.error, message, at: value.position)
            }
        }
        if let value = node[Self.imagePathKey] {
            if value.string != "local" && value.string != "remote" {
                let found = value.string.map { "'\($0)'" } ?? value.kindDescription
                report(.error, "_beagleImagePath_ must be \"local\" or \"remote\" (lowercase), not \(found)", at: value.position)
            } else if value.string == "remote", node["url"]?.string == nil {
                report(.error, "a remote image path needs a url string", at: node.position)
            } else if value.string == "local", node["mobileId"]?.string == nil {
                report(.error, "a local image path needs a mobileId string (the image's name in the app)", at: node.position)
            }
        }
    }

    /// Why a type name does not decode to what it names, or nil when it does.
    func problem(with name: String, as kind: BeagleTypeKind) -> String? {
        switch catalogue.lookup(name, as: kind) {
        case .builtIn, .custom:
            return nil
        case .wrongKind(let type):
            return
                "'\(name)' is \(type.kind == .action ? "an action" : "a component"), not \(kind == .action ? "an action" : "a component"): put it under \(type.kind.typeKey)"
        case .legacy(let type):
            return
                "'\(name)' is a Beagle 1.x \(type.kind.rawValue) that Beagle 2.x does not have (it decodes to an unknown \(kind.rawValue))"
        case .unknownBeagleType(let suggestion):
            let hint = suggestion.map { "; did you mean '\($0.identifier)'?" } ?? ""
            return "unknown \(kind.rawValue) '\(name)': Beagle 2.x has no such type\(hint)"
        case .unknownNamespace(let namespace, let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            if namespace.isEmpty {
                return
                    "\(kind.rawValue) type '\(name)' has no namespace: write beagle:<name> for a built-in type or custom:<name> for one the app registers\(hint)"
            }
            return
                "unknown namespace '\(namespace)' in '\(name)': Beagle knows beagle: (built-in types) and custom: (types the app registers)\(hint)"
        }
    }

    mutating func checkDuplicateKeys(_ members: [JSONMember]) {
        guard members.count > 1 else { return }
        var seen = Set<String>()
        for member in members where !seen.insert(member.key).inserted {
            report(.warning, "duplicate key '\(member.key)': decoders keep only one of the values", at: member.keyPosition)
        }
    }

    mutating func checkWrapper(_ node: JSONNode, marker: JSONMember) {
        if PlatformFilter.wrapperPlatform(marker.value) == nil {
            let found = marker.value.string.map { "'\($0)'" } ?? marker.value.kindDescription
            report(
                .error,
                "beaglePlatform \(found) is not ALL, MOBILE, ANDROID, IOS or WEB: the wrapper is removed for every platform",
                at: marker.value.position)
        }
        if node[PlatformFilter.childKey]?.members == nil {
            report(
                .error,
                "a beaglePlatform wrapper needs a child object: this one is removed for every platform",
                at: node.position)
        }
    }
}
