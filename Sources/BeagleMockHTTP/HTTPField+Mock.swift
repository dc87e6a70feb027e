import HTTPTypes

// The names below are valid header names written out, so the failable initialiser cannot fail.
extension HTTPField.Name {
    /// `beagle-platform`: the client's platform (IOS, ANDROID, WEB).
    package static let beaglePlatform = HTTPField.Name("beagle-platform")!
    /// `beagle-hash`: Beagle 1.x's cache protocol.
    package static let beagleHash = HTTPField.Name("beagle-hash")!
}

extension HTTPField.Name {
    /// Whether this is `name`, comparing lengths before letters: most names differ in length,
    /// and a length costs nothing to read.
    @inlinable
    package func isNamed(_ name: HTTPField.Name) -> Bool {
        canonicalName.utf8.count == name.canonicalName.utf8.count && canonicalName == name.canonicalName
    }
}

// Every response goes through these, so they skip what the subscript does for the general case:
// joining every value of a name on read (to tell whether there is one), and rebuilding the fields
// on write.
extension HTTPFields {
    /// Whether `Connection` says `close`, read joined as sent in one field or several (most
    /// messages have none to join).
    @inlinable
    package var saysClose: Bool {
        has(.connection) && self[.connection]?.lowercased() == "close"
    }

    /// Whether a field named `name` is present.
    @inlinable
    package func has(_ name: HTTPField.Name) -> Bool {
        contains { $0.name.isNamed(name) }
    }

    /// Sets `field`'s name to its value, replacing every field of that name with `field` itself:
    /// a field made once is not checked again.
    @inlinable
    package mutating func set(_ field: HTTPField) {
        if has(field.name) {
            self[fields: field.name] = [field]
        } else {
            append(field)
        }
    }
}
