/// Set once the user asked to quit a focus live line (q or Ctrl-C).
actor FocusQuitFlag {
    private(set) var isSet = false

    func set() { isSet = true }

    /// A flag that q or Ctrl-C on `terminal` sets; `keys` reads the keys until it is cancelled.
    static func watching(_ terminal: Terminal) -> (flag: FocusQuitFlag, keys: Task<Void, Never>) {
        let quit = FocusQuitFlag()
        let keys = Task {
            for await key in terminal.keys where key == .interrupt || key == .character("q") {
                await quit.set()
                return
            }
        }
        return (quit, keys)
    }
}
