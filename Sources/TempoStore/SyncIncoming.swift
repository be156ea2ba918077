/// One entry of the server's change feed, as the local store applies it.
public enum SyncIncoming: Sendable, Equatable {
    /// The account's focus settings are now these.
    case settings(SyncedFocusSettings)
    /// A session was created or changed.
    case session(SyncedFocusSession)
    /// A session was deleted.
    case sessionDeleted(id: String)
    /// A badge was earned (or earned earlier than known) on some device.
    case badge(SyncedBadge)
    /// A kind of record this device does not keep yet: only the cursor moves past it.
    case other
}
