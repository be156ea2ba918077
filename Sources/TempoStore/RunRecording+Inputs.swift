import Foundation
import TempoKit

extension RunRecording {
    /// A source of fixes as one throwing stream of recording inputs.
    public static func inputs<S: AsyncSequence & Sendable>(_ source: S) -> AsyncThrowingStream<Input, any Error>
    where S.Element == LocationFix {
        inputs(source.map { Input.fix($0) })
    }

    /// A source of inputs (fixes and segment ends) as one throwing stream; cancelling the
    /// stream's consumer cancels the source.
    public static func inputs<S: AsyncSequence & Sendable>(_ source: S) -> AsyncThrowingStream<Input, any Error>
    where S.Element == Input {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await input in source { continuation.yield(input) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Passes every fix of `inputs` through the places session on its way to the recorder, so
    /// entering a place during a run is reported (and its badge awarded) exactly as a places
    /// watch does; `now` is the caller's wall clock, read once per fix.
    public static func watchingPlaces(
        _ inputs: AsyncThrowingStream<Input, any Error>, session: PlacesSession, now: @escaping @Sendable () -> Date
    ) -> AsyncThrowingStream<Input, any Error> {
        Self.inputs(inputs.map { @Sendable input in
            if case .fix(let fix) = input { try await session.process(fix, now: now()) }
            return input
        })
    }
}
