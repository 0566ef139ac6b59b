import EffectEngine
import EffectEnginePersistence

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `--state DIR` in a sessions program: one state file a session, `DIR/<session>.json`,
/// read when the session starts and saved as it changes (S2).
protocol SessionStateKeeping<Feature>: Sendable {
    associatedtype Feature: LineFeature

    /// The state a session starts from: its file's, or `nil` when it has none.
    func keptState(of session: String, in directory: String) throws(LineError) -> Feature.State?

    /// Makes the directory when it is missing; fails when it cannot be, or is a file.
    static func prepare(_ directory: String) throws(LineError)

    /// Saves the session's state as it changes; what it returns writes the last change
    /// and says whether every save succeeded.
    func keep(
        _ host: ActorHost<Feature.State, Feature.Event, Feature.Env>, of session: String, in directory: String,
        output: SessionsOutput
    ) async -> @Sendable () async -> Bool
}

extension StateKeeping: SessionStateKeeping where Feature.KeptState: Codable & Equatable {
    func keptState(of session: String, in directory: String) throws(LineError) -> Feature.State? {
        let path = Self.path(of: session, in: directory)
        do throws(StateFileError) {
            guard let kept = try StateFile<Feature.KeptState>(path: path).load() else { return nil }
            var state = Feature.initialState
            state[keyPath: Feature.keptState] = kept
            return state
        } catch {
            throw LineError("\(StateKeepingOptions.state.name): \(error)")
        }
    }

    func keep(
        _ host: ActorHost<Feature.State, Feature.Event, Feature.Env>, of session: String, in directory: String,
        output: SessionsOutput
    ) async -> @Sendable () async -> Bool {
        let file = StateFile<Feature.KeptState>(path: Self.path(of: session, in: directory))
        let saver = await host.persist(to: file, every: .seconds(1), Feature.keptState)
        return { @MainActor in
            await saver.flush()
            return saver.lastError == nil
        }
    }

    /// The file of a session's state.
    static func path(of session: String, in directory: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + session + ".json"
    }

    /// Makes the directory when it is missing; fails when it cannot be, or is a file.
    static func prepare(_ directory: String) throws(LineError) {
        var status = stat()
        if stat(directory, &status) == 0 {
            guard status.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) else {
                throw LineError("--\(StateKeepingOptions.state.name): '\(directory)' is not a directory")
            }
            return
        }
        guard mkdir(directory, 0o755) == 0 else {
            let reason = String(cString: strerror(errno))
            throw LineError("--\(StateKeepingOptions.state.name): cannot make the directory '\(directory)': \(reason)")
        }
    }
}
