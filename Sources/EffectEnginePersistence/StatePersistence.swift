import EffectEngine
import EffectEngineShared
import Foundation

/// Keeps a host's settled states in a ``StateFile``, made by
/// `EffectHost.persist(to:every:)` or `ActorHost.persist(to:every:)`.
///
/// Saves are coalesced off the loop: the first change is written at once, then at most
/// one save per interval, each of the latest settled state; the last change is always
/// written, when the host stops or at ``flush()``. The saver keeps the last settled state
/// it was told of, so a host released without `stop()` (the view went away) still has its
/// last change written. A save runs on a task of its own, never on the main actor, and a
/// state equal to the one last written is not written again. A
/// failed save is reported to the host's observers as `Diagnostic.writeFailed(path:reason:)`
/// and the next change is tried again.
///
/// ```swift
/// let saver = host.persist(to: StateFile(path: "count.json"))
/// host.send(.increment)
/// await host.stop()
/// await saver.flush()   // the last state is on disk
/// ```
@MainActor
public final class StatePersistence<State: Codable & Sendable & Equatable> {
    /// The file states are saved to.
    public let file: StateFile<State>
    /// The least time between two saves.
    public let interval: Duration
    /// The state last written, or `nil` before the first save.
    public private(set) var lastSaved: State?
    /// The error of the last save, or `nil` when it succeeded.
    public private(set) var lastError: StateFileError?
    /// How many saves succeeded.
    public private(set) var saveCount = 0

    /// The host's state, or `nil` once the host is released; always `nil` for a host on
    /// another actor, whose state is read with ``read``.
    private let latest: @MainActor () -> State?
    /// Reads the state of a host on another actor than the main one, or `nil` once it is
    /// released: what ``flush()`` saves.
    private let read: (@Sendable () async -> State?)?
    /// The last settled state the reader of the host's states saw: the state to save for a
    /// host on another actor between two flushes.
    private var lastSeen: State?
    /// The host's last settled state (R16), handed over by the host as it is released:
    /// what is saved then, since no one can read its state any more. The host hands it
    /// over once, from its `deinit`, so keeping it costs the loop nothing per event.
    fileprivate let released = ReleasedState<State>()
    /// Whether the saver was cancelled: a state handed over afterwards is not saved.
    private var isCancelled = false
    /// The state most recently handed to a save: a change is a state that differs from it.
    private var lastQueued: State?
    /// When the next save may start.
    private var nextAllowed = ContinuousClock.now
    /// The task reading the host's settled states; it ends when the host stops or is
    /// released.
    private(set) var reading: Task<Void, Never>?
    /// A save waiting for its turn (the next main-actor turn, or the interval to pass); it
    /// writes the latest state when it runs.
    private(set) var scheduled: Task<Void, Never>?
    /// The save in progress, or the last one.
    private(set) var writing: Task<Void, Never>?

    init(
        file: StateFile<State>, interval: Duration, saved: State, latest: @escaping @MainActor () -> State?,
        read: (@Sendable () async -> State?)? = nil
    ) {
        self.file = file
        self.interval = interval
        self.lastSaved = saved
        self.lastQueued = saved
        self.latest = latest
        self.read = read
    }

    /// The state to save: the host's, or the last settled state it told of once it is
    /// released; for a host on another actor, the last settled state seen.
    private var current: State? { latest() ?? (isCancelled ? nil : released.state ?? lastSeen) }

    /// Asks `host` for the part of its state this saver keeps when it is released: a
    /// change made in the main-actor turn the host went away, which the reader of
    /// `states` never woke for, is still saved. The host keeps only the box the state goes
    /// into, never the saver.
    func keepsStateOnRelease<HostState, Event, Env>(
        of host: EffectHost<HostState, Event, Env>, part: KeyPath<HostState, State> & Sendable
    ) {
        host.onRelease { [released] state in released.keep(state[keyPath: part]) }
    }


    /// Starts reading `states`: the current state first, then each settled change. The
    /// reader wakes at most once per main-actor turn and only notes the change; saves run
    /// on their own tasks. The reader keeps the saver until the host stops or is released,
    /// so a saver nobody keeps still saves.
    func start(_ states: StateStream<State>) {
        reading = Task {
            for await state in states {
                if Task.isCancelled { return }
                if self.read != nil { self.lastSeen = state }
                self.changed()
            }
            // The host stopped: the last change is written now, not at the end of a pause.
            // A cancelled saver writes nothing more.
            if !Task.isCancelled { await self.flush() }
        }
    }

    /// Writes the host's latest state now, if it differs from the state last written, and
    /// returns once it is on disk (or failed): the last settled state the saver was told
    /// of once the host is released. Call it before the process exits.
    ///
    /// ```swift
    /// await host.stop()
    /// await saver.flush()
    /// ```
    public func flush() async {
        scheduled?.cancel()
        scheduled = nil
        if let read, !isCancelled, let state = await read() { lastSeen = state }
        await saveLatest()
    }

    /// Stops saving and stops observing the host; a save in progress completes. The file
    /// keeps what was last written.
    ///
    /// ```swift
    /// saver.cancel()
    /// ```
    public func cancel() {
        isCancelled = true
        reading?.cancel()
        scheduled?.cancel()
        scheduled = nil
    }

    /// A settled state was read: save it now if the interval since the last save has
    /// passed, else once it has (the save then takes the latest state).
    private func changed() {
        guard scheduled == nil, let state = current, state != lastQueued else { return }
        let now = ContinuousClock.now
        if now >= nextAllowed {
            nextAllowed = now.advanced(by: interval)
            scheduled = Task { [weak self] in
                guard !Task.isCancelled, let self else { return }
                self.scheduled = nil
                await self.saveLatest()
            }
            return
        }
        let due = nextAllowed
        scheduled = Task { [weak self] in
            try? await Task.sleep(until: due, clock: .continuous)
            guard !Task.isCancelled, let self else { return }
            self.scheduled = nil
            self.nextAllowed = ContinuousClock.now.advanced(by: self.interval)
            await self.saveLatest()
        }
    }

    /// Saves the host's state as it is when the save starts (the last settled state once
    /// the host is released), after any save in progress, unless it is the state last
    /// written.
    private func saveLatest() async {
        let previous = writing
        let file = self.file
        let task = Task { [weak self] in
            await previous?.value
            guard let self, let state = self.current, state != self.lastSaved else { return }
            self.lastQueued = state
            let outcome = await Task.detached { () -> StateFileError? in
                do throws(StateFileError) {
                    try file.save(state)
                    return nil
                } catch {
                    return error
                }
            }.value
            self.finished(saving: state, error: outcome)
        }
        writing = task
        await task.value
    }

    private func finished(saving state: State, error: StateFileError?) {
        lastError = error
        defer { saveEnded?(state, error) }
        guard let error else {
            lastSaved = state
            saveCount += 1
            return
        }
        failed?(error)
    }

    /// Called after each save, written or failed: for tests that wait on the saver itself.
    package var saveEnded: ((State, StateFileError?) -> Void)?

    /// Called with each failed save's error: by default the host's diagnostic report; a
    /// line program says the first one itself, once, and exits 73.
    package var failed: ((StateFileError) -> Void)?
}

extension EffectHost where State: Codable & Sendable & Equatable {
    /// Saves the settled states (R16) to `file` from now on, coalesced: the first change
    /// at once, then at most one save per `interval`, the last change always written.
    ///
    /// Saving reads `EffectHost.states`, and an observer keeps the last
    /// settled state, so each event costs the loop the observer's call, which stores the
    /// state; encoding and writing run off the main actor. The state the host has now is
    /// taken as already saved. A failed save is reported to the observers as a diagnostic
    /// and the loop goes on. When the host stops or is released without stopping (the
    /// view went away, R9), the last settled state is written; await
    /// ``StatePersistence/flush()`` to know it is on disk. To keep one part of the state,
    /// use `EffectHost.persist(to:every:_:)`.
    ///
    /// ```swift
    /// let file = StateFile<Counter.State>(path: "count.json")
    /// let host = EffectHost(initialState: try file.load() ?? Counter.State(), update: Counter.update)
    /// let saver = host.persist(to: file, every: .seconds(1))
    /// ```
    ///
    /// - Parameters:
    ///   - file: Where to save.
    ///   - interval: The least time between two saves; one second by default.
    /// - Returns: The saver: ``StatePersistence/flush()`` writes the latest state now.
    ///   Keeping it is optional: it saves until the host stops either way. It keeps no
    ///   reference to the host: a released host is freed.
    @discardableResult
    public func persist(to file: StateFile<State>, every interval: Duration = .seconds(1)) -> StatePersistence<State> {
        persist(to: file, every: interval, \.self)
    }
}

extension EffectHost {
    /// Saves one part of the settled states to `file` from now on (N6): the part a user
    /// expects to find again (a list of records), not the screens shown over it. The
    /// file is written only when that part changed: events that change the rest of the
    /// state (a timer ticking on a screen) write nothing. Saves are coalesced as
    /// `EffectHost.persist(to:every:)` says.
    ///
    /// ```swift
    /// let file = StateFile<[SyncUp]>(path: "syncups.json")
    /// let host = EffectHost(initialState: SyncUpsApp.State(syncUps: try file.load() ?? []), env: .live,
    ///                       update: SyncUpsApp.update)
    /// host.persist(to: file, \.syncUps)
    /// ```
    ///
    /// - Parameters:
    ///   - file: Where to save the part.
    ///   - interval: The least time between two saves; one second by default.
    ///   - part: The part of the state to keep.
    /// - Returns: The saver of the part.
    @discardableResult
    public func persist<Part: Codable & Sendable & Equatable>(
        to file: StateFile<Part>, every interval: Duration = .seconds(1), _ part: KeyPath<State, Part> & Sendable
    ) -> StatePersistence<Part> {
        let saver = StatePersistence(file: file, interval: interval, saved: state[keyPath: part]) { [weak self] in
            self?.state[keyPath: part]
        }
        saver.failed = { [weak self] error in
            self?.report(.writeFailed(path: error.path, reason: error.reason))
        }
        saver.keepsStateOnRelease(of: self, part: part)
        saver.start(states(of: part))
        return saver
    }
}

extension ActorHost where State: Codable & Sendable & Equatable {
    /// Saves the settled states to `file` from now on, coalesced, as
    /// `EffectHost.persist(to:every:)` does for a host on the main actor (H8).
    ///
    /// ```swift
    /// let host = ActorHost(initialState: try file.load() ?? Counter.State(), update: Counter.update)
    /// let saver = await host.persist(to: file)
    /// ```
    ///
    /// - Parameters:
    ///   - file: Where to save.
    ///   - interval: The least time between two saves; one second by default.
    /// - Returns: The saver: ``StatePersistence/flush()`` writes the host's latest state now.
    @discardableResult
    public func persist(to file: StateFile<State>, every interval: Duration = .seconds(1)) async
        -> StatePersistence<State>
    {
        await persist(to: file, every: interval, \.self)
    }
}

extension ActorHost {
    /// Saves one part of the settled states to `file` from now on, as
    /// `EffectHost.persist(to:every:_:)` does: the saver reads the host's settled states as
    /// they come and its state at each ``StatePersistence/flush()``; it keeps the last one
    /// when the host is released, as on the main actor. The saver's own bookkeeping runs
    /// on the main actor; encoding and writing run off it.
    ///
    /// ```swift
    /// let saver = await host.persist(to: StateFile<[SyncUp]>(path: "syncups.json"), \.syncUps)
    /// ```
    ///
    /// - Parameters:
    ///   - file: Where to save the part.
    ///   - interval: The least time between two saves; one second by default.
    ///   - part: The part of the state to keep.
    /// - Returns: The saver of the part.
    @discardableResult
    public func persist<Part: Codable & Sendable & Equatable>(
        to file: StateFile<Part>, every interval: Duration = .seconds(1), _ part: KeyPath<State, Part> & Sendable
    ) async -> StatePersistence<Part> {
        let saved = state[keyPath: part]
        let states = states(of: part)
        let saver = await MainActor.run {
            let saver = StatePersistence(
                file: file, interval: interval, saved: saved, latest: { nil },
                read: { [weak self] in await self?.value(of: part) })
            saver.failed = { [weak self] error in
                Task { await self?.report(.writeFailed(path: error.path, reason: error.reason)) }
            }
            return saver
        }
        onRelease { [released = saver.released] state in released.keep(state[keyPath: part]) }
        await MainActor.run { saver.start(states) }
        return saver
    }

    private func value<Part: Sendable>(of part: KeyPath<State, Part> & Sendable) -> Part {
        state[keyPath: part]
    }
}

/// The state a released host handed over, read by its saver from the main actor; the host
/// may be released on any thread. `Locked`, not `Mutex`: the thread sanitizer sees its
/// ordering.
private final class ReleasedState<State: Sendable>: Sendable {
    private let value = Locked<State?>(nil)

    var state: State? { value.withLock { $0 } }

    func keep(_ state: State) { value.withLock { $0 = state } }
}
