import TempoKit

/// A countdown screen: start, pause, resume, and a label redrawn once per shown second.
@main
struct CountdownScreen {
    static func main() async throws {
        let timer = try LiveTimer(countdown: .seconds(4), clock: ContinuousClock())
        let screen = Task {
            // Follows start, pause, resume and cancel by itself; ends at 00:00.
            for await display in await timer.displays() {
                print(display.state, display.text)  // the label: running 00:04, running 00:03, …
            }
        }
        try await timer.start()
        try await Task.sleep(for: .seconds(1.5))
        try await timer.pause()  // paused 00:03, however long the pause
        try await Task.sleep(for: .seconds(2))
        try await timer.resume()
        await screen.value  // … running 00:01, finished 00:00
    }
}
