import Foundation

/// A pomodoro cycle: `rounds` focus periods with short breaks between them and a long break
/// after the last, each phase a ``Countdown``.
///
/// Deadline-based: a phase ends at its countdown's `finishedAt` whether or not a process was
/// there to see it, so a cycle stored, killed and reloaded later resumes in the right phase
/// with the right remaining time. Focus periods become focus sessions in a ``FocusLedger``
/// (started at the phase's start, stopped at its end); breaks do not.
public struct Pomodoro: Sendable, Hashable, Codable {
    /// The lengths of the phases and how many focus periods make a cycle.
    public struct Plan: Sendable, Hashable {
        /// A focus period.
        public var work: Duration
        /// The break between two focus periods.
        public var shortBreak: Duration
        /// The break after the last focus period.
        public var longBreak: Duration
        /// Focus periods in a cycle.
        public var rounds: Int

        /// The number of focus periods a cycle may have.
        public static let roundsRange = 1...1000

        /// A plan; every length must be positive (at most 100 years) and `rounds` in ``roundsRange``.
        public init(
            work: Duration = .seconds(1500), shortBreak: Duration = .seconds(300), longBreak: Duration = .seconds(900), rounds: Int = 4
        ) throws(FocusError) {
            for value in [work, shortBreak, longBreak] where !(value > .zero && ValidRange.durations.contains(value)) {
                throw .invalidDuration("\(value.timeInterval) s")
            }
            guard Self.roundsRange.contains(rounds) else {
                throw .outOfRange(OutOfRange(name: "the number of rounds", value: "\(rounds)", range: "1 to 1000 focus periods"))
            }
            self.work = work
            self.shortBreak = shortBreak
            self.longBreak = longBreak
            self.rounds = rounds
        }
    }

    /// What a phase is.
    public enum Kind: String, Sendable, Hashable, Codable {
        case work, shortBreak = "short_break", longBreak = "long_break"
    }

    /// The plan.
    public let plan: Plan
    /// The tags given to the focus sessions.
    public let tags: [String]
    /// The current phase, 0-based (work, break, work, … long break).
    public private(set) var phaseIndex: Int
    /// The current phase's countdown.
    public private(set) var countdown: Countdown
    /// The focus session of the current work phase, if any.
    public private(set) var sessionID: UUID?
    /// When the cycle ended (the long break's deadline), if it has.
    public private(set) var finishedAt: Date?

    /// The kinds of the phases in order.
    public var phases: [Kind] {
        (0..<plan.rounds).flatMap { round in [.work, round == plan.rounds - 1 ? .longBreak : .shortBreak] }
    }

    /// The current phase's kind.
    public var kind: Kind { phases[min(phaseIndex, phases.count - 1)] }

    /// Which focus period (1-based) the current phase belongs to.
    public var round: Int { phaseIndex / 2 + 1 }

    /// Starts a cycle at `now`; its first focus period starts a session in `ledger` (which
    /// stops any session active there).
    public init(plan: Plan, tags: [String] = [], at now: Date, ledger: inout FocusLedger, sessionID: UUID = UUID()) throws(FocusError) {
        self.plan = plan
        self.tags = tags
        self.phaseIndex = 0
        do {
            self.countdown = try Countdown(duration: plan.work)
            try countdown.start(at: now)
        } catch {
            throw .invalidDuration("\(plan.work.timeInterval) s")
        }
        ledger.start(tags: tags, id: sessionID, at: now)
        self.sessionID = sessionID
    }

    /// The time left in the current phase at `now`.
    public func remaining(at now: Date) -> Duration { countdown.remaining(at: now) }

    /// Moves through every phase that ended by `now`, each at its own deadline: a work phase's
    /// session is stopped at the deadline (if it is still active), the next work phase's
    /// session starts at the previous break's deadline. Returns the phases entered.
    @discardableResult
    public mutating func advance(to now: Date, ledger: inout FocusLedger, newSessionID: () -> UUID = { UUID() }) -> [Kind] {
        var entered: [Kind] = []
        while finishedAt == nil, let end = countdown.finishedAt, end <= now {
            if kind == .work, let sessionID, ledger.active?.id == sessionID {
                _ = try? ledger.stop(at: end)
            }
            sessionID = nil
            phaseIndex += 1
            guard phaseIndex < phases.count else {
                finishedAt = end
                break
            }
            let length = switch kind {
            case .work: plan.work
            case .shortBreak: plan.shortBreak
            case .longBreak: plan.longBreak
            }
            // Lengths were checked positive in the plan, so these cannot fail.
            guard var next = try? Countdown(duration: length) else { break }
            _ = try? next.start(at: end)
            countdown = next
            if kind == .work {
                let id = newSessionID()
                ledger.start(tags: tags, id: id, at: end)
                sessionID = id
            }
            entered.append(kind)
        }
        return entered
    }

    /// Ends the cycle at `now`, stopping the current focus session (if still active).
    public mutating func stop(at now: Date, ledger: inout FocusLedger) {
        if let sessionID, ledger.active?.id == sessionID { _ = try? ledger.stop(at: now) }
        sessionID = nil
        finishedAt = now
    }
}

extension Pomodoro {
    private enum CodingKeys: String, CodingKey {
        case plan, tags, tag, phaseIndex, countdown, sessionID, finishedAt
    }

    /// Reads a stored cycle; one stored before cycles had several tags has a single `tag`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        plan = try container.decode(Plan.self, forKey: .plan)
        if let tags = try container.decodeIfPresent([String].self, forKey: .tags) {
            self.tags = tags
        } else {
            tags = try container.decodeIfPresent(String.self, forKey: .tag).map { [$0] } ?? []
        }
        phaseIndex = try container.decode(Int.self, forKey: .phaseIndex)
        countdown = try container.decode(Countdown.self, forKey: .countdown)
        sessionID = try container.decodeIfPresent(UUID.self, forKey: .sessionID)
        finishedAt = try container.decodeIfPresent(Date.self, forKey: .finishedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(plan, forKey: .plan)
        try container.encode(tags, forKey: .tags)
        try container.encode(phaseIndex, forKey: .phaseIndex)
        try container.encode(countdown, forKey: .countdown)
        try container.encodeIfPresent(sessionID, forKey: .sessionID)
        try container.encodeIfPresent(finishedAt, forKey: .finishedAt)
    }
}

extension Pomodoro.Plan: Codable {
    private enum CodingKeys: String, CodingKey { case workSeconds, shortBreakSeconds, longBreakSeconds, rounds }

    /// Reads a plan stored with its lengths in seconds (`workSeconds`, `shortBreakSeconds`, `longBreakSeconds`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            work: container.decodeDuration(secondsForKey: .workSeconds),
            shortBreak: container.decodeDuration(secondsForKey: .shortBreakSeconds),
            longBreak: container.decodeDuration(secondsForKey: .longBreakSeconds),
            rounds: container.decode(Int.self, forKey: .rounds))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(work.timeInterval, forKey: .workSeconds)
        try container.encode(shortBreak.timeInterval, forKey: .shortBreakSeconds)
        try container.encode(longBreak.timeInterval, forKey: .longBreakSeconds)
        try container.encode(rounds, forKey: .rounds)
    }
}
