// Every field below is read off Beagle iOS 2.1.3's declarations (ZupIT/beagle-ios,
// Sources/Beagle/Sources/Components and Action): a non-optional property without a default, or
// one its `init(from:)` reads with `decode`, is required; `Expression<T>` is `.expression`;
// `[Action]`/`[ServerDrivenComponent]` read through `AutoCodable` are `.actions`/`.components`.
// The 1.x names are Beagle 1.9's (ZupIT/beagle, iOS/Sources/Beagle/Sources) that 2.x dropped.

extension BeagleCatalogue {
    /// Beagle 2.x: 17 components and 16 actions, as registered by Beagle iOS 2.x's `Coder`,
    /// with every field of each, and the 1.x-only names (Beagle 1.9's `ComponentDecoder`).
    package static let beagle2 = BeagleCatalogue(
        types: components + actions,
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

    // MARK: - Components

    private static let components: [BeagleType] = [
        BeagleType(
            "beagle:button", .component,
            fields: widget.merging([
                "text": .value(.expression(.string)), "styleId": .value(.string), "onPress": .actions,
                "enabled": .value(.expression(.bool)),
            ]) { first, _ in first },
            required: ["text"], legacyFields: ["clickAnalyticsEvent": clickAnalytics]),
        BeagleType(
            "beagle:container", .component,
            fields: widget.merging([
                "children": .components, "onInit": .actions, "context": .context, "styleId": .value(.string),
            ]) { first, _ in first }),
        BeagleType(
            "beagle:gridView", .component, fields: list.merging(["spanCount": .value(.integer)]) { first, _ in first },
            required: ["dataSource", "spanCount", "templates"],
            legacyFields: ["template": "Beagle 2.x reads templates (a list of {case, view}), which this grid lacks"]),
        BeagleType(
            "beagle:image", .component,
            fields: widget.merging([
                "path": .imagePath,
                "mode": .enumeration(["FIT_XY", "FIT_CENTER", "CENTER_CROP", "CENTER"], expression: false),
            ]) { first, _ in first },
            required: ["path"]),
        BeagleType(
            "beagle:lazyComponent", .component, fields: ["path": .value(.string), "initialState": .component],
            required: ["path", "initialState"]),
        BeagleType(
            "beagle:listView", .component, fields: list, required: ["dataSource"],
            legacyFields: [
                "template":
                    "Beagle 2.x reads templates (a list of {case, view}) and ignores template: without templates the list shows no items",
                "children":
                    "Beagle 2.x ignores a list's children: it shows dataSource's items drawn by templates, not these components",
            ]),
        BeagleType(
            "beagle:pageIndicator", .component,
            fields: [
                "selectedColor": .value(.string), "unselectedColor": .value(.string), "numberOfPages": .value(.integer),
                "currentPage": .value(.expression(.integer)),
            ]),
        BeagleType(
            "beagle:pageView", .component,
            fields: [
                "children": .components, "context": .context, "onPageChange": .actions,
                "currentPage": .value(.expression(.integer)),
            ],
            legacyFields: [
                "pageIndicator":
                    "Beagle 2.x ignores it and draws no indicator: put a beagle:pageIndicator beside the page view, its currentPage bound to the same context"
            ]),
        BeagleType(
            "beagle:pullToRefresh", .component,
            fields: [
                "context": .context, "onPull": .actions, "isRefreshing": .value(.expression(.bool)),
                "color": .value(.expression(.string)), "child": .component,
            ],
            required: ["child"]),
        BeagleType(
            "beagle:screenComponent", .component, fields: screen.fields, required: screen.required,
            legacyFields: screen.legacyFields),
        BeagleType(
            "beagle:scrollView", .component,
            fields: [
                "children": .components, "scrollDirection": .enumeration(["VERTICAL", "HORIZONTAL"], expression: false),
                "scrollBarEnabled": .value(.bool), "context": .context,
            ]),
        BeagleType(
            "beagle:simpleForm", .component,
            fields: widget.merging([
                "context": .context, "onSubmit": .actions, "onValidationError": .actions, "children": .components,
            ]) { first, _ in first }),
        BeagleType(
            "beagle:tabBar", .component,
            fields: [
                // A tab's icon is read with `try?` as {"mobileId": …}: any other value leaves it out.
                "items": .value(.list(.object(["icon": .any, "title": .string]))), "styleId": .value(.string),
                "currentTab": .value(.expression(.integer)), "onTabSelection": .actions,
            ],
            required: ["items"]),
        BeagleType(
            "beagle:text", .component,
            fields: widget.merging([
                "text": .value(.expression(.string)), "styleId": .value(.string),
                "alignment": .enumeration(["LEFT", "RIGHT", "CENTER"], expression: true),
                "textColor": .value(.expression(.string)),
            ]) { first, _ in first },
            required: ["text"]),
        BeagleType(
            "beagle:textInput", .component,
            fields: widget.merging([
                "value": .value(.expression(.string)), "placeholder": .value(.expression(.string)),
                "enabled": .value(.expression(.bool)), "readOnly": .value(.expression(.bool)),
                "type": .enumeration(["DATE", "EMAIL", "PASSWORD", "NUMBER", "TEXT"], expression: true),
                "styleId": .value(.string), "onChange": .actions, "onBlur": .actions, "onFocus": .actions,
                "error": .value(.expression(.string)), "showError": .value(.expression(.bool)),
            ]) { first, _ in first },
            legacyFields: [
                "disabled": "Beagle 2.x reads enabled and ignores disabled: the input stays enabled",
                "hidden": "Beagle 2.x ignores hidden: the input shows; hide it with style.display NONE",
            ]),
        BeagleType(
            "beagle:touchable", .component, fields: ["onPress": .actions, "child": .component], required: ["onPress", "child"],
            legacyFields: ["clickAnalyticsEvent": clickAnalytics]),
        BeagleType(
            "beagle:webView", .component, fields: widget.merging(["url": .value(.expression(.string))]) { first, _ in first },
            required: ["url"]),
    ]

    /// The fields every widget has (Beagle iOS 2.x `Widget`).
    private static let widget: [String: BeagleFieldShape] = [
        "id": .value(.string), "style": .style, "accessibility": .accessibility,
    ]

    /// A list's and a grid's fields (Beagle iOS 2.x `ListView`, `GridView`).
    private static let list: [String: BeagleFieldShape] = widget.merging([
        "context": .context, "onInit": .actions, "dataSource": .value(.expression(.list(.any))), "key": .value(.string),
        "direction": .enumeration(["VERTICAL", "HORIZONTAL"], expression: false), "templates": .templates,
        "iteratorName": .value(.string), "indexName": .value(.string), "onScrollEnd": .actions,
        "scrollEndThreshold": .value(.integer), "isScrollIndicatorVisible": .value(.bool), "useParentScroll": .value(.bool),
    ]) { first, _ in first }

    private static let clickAnalytics =
        "Beagle 2.x ignores clickAnalyticsEvent and records no click from it: its analytics come from the app's AnalyticsProvider and an action's analytics"

    // MARK: - Actions

    private static let actions: [BeagleType] = [
        action(
            "beagle:addChildren",
            [
                "componentId": .value(.string), "value": .components,
                "mode": .enumeration(["APPEND", "PREPEND", "REPLACE"], expression: false),
            ], required: ["componentId", "value"]),
        action(
            "beagle:alert",
            [
                "title": .value(.expression(.string)), "message": .value(.expression(.string)), "onPressOk": .actions,
                "labelOk": .value(.string),
            ], required: ["message"]),
        action(
            "beagle:condition", ["condition": .value(.expression(.bool)), "onTrue": .actions, "onFalse": .actions],
            required: ["condition"]),
        action(
            "beagle:confirm",
            [
                "title": .value(.expression(.string)), "message": .value(.expression(.string)), "onPressOk": .actions,
                "onPressCancel": .actions, "labelOk": .value(.string), "labelCancel": .value(.string),
            ], required: ["message"]),
        navigation("beagle:openExternalURL", ["url": .value(.expression(.string))], required: ["url"]),
        navigation(
            "beagle:openNativeRoute",
            [
                "route": .value(.expression(.string)), "data": .value(.map(.string)), "shouldResetApplication": .value(.bool),
            ], required: ["route"]),
        navigation("beagle:popStack"),
        navigation("beagle:popToView", ["route": .value(.expression(.string))], required: ["route"]),
        navigation("beagle:popView"),
        navigation("beagle:pushStack", ["route": .route, "controllerId": .value(.string)], required: ["route"]),
        navigation("beagle:pushView", ["route": .route], required: ["route"]),
        navigation("beagle:resetApplication", ["route": .route, "controllerId": .value(.string)], required: ["route"]),
        navigation("beagle:resetStack", ["route": .route], required: ["route"]),
        action(
            "beagle:sendRequest",
            [
                "url": .value(.expression(.string)),
                "method": .enumeration(["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH"], expression: true),
                "data": .value(.any), "headers": .value(.expression(.map(.string))), "onSuccess": .actions,
                "onError": .actions, "onFinish": .actions,
            ], required: ["url"]),
        action(
            "beagle:setContext", ["contextId": .value(.string), "path": .value(.string), "value": .value(.any)],
            required: ["contextId", "value"]),
        action("beagle:submitForm"),
    ]

    /// An action: its fields and `analytics`, which every action reads (Beagle iOS 2.x `Action`).
    private static func action(
        _ identifier: String, _ fields: [String: BeagleFieldShape] = [:], required: Set<String> = []
    ) -> BeagleType {
        BeagleType(
            identifier, .action, fields: fields.merging(["analytics": .value(analytics)]) { first, _ in first },
            required: required)
    }

    /// A navigation action: `Navigate` reads `analytics` and `navigationContext` whatever its case.
    private static func navigation(
        _ identifier: String, _ fields: [String: BeagleFieldShape] = [:], required: Set<String> = []
    ) -> BeagleType {
        action(
            identifier, fields.merging(["navigationContext": .value(navigationContext)]) { first, _ in first }, required: required
        )
    }

    /// Beagle iOS 2.x `ActionAnalyticsConfig`: `false`, `true`, or the attributes to record.
    private static let analytics = PropertyShape.either(
        .bool, .object(["attributes": .list(.string), "additionalEntries": .map(.any)]))

    /// Beagle iOS 2.x `NavigationContext`: a `value` (which may be null) and where it goes.
    private static let navigationContext = PropertyShape.object(["path": .string, "value": .any], required: ["value"])

    // MARK: - Structures

    /// Beagle iOS 2.x `Screen`: a route's `screen` and `fallback`, and `beagle:screenComponent`.
    package static let screen = BeagleStructure(
        "a screen",
        fields: [
            "id": .value(.string), "style": .style, "safeArea": .safeArea, "navigationBar": .navigationBar,
            "child": .component, "context": .context,
        ],
        required: ["child"],
        legacyFields: [
            "identifier": "Beagle 2.x reads id and ignores identifier: the screen has no id",
            "screenAnalyticsEvent":
                "Beagle 2.x ignores screenAnalyticsEvent and records no screen view from it: its analytics come from the app's AnalyticsProvider",
        ])

    /// Beagle iOS 2.x `NavigationBar`.
    package static let navigationBar = BeagleStructure(
        "a navigation bar",
        fields: [
            "title": .value(.string), "styleId": .value(.string), "showBackButton": .value(.bool),
            "backButtonAccessibility": .accessibility, "navigationBarItems": .navigationBarItems,
        ],
        required: ["title"])

    /// Beagle iOS 2.x `NavigationBarItem`: its `image` is a `StringOrExpression`, the name of an
    /// image in the app.
    package static let navigationBarItem = BeagleStructure(
        "a navigation bar item",
        fields: ["image": .value(.string), "text": .value(.string), "onPress": .actions, "accessibility": .accessibility],
        required: ["text", "onPress"],
        legacyFields: [
            "action":
                "Beagle 2.x reads onPress (a list of actions) and ignores action: without onPress the item does not decode"
        ])

    /// Beagle iOS 2.x `Template` of a list or grid.
    package static let template = BeagleStructure(
        "a template", fields: ["case": .value(.expression(.bool)), "view": .component], required: ["view"])

    /// Beagle iOS 2.x `Route.NewPath`: a screen fetched from `url`.
    package static let remoteRoute = BeagleStructure(
        "a route",
        fields: [
            "url": .value(.expression(.string)), "shouldPrefetch": .value(.bool), "fallback": .screen,
            "httpAdditionalData": .value(.httpAdditionalData),
        ],
        required: ["url"])
}
