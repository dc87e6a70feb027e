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

extension BeagleCatalogue {
    /// Beagle 2.x: 17 components and 16 actions, as registered by Beagle iOS 2.x's `Coder`,
    /// and the 1.x-only names (Beagle 1.9's `ComponentDecoder`).
    package static let beagle2 = BeagleCatalogue(
        types: [
            BeagleType(
                "beagle:button", .component, fields: ["onPress": .actions, "style": .style, "accessibility": .accessibility],
                required: ["text"]),
            BeagleType(
                "beagle:container", .component,
                fields: [
                    "children": .components, "onInit": .actions, "style": .style, "accessibility": .accessibility,
                    "context": .context,
                ]),
            BeagleType(
                "beagle:gridView", .component,
                fields: [
                    "direction": .enumeration(["VERTICAL", "HORIZONTAL"], expression: false),
                    "templates": .templates, "onInit": .actions, "onScrollEnd": .actions, "style": .style,
                    "accessibility": .accessibility, "context": .context,
                ], required: ["dataSource", "spanCount", "templates"]),
            BeagleType(
                "beagle:image", .component,
                fields: [
                    "mode": .enumeration(["FIT_XY", "FIT_CENTER", "CENTER_CROP", "CENTER"], expression: false),
                    "path": .imagePath, "style": .style, "accessibility": .accessibility,
                ],
                required: ["path"]),
            BeagleType(
                "beagle:lazyComponent", .component, fields: ["initialState": .component], required: ["path", "initialState"]),
            BeagleType(
                "beagle:listView", .component,
                fields: [
                    "direction": .enumeration(["VERTICAL", "HORIZONTAL"], expression: false),
                    "templates": .templates, "onInit": .actions, "onScrollEnd": .actions, "style": .style,
                    "accessibility": .accessibility, "context": .context,
                ], required: ["dataSource"]),
            BeagleType("beagle:pageIndicator", .component),
            BeagleType(
                "beagle:pageView", .component, fields: ["children": .components, "onPageChange": .actions, "context": .context]),
            BeagleType(
                "beagle:pullToRefresh", .component, fields: ["child": .component, "onPull": .actions, "context": .context],
                required: ["child"]),
            BeagleType(
                "beagle:screenComponent", .component,
                fields: [
                    "child": .component, "navigationBar": .navigationBar, "context": .context, "style": .style,
                    "safeArea": .safeArea,
                ], required: ["child"]),
            BeagleType(
                "beagle:scrollView", .component,
                fields: [
                    "scrollDirection": .enumeration(["VERTICAL", "HORIZONTAL"], expression: false), "children": .components,
                    "context": .context,
                ]),
            BeagleType(
                "beagle:simpleForm", .component,
                fields: [
                    "children": .components, "onSubmit": .actions, "onValidationError": .actions, "style": .style,
                    "accessibility": .accessibility, "context": .context,
                ]
            ),
            BeagleType("beagle:tabBar", .component, fields: ["onTabSelection": .actions], required: ["items"]),
            BeagleType(
                "beagle:text", .component,
                fields: [
                    "alignment": .enumeration(["LEFT", "RIGHT", "CENTER"], expression: true), "style": .style,
                    "accessibility": .accessibility,
                ], required: ["text"]),
            BeagleType(
                "beagle:textInput", .component,
                fields: [
                    "type": .enumeration(["DATE", "EMAIL", "PASSWORD", "NUMBER", "TEXT"], expression: true),
                    "onChange": .actions, "onFocus": .actions, "onBlur": .actions, "style": .style,
                    "accessibility": .accessibility,
                ]
            ),
            BeagleType(
                "beagle:touchable", .component, fields: ["child": .component, "onPress": .actions],
                required: ["onPress", "child"]),
            BeagleType(
                "beagle:webView", .component, fields: ["style": .style, "accessibility": .accessibility], required: ["url"]),

            BeagleType(
                "beagle:addChildren", .action,
                fields: ["mode": .enumeration(["APPEND", "PREPEND", "REPLACE"], expression: false), "value": .components],
                required: ["componentId", "value"]),
            BeagleType("beagle:alert", .action, fields: ["onPressOk": .actions], required: ["message"]),
            BeagleType("beagle:condition", .action, fields: ["onTrue": .actions, "onFalse": .actions], required: ["condition"]),
            BeagleType(
                "beagle:confirm", .action, fields: ["onPressOk": .actions, "onPressCancel": .actions], required: ["message"]),
            BeagleType("beagle:openExternalURL", .action, required: ["url"]),
            BeagleType("beagle:openNativeRoute", .action, required: ["route"]),
            BeagleType("beagle:popStack", .action),
            BeagleType("beagle:popToView", .action, required: ["route"]),
            BeagleType("beagle:popView", .action),
            BeagleType("beagle:pushStack", .action, fields: ["route": .route], required: ["route"]),
            BeagleType("beagle:pushView", .action, fields: ["route": .route], required: ["route"]),
            BeagleType("beagle:resetApplication", .action, fields: ["route": .route], required: ["route"]),
            BeagleType("beagle:resetStack", .action, fields: ["route": .route], required: ["route"]),
            BeagleType(
                "beagle:sendRequest", .action,
                fields: [
                    "method": .enumeration(["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH"], expression: true),
                    "onSuccess": .actions, "onError": .actions, "onFinish": .actions,
                ], required: ["url"]),
            BeagleType("beagle:setContext", .action, required: ["contextId", "value"]),
            BeagleType("beagle:submitForm", .action),
        ],
        legacyTypes: [
            BeagleType("beagle:form", .component),
            BeagleType("beagle:formSubmit", .component),
            BeagleType("beagle:formInput", .component),
            BeagleType("beagle:tabView", .component),
            BeagleType("beagle:formValidation", .action),
            BeagleType("beagle:formLocalAction", .action),
            BeagleType("beagle:formRemoteAction", .action),
        ]
    )
}
