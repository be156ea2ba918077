import TempoKit

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
    /// A run the server holds, with its fixes (none when this device holds it already, or when
    /// the server acknowledged this device's push of it).
    case run(SyncedRun)
    /// A run was deleted.
    case runDeleted(id: String)
    /// A place was defined or redefined.
    case place(SyncedPlace)
    /// A place was deleted.
    case placeDeleted(name: String)
    /// A timer was created, changed or finished: its status document.
    case timer(TimerStatus)
    /// A timer was deleted.
    case timerDeleted(id: String)
    /// A kind of record this device does not keep yet: only the cursor moves past it.
    case other
}
