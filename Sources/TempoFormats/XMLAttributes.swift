/// A start tag's attributes by qualified name, in document order. A list, not a dictionary:
/// tags have a handful of attributes, and hashing cost more than a linear search in the profile.
struct XMLAttributes {
    var pairs: [(name: String, value: String)] = []

    /// The value of the attribute named `name`, if present.
    subscript(_ name: String) -> String? {
        for pair in pairs where pair.name == name { return pair.value }
        return nil
    }
}
