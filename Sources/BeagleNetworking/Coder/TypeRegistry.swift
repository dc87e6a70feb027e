/// The types a `Coder` knows, by lower-cased `namespace:name`.
struct TypeRegistry: Sendable {
    private var types: [Coder.BaseType: [String: any BeagleCodable.Type]] = [.component: [:], .action: [:]]
    private var names: [ObjectIdentifier: String] = [:]
    private var typesWithSeveralNames: Set<ObjectIdentifier> = []

    mutating func register(_ type: any BeagleCodable.Type, key: String, baseType: Coder.BaseType) {
        let key = key.lowercased()
        types[baseType, default: [:]][key] = type
        let id = ObjectIdentifier(type)
        if let existing = names[id], existing != key {
            typesWithSeveralNames.insert(id)
        }
        names[id] = key
    }

    /// The type registered under `name`, in any letter case.
    func type(for name: String, baseType: Coder.BaseType) -> (any BeagleCodable.Type)? {
        types[baseType]?[name.lowercased()]
    }

    /// The one name `type` is registered under; nil when it has none, or several (`Navigate`).
    func name(for type: any BeagleCodable.Type) -> String? {
        let id = ObjectIdentifier(type)
        guard !typesWithSeveralNames.contains(id) else { return nil }
        return names[id]
    }

    /// Beagle 2.x's 17 components and 16 actions, under `beagle:`.
    static let builtIn: TypeRegistry = {
        var registry = TypeRegistry()
        let components: [(String, any BeagleCodable.Type)] = [
            ("button", Button.self), ("container", Container.self), ("gridview", GridView.self),
            ("image", Image.self), ("lazycomponent", LazyComponent.self), ("listview", ListView.self),
            ("pageindicator", PageIndicator.self), ("pageview", PageView.self),
            ("pulltorefresh", PullToRefresh.self), ("screencomponent", Screen.self),
            ("scrollview", ScrollView.self), ("simpleform", SimpleForm.self), ("tabbar", TabBar.self),
            ("text", Text.self), ("textinput", TextInput.self), ("touchable", Touchable.self),
            ("webview", WebView.self),
        ]
        let actions: [(String, any BeagleCodable.Type)] =
            [
                ("addchildren", AddChildren.self), ("alert", Alert.self), ("condition", Condition.self),
                ("confirm", Confirm.self), ("sendrequest", SendRequest.self), ("setcontext", SetContext.self),
                ("submitform", SubmitForm.self),
            ] + Navigate.typeNames.map { ($0, Navigate.self) }
        for (name, type) in components {
            registry.register(type, key: "beagle:\(name)", baseType: .component)
        }
        for (name, type) in actions {
            registry.register(type, key: "beagle:\(name)", baseType: .action)
        }
        return registry
    }()
}

extension CodingUserInfoKey {
    /// Where a `Coder` puts its registry for nested values to find.
    static let beagleTypeRegistry = CodingUserInfoKey(rawValue: "beagleNetworking.typeRegistry")
}
