/// What Beagle iOS 2.x does with each published screen in the conformance data's `realworld/`
/// folder (its SOURCES.md names where each comes from): every place that makes Beagle's decoding
/// throw, so that the screen does not render, with the declaration that makes it so. A file not
/// listed decodes in Beagle 2.x, and `validate` must report no error in it.
///
/// Routes are not resolved here (each file is checked alone): a route to a screen that was not
/// published is a fact about the folder, not about what Beagle decodes.
///
/// Two kinds of file get a warning and no error, on purpose: plain data fetched by `sendRequest`
/// (`english.json`, `portuguese.json`) and the pre-1.0 `invoice-view.json`, whose root has no
/// `_beagleComponent_` (Beagle would not render it as a screen, but a file of data looks the
/// same, so `validate` warns rather than fails).
enum RealWorldExpectations {
    /// One error `validate` must report.
    struct ExpectedError: Hashable {
        /// The file, relative to `realworld/`.
        let file: String
        let line: Int
        let column: Int
        /// The declaration that makes Beagle 2.x reject this place.
        let because: String
    }

    static let arrayOfActions =
        "an [Action] field decodes through AutoCodable's decodeArray, an unkeyed container: a single object throws typeMismatch (Beagle iOS 2.x AutoCodable.swift)"
    static let arrayOfComponents =
        "AddChildren.value is [ServerDrivenComponent], decoded through AutoCodable's decodeArray: a single object throws typeMismatch (Beagle iOS 2.x AddChildren.swift, AutoCodable.swift)"
    static let notJSON = "JSONDecoder throws on text that is not JSON (Beagle iOS 2.x Coder.decode(from:))"
    static let noActionKey =
        "an action decodes by its _beagleAction_ key; without it `decode(String.self, forKey:)` throws keyNotFound (Beagle iOS 2.x AutoCodable.swift, Decoder.decode)"
    static let flexEnum =
        "Flex's enumerations are String raw values (FLEX_START, SPACE_BETWEEN, NO_WRAP…): another string throws dataCorrupted (Beagle iOS 2.x Flex.swift)"
    static let flexObject = "Style.flex is a Flex object, not a number (Beagle iOS 2.x Style.swift)"
    static let contextValue =
        "Context.value is a non-optional DynamicObject: a context without it throws keyNotFound (Beagle iOS 2.x Context.swift)"
    static let gridViewFields =
        "GridView declares `let dataSource`, `let spanCount: Int` and `let templates`, none optional (Beagle iOS 2.x GridView.swift)"
    static let listViewDataSource =
        "ListView's init(from:) reads dataSource with decode, not decodeIfPresent (Beagle iOS 2.x ListView.swift)"
    static let addChildrenComponentId = "AddChildren.componentId is a non-optional String (Beagle iOS 2.x AddChildren.swift)"
    static let touchableChild =
        "Touchable.child is a non-optional ServerDrivenComponent; `children` is not one of its fields (Beagle iOS 2.x Touchable.swift)"
    static let setContextValue = "SetContext.value is a non-optional DynamicObject (Beagle iOS 2.x SetContext.swift)"

    static let navigationBarItemOnPress =
        "NavigationBarItem declares `@AutoCodable var onPress: [Action]`, not optional; Beagle 1.x's `action` is not one of its fields (Beagle iOS 2.x NavigationBar.swift)"
    static let navigationBarItemImage =
        "NavigationBarItem.image is a StringOrExpression, a String: an object throws typeMismatch (Beagle iOS 2.x NavigationBar.swift, Expression.swift)"
    static let localImageMobileId =
        "ImagePath.local reads mobileId with decode(String.self): a local path without one throws keyNotFound (Beagle iOS 2.x Image.swift)"
    static let conditionExpression =
        "Condition.condition is an Expression<Bool>: a string without @{…} is neither an expression nor a Bool (Beagle iOS 2.x Condition.swift, Expression.swift)"

    static let enumValue =
        "AddChildren.Mode and Text.Alignment decode from their exact raw values (APPEND, LEFT…): 'replace' or 'left' throws dataCorrupted (Beagle iOS 2.x AddChildren.swift, Text.swift)"

    static let playground = "beagle-docs/playground/"
    static let keep = "beagle-web-core/__tests__/integration/beagle-keep/snapshots/"
    static let react = "beagle-web-react/src/beagle/"

    static let errors: Set<ExpectedError> = [
        ExpectedError(file: keep + "details.before-start.json", line: 71, column: 23, because: enumValue),
        ExpectedError(file: react + "test.json", line: 222, column: 28, because: enumValue),
        ExpectedError(file: react + "test.json", line: 237, column: 28, because: enumValue),
        ExpectedError(file: playground + "confirm.json", line: 12, column: 24, because: arrayOfActions),
        ExpectedError(file: playground + "navigation.json", line: 7, column: 10, because: navigationBarItemOnPress),
        ExpectedError(file: playground + "navigation.json", line: 10, column: 21, because: navigationBarItemImage),
        ExpectedError(file: playground + "pageView.json", line: 6, column: 32, because: navigationBarItemOnPress),
        ExpectedError(file: playground + "pageView.json", line: 9, column: 19, because: navigationBarItemImage),
        ExpectedError(file: playground + "screen.json", line: 6, column: 30, because: navigationBarItemOnPress),
        ExpectedError(file: playground + "screen.json", line: 9, column: 17, because: navigationBarItemImage),
        ExpectedError(
            file: "beagle-flutter/beagle/test/test-utils/payload.json", line: 7, column: 7, because: navigationBarItemOnPress),
        ExpectedError(file: keep + "home.before-start.json", line: 148, column: 19, because: localImageMobileId),
        ExpectedError(file: keep + "labels.json", line: 94, column: 30, because: conditionExpression),
        ExpectedError(file: playground + "gridView.json", line: 12, column: 5, because: gridViewFields),
        ExpectedError(file: playground + "listViewDepreciado.json", line: 1, column: 1, because: listViewDataSource),
        ExpectedError(file: playground + "pullToRefresh.json", line: 20, column: 34, because: arrayOfActions),
        ExpectedError(file: playground + "pushStack.json", line: 8, column: 9, because: notJSON),
        ExpectedError(file: playground + "resetApplication.json", line: 8, column: 9, because: notJSON),
        ExpectedError(file: playground + "send.json", line: 8, column: 9, because: noActionKey),
        ExpectedError(file: keep + "details.before-start.json", line: 53, column: 24, because: arrayOfActions),
        ExpectedError(file: keep + "details.before-start.json", line: 65, column: 13, because: addChildrenComponentId),
        ExpectedError(file: keep + "details.before-start.json", line: 67, column: 24, because: arrayOfComponents),
        ExpectedError(file: keep + "details.before-start.json", line: 89, column: 21, because: flexEnum),
        ExpectedError(file: keep + "details.before-start.json", line: 90, column: 25, because: flexEnum),
        ExpectedError(file: keep + "home.before-start.json", line: 142, column: 29, because: flexEnum),
        ExpectedError(file: keep + "labels.json", line: 6, column: 13, because: flexObject),
        ExpectedError(file: keep + "labels.json", line: 135, column: 15, because: setContextValue),
        ExpectedError(file: keep + "labels.json", line: 181, column: 17, because: flexObject),
        ExpectedError(file: keep + "labels.json", line: 190, column: 22, because: arrayOfActions),
        ExpectedError(file: keep + "labels.json", line: 197, column: 22, because: arrayOfActions),
        ExpectedError(file: react + "test.json", line: 3, column: 14, because: contextValue),
        ExpectedError(file: react + "test.json", line: 33, column: 29, because: flexEnum),
        ExpectedError(file: react + "test.json", line: 68, column: 9, because: listViewDataSource),
        ExpectedError(file: react + "test.json", line: 73, column: 33, because: flexEnum),
        ExpectedError(file: react + "test.json", line: 89, column: 13, because: touchableChild),
        ExpectedError(file: react + "test.json", line: 105, column: 13, because: touchableChild),
        ExpectedError(file: react + "test.json", line: 125, column: 37, because: flexEnum),
        ExpectedError(file: react + "test.json", line: 360, column: 29, because: flexEnum),
        ExpectedError(file: react + "test.json", line: 440, column: 31, because: flexEnum),
        ExpectedError(file: react + "test.json", line: 724, column: 37, because: flexEnum),
        ExpectedError(file: react + "test.json", line: 1062, column: 13, because: touchableChild),
        ExpectedError(file: react + "test.json", line: 1094, column: 13, because: touchableChild),
        ExpectedError(file: react + "test.json", line: 1155, column: 33, because: flexEnum),
        ExpectedError(file: react + "test.json", line: 1214, column: 41, because: flexEnum),
        ExpectedError(file: react + "test.json", line: 1229, column: 21, because: touchableChild),
        ExpectedError(file: react + "test.json", line: 1248, column: 21, because: touchableChild),
        ExpectedError(file: react + "test.json", line: 1263, column: 21, because: touchableChild),
        ExpectedError(file: react + "test.json", line: 1302, column: 17, because: touchableChild),
        ExpectedError(file: react + "test.json", line: 1326, column: 17, because: touchableChild),
        ExpectedError(file: react + "test.json", line: 1350, column: 17, because: touchableChild),
        ExpectedError(file: react + "test.json", line: 1386, column: 41, because: flexEnum),
        ExpectedError(file: react + "test.json", line: 1416, column: 41, because: flexEnum),
        ExpectedError(file: react + "test.json", line: 1459, column: 41, because: flexEnum),
        ExpectedError(file: react + "test.json", line: 1477, column: 21, because: touchableChild),
    ]

    /// Places Beagle 2.x accepts that a stricter reading could flag, and why it accepts them.
    static let acceptedOnPurpose: [String: String] = [
        playground + "navigation.json":
            "a navigation bar item is a plain NavigationBarItem struct: its `_beagleComponent_` is ignored (Beagle iOS 2.x NavigationBar.swift); its image and missing onPress are errors above",
        playground + "imagePathLocal.json":
            "ImagePath.local reads only mobileId; the web's `url` is ignored (Beagle iOS 2.x Image.swift)",
        playground + "listView.json":
            "the singular `template` of Beagle 1.x is not a ListView field, and ListView's init(from:) defaults the missing templates to [] (Beagle iOS 2.x ListView.swift): it decodes and shows no item, which a warning says",
        "beagle-web-core/__tests__/integration/beagle-keep/snapshots/home.before-start.json":
            "setContext's value may be null: a DynamicObject decodes null as empty (Beagle iOS 2.x DynamicObject.swift)",
    ]
}
