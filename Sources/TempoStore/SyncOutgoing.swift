/// A local change the server has not acknowledged: what `tempo sync` pushes.
public enum SyncOutgoing: Sendable, Equatable {
    /// The focus settings changed (`PUT /v1/focus/settings`).
    case settings(SyncedFocusSettings)
    /// A stopped session is new or changed (`PUT /v1/focus/sessions/{id}`).
    case session(SyncedFocusSession)
    /// A session the server acknowledged was deleted here (`DELETE /v1/focus/sessions/{id}`).
    case sessionDeleted(id: String)
    /// A badge earned here, or earned earlier here than the server knew (`PUT /v1/badges/{badge}`).
    case badge(SyncedBadge)
    /// A finished run the server has not acknowledged (`PUT /v1/runs/{id}`, then its fixes).
    case run(SyncedRun)
    /// A run the server acknowledged was deleted here (`DELETE /v1/runs/{id}`).
    case runDeleted(id: String)
    /// A place is new or changed (`PUT /v1/places/{name}`).
    case place(SyncedPlace)
    /// A place the server acknowledged was removed here (`DELETE /v1/places/{name}`).
    case placeDeleted(name: String)
    /// A timer is new or changed (`PUT /v1/timers/{id}` with its status at the sync's instant).
    case timer(TimerRecord)
}
