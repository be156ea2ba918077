extension MotionModel {
    /// What to do with a fix.
    enum Verdict: Sendable, Equatable {
        /// Add it.
        case accept
        /// Add it after deciding every held fix and `restart()`: the fixes before it were outliers
        /// in a row, so the track really jumped, or it comes after a gap longer than
        /// `sumsRebaseSeconds`.
        case restart
        /// Drop it.
        case drop(FixDropReason)
    }
}
