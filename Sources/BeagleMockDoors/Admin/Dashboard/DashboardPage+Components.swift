import BeagleMockEngine
import BeagleMockHTTP
import BeagleScreens

extension DashboardPage {
    /// The attribute of the page's `<body>` that the server fills with the component types Beagle
    /// 2.x registers (`data-beagle-components="beagle:button beagle:container …"`). The preview
    /// draws those and shows any other type as one labelled box, as Beagle decodes a type it does
    /// not know without reading what is below it; the list comes from `BeagleCatalogue`, the
    /// same data `validate` uses, so the page keeps no list of its own.
    static let componentsMark = #"data-beagle-components="""#

    /// `componentsMark` holding the names of `catalogue`'s components, as the catalogue spells them.
    static func componentsAttribute(of catalogue: BeagleCatalogue) -> String {
        #"data-beagle-components=""# + catalogue.components.map(\.identifier).joined(separator: " ") + #"""#
    }
}
