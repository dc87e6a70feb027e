import BeagleNetworking

// Custom components and actions named in the custom roots of Beagle iOS's test fixtures
// (`beagle-ios-fixtures/Tests--*.json` in the conformance data, and others), as an app would
// write them.

struct PolymorphicComponent: ServerDrivenComponent {
    var string: String
    @AutoCodable var component: any ServerDrivenComponent
    @AutoCodable var optionalComponent: (any ServerDrivenComponent)?
    @AutoCodable var arrayComponent: [any ServerDrivenComponent]
    @AutoCodable var optionalArrayComponent: [any ServerDrivenComponent]?
    @AutoCodable var action: any Action
    @AutoCodable var arrayAction: [any Action]
    @AutoCodable var optionalArrayAction: [any Action]?
}

/// The same fields decoded by hand, with `AutoCodable` as a type rather than a wrapper.
struct PolymorphicComponentWithoutWrapper: ServerDrivenComponent {
    var string: String
    var component: any ServerDrivenComponent
    var optionalComponent: (any ServerDrivenComponent)?
    var arrayComponent: [any ServerDrivenComponent]
    var action: any Action
    var arrayAction: [any Action]

    enum CodingKeys: String, CodingKey {
        case string, component, optionalComponent, arrayComponent, action, arrayAction
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        string = try container.decode(String.self, forKey: .string)
        component = try container.decode(AutoCodable<any ServerDrivenComponent>.self, forKey: .component).wrappedValue
        optionalComponent = try container.decode(
            AutoCodable<(any ServerDrivenComponent)?>.self,
            forKey: .optionalComponent
        ).wrappedValue
        arrayComponent = try container.decode(AutoCodable<[any ServerDrivenComponent]>.self, forKey: .arrayComponent)
            .wrappedValue
        action = try container.decode(AutoCodable<any Action>.self, forKey: .action).wrappedValue
        arrayAction = try container.decode(AutoCodable<[any Action]>.self, forKey: .arrayAction).wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(string, forKey: .string)
        try container.encode(AutoCodable(wrappedValue: component), forKey: .component)
        try container.encode(AutoCodable(wrappedValue: optionalComponent), forKey: .optionalComponent)
        try container.encode(AutoCodable(wrappedValue: arrayComponent), forKey: .arrayComponent)
        try container.encode(AutoCodable(wrappedValue: action), forKey: .action)
        try container.encode(AutoCodable(wrappedValue: arrayAction), forKey: .arrayAction)
    }
}

struct CustomPageIndicator: ServerDrivenComponent {
    var selectedColor: String?
    var defaultColor: String?
}

struct BeagleSchemaTestsComponent: ServerDrivenComponent {}

struct TextComponentsDefault: ServerDrivenComponent {}

struct TextComponentHeaderDefault: ServerDrivenComponent {}

struct ActionDummyDefault: Action {}

struct CustomActionableContainer: ServerDrivenComponent {
    @AutoCodable var child: [any ServerDrivenComponent]
    @AutoCodable var verySpecificAction: any Action
}

struct SingleCustomActionableContainer: ServerDrivenComponent {
    @AutoCodable var child: any ServerDrivenComponent
    @AutoCodable var action: any Action
}

struct SingleTextContainer: ServerDrivenComponent {
    @AutoCodable var firstTextContainer: any ServerDrivenComponent
    @AutoCodable var secondTextContainer: any ServerDrivenComponent
    @AutoCodable var child: any ServerDrivenComponent
    @AutoCodable var actions: [any Action]?
}

struct TextContainer: ServerDrivenComponent {
    @AutoCodable var childrenOfTextContainer: [any ServerDrivenComponent]
    @AutoCodable var headerOfTextContainer: any ServerDrivenComponent
    @AutoCodable var actions: [any Action]
}

struct TextContainerWithAction: ServerDrivenComponent {
    @AutoCodable var childrenOfTextContainer: any ServerDrivenComponent
    @AutoCodable var action: any Action
    @AutoCodable var secondAction: (any Action)?
}

extension CoderProtocol {
    /// Registers every custom type the fixtures use.
    func registerFixtureTypes() {
        register(type: PolymorphicComponent.self)
        register(type: PolymorphicComponentWithoutWrapper.self)
        register(type: CustomPageIndicator.self)
        register(type: BeagleSchemaTestsComponent.self)
        register(type: TextComponentsDefault.self)
        register(type: TextComponentHeaderDefault.self)
        register(type: ActionDummyDefault.self)
        register(type: CustomActionableContainer.self)
        register(type: SingleCustomActionableContainer.self)
        register(type: SingleTextContainer.self)
        register(type: TextContainer.self)
        register(type: TextContainerWithAction.self)
    }
}
