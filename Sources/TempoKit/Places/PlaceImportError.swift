/// Why a GeoJSON file of places was refused: every problem found, each with its feature's index.
///
/// Nothing from a refused file is imported.
public struct PlaceImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One problem: `featureIndex` is the 0-based position in `features` (as in `features[3]`),
    /// `nil` for a problem with the file as a whole.
    public struct Issue: Equatable, Sendable, CustomStringConvertible {
        /// 0-based index into the file's `features` array, or `nil`.
        public var featureIndex: Int?
        /// What is wrong, in words.
        public var reason: String

        /// Builds an issue.
        public init(featureIndex: Int?, reason: String) {
            self.featureIndex = featureIndex
            self.reason = reason
        }

        /// `feature 3: no radius_m property`.
        public var description: String {
            featureIndex.map { "feature \($0): \(reason)" } ?? reason
        }
    }

    /// Every problem, in file order.
    public var issues: [Issue]

    /// Builds an error from its issues.
    public init(issues: [Issue]) {
        self.issues = issues
    }

    /// All issues on one line, separated by semicolons, ending with "nothing was imported".
    public var description: String {
        issues.map(\.description).joined(separator: "; ") + " — nothing was imported"
    }
}
