/// How a person names a stored timer or run: its full id, the first digits of its id (at least
/// ``minimumPrefixLength`` hex digits, dashes allowed), or — for records that have one — a label.
///
/// An id prefix wins over a label when it matches exactly one record, and is refused as
/// ambiguous when it matches several; otherwise the label is tried.
enum RecordReference {
    /// Fewer hex digits than this are never read as an id prefix (too many ids would match).
    static let minimumPrefixLength = 4

    /// The one record `reference` names.
    ///
    /// - Parameters:
    ///   - kind: what is looked for, for messages ("timer", "run").
    ///   - byIDPrefix: the records whose lowercase id starts with the given prefix.
    ///   - byLabel: the record with the given label (nil: this kind has no labels).
    ///   - name: how a candidate is listed when the prefix is ambiguous.
    static func resolve<Record>(
        _ reference: String, kind: String,
        byIDPrefix: (String) throws -> [Record],
        byLabel: ((String) throws -> Record?)? = nil,
        name: (Record) -> String
    ) throws -> Record {
        let prefix = reference.lowercased()
        if prefix.count >= minimumPrefixLength, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
            let matches = try byIDPrefix(prefix)
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 { throw StoreError.ambiguous(kind: kind, reference: reference, candidates: matches.map(name)) }
        }
        if let byLabel, let record = try byLabel(reference) { return record }
        throw StoreError.notFound(kind: kind, reference: reference)
    }
}
