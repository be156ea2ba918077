/// A failed places or badges command, with a one-line message.
struct PlacesCommandError: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
