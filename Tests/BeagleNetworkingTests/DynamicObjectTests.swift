import BeagleNetworking
import Foundation
import Testing

/// `DynamicObject`'s helpers of Beagle iOS 2.x: `asAny()`, `asDictionary()`, `init(_:)`.
@Suite struct DynamicObjectTests {
    @Test func asAnyGivesPlainSwiftValues() throws {
        let object: DynamicObject = ["name": "Kelsier", "age": 30, "tags": ["a", nil], "greeting": "Hi @{user}"]
        let any = try #require(object.asAny() as? [String: Any?])
        #expect(any["name"] as? String == "Kelsier")
        #expect(any["age"] as? Int == 30)
        #expect((any["tags"] as? [Any?])?.count == 2)
        #expect(any["greeting"] as? String == "Hi @{user}")
        #expect(DynamicObject.empty.asAny() == nil)
    }

    @Test func asDictionaryAndKinds() {
        let object: DynamicObject = ["a": 1]
        #expect(object.asDictionary() == ["a": 1])
        #expect(DynamicObject.int(1).asDictionary().isEmpty)
        #expect(DynamicObject.int(1).isEqualIgnoringAssociatedValues(.int(2)))
        #expect(!DynamicObject.int(1).isEqualIgnoringAssociatedValues(.double(1)))
        #expect(DynamicObject.string("x").description == "x")
    }

    @Test func anEncodableValueBecomesItsJSON() {
        struct Product: Encodable { let sku = "42" }
        #expect(DynamicObject(Product()) == ["sku": "42"])
        #expect(DynamicObject(Double.nan) == .empty)
    }
}
