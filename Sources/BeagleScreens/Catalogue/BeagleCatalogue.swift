/// The component and action types Beagle's Coder registers, with the fields of each that hold
/// components or actions, and the widget properties (`style`, `context`, `accessibility`) whose
/// shape Beagle's declarations fix, and the fields each declaration requires.
///
/// Lookup follows Beagle iOS 2.x's `Coder`: names are `namespace:name` compared without regard
/// to case (`beagle:Button` is `beagle:button`); `beagle:` names must be registered built-ins;
/// `custom:` names are registered by the app, so any is accepted. Names Beagle 1.x had and 2.x
/// dropped are recognised as such, so a message can say so instead of "unknown".
package struct BeagleCatalogue: Sendable {
    /// The types Beagle 2.x registers.
    package let types: [BeagleType]
    /// Types only Beagle 1.x registered.
    package let legacyTypes: [BeagleType]
    private let byKey: [String: BeagleType]
    private let legacyByKey: [String: BeagleType]

    /// A catalogue of the given types.
    package init(types: [BeagleType], legacyTypes: [BeagleType] = []) {
        self.types = types
        self.legacyTypes = legacyTypes
        // Later duplicates would be a mistake in the table; keep the first.
        byKey = Dictionary(types.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        legacyByKey = Dictionary(legacyTypes.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The built-in components.
    package var components: [BeagleType] { types.filter { $0.kind == .component } }
    /// The built-in actions.
    package var actions: [BeagleType] { types.filter { $0.kind == .action } }

    /// The built-in type named `identifier`, in any letter case, nil if there is none.
    package func type(named identifier: String) -> BeagleType? {
        byKey[identifier.lowercased()]
    }

    /// What `identifier` names when read as `kind` (or as either kind when `kind` is nil).
    package func lookup(_ identifier: String, as kind: BeagleTypeKind? = nil) -> BeagleTypeLookup {
        let key = identifier.lowercased()
        guard let colon = key.firstIndex(of: ":") else {
            let suggestion = byKey["beagle:" + key].flatMap { kind == nil || $0.kind == kind ? $0.identifier : nil }
            return .unknownNamespace("", suggestion: suggestion)
        }
        let namespace = String(identifier[..<colon])
        let name = String(key[key.index(after: colon)...])
        switch namespace.lowercased() {
        case "custom":
            return .custom(identifier)
        case "beagle":
            if let type = byKey[key] {
                return kind == nil || type.kind == kind ? .builtIn(type) : .wrongKind(type)
            }
            if let type = legacyByKey[key] { return .legacy(type) }
            return .unknownBeagleType(suggestion: suggestion(forName: name, kind: kind))
        default:
            let guess = byKey["beagle:" + name].flatMap { kind == nil || $0.kind == kind ? $0.identifier : nil }
            return .unknownNamespace(namespace, suggestion: guess)
        }
    }

    /// The closest built-in name to an unknown `beagle:` name: Beagle 1.0's
    /// `beagle:component:pageView` form first, then a near miss in spelling.
    private func suggestion(forName name: String, kind: BeagleTypeKind?) -> BeagleType? {
        let candidates = types.filter { kind == nil || $0.kind == kind }
        if let lastColon = name.lastIndex(of: ":") {
            let bare = "beagle:" + name[name.index(after: lastColon)...]
            if let type = candidates.first(where: { $0.key == bare }) { return type }
        }
        var best: (distance: Int, type: BeagleType)?
        for type in candidates {
            let candidate = String(type.key.dropFirst("beagle:".count))
            guard let distance = EditDistance.between(name, candidate, limit: 2) else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (distance, type)
        }
        return best?.type
    }
}
