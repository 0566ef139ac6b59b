import EffectEngine
import EffectEnginePersistence

/// `--state FILE`: the state (or the part of it ``LineFeature/keptState`` names) is loaded
/// from the file, if there is one, and saved to it whenever it changes, for a feature
/// whose kept state is `Codable` and `Equatable`.
///
/// Saves are those of ``EffectEnginePersistence/StateFile`` and
/// `EffectHost.persist(to:every:)`: atomic, durable, at most one a second,
/// the last state always written before the program exits. A file that is not a state
/// file is moved aside with a warning and the run starts from the initial state; a file
/// from a newer program, one that cannot be read, or a damaged one that cannot be moved
/// aside, is an error (status 64) and is left untouched. So is a path where no save
/// could succeed (a directory, or a folder the program cannot write in): it is refused
/// before the run. A save that fails during the run is said once, as an error, and the
/// program exits 73 (``LineExitStatus/cannotWrite``) at its end.
struct StateKeeping<Feature: LineFeature>: Sendable {
    static var unavailable: UnavailableOptions {
        UnavailableOptions(names: section.options.map(\.name)) { program in
            Feature.KeptState.self == Feature.State.self
                ? "\(UnavailableOptions.possessive(program)) State is not Codable and Equatable, so it cannot be kept"
                : "\(UnavailableOptions.possessive(program)) kept state, \(Feature.KeptState.self), is not Codable and Equatable, so it cannot be kept"
        }
    }

    /// Its options, as `--help` lists them; the same names are refused, with the
    /// reason, by a program whose feature lacks the conformance.
    static var section: ProgramSection { StateKeepingOptions.section }
}

/// `--state`, declared once.
enum StateKeepingOptions {
    static let state = FileOption(
        "state", role: .run, summary: "keep the state in file between runs (JSON, saved as it changes)")

    static let section = ProgramSection(title: "state (the kept state is Codable)", options: [state.option])
}

extension StateKeeping: LineCapability where Feature.KeptState: Codable & Equatable {
    var section: ProgramSection { Self.section }

    func startingState(_ arguments: LineArguments, output: LineOutput) throws(LineError) -> Feature.State? {
        guard let path = arguments.path(StateKeepingOptions.state) else { return nil }
        let state: Feature.State?
        do throws(StateFileError) {
            if let kept = try StateFile<Feature.KeptState>(path: path).load() {
                var loaded = Feature.initialState
                loaded[keyPath: Feature.keptState] = kept
                state = loaded
            } else {
                state = nil
            }
        } catch where error.kind == .undecodable && error.movedTo != nil {
            _ = output.write("warning: --state: \(error); starting afresh\n", .standardError)
            state = nil
        } catch {
            throw LineError.file(StateKeepingOptions.state.name, "\(error)")
        }
        // Checked after loading, whose own faults (a directory, a newer file) say more.
        try TextFile.checkReplaceable(path, for: StateKeepingOptions.state.name)
        return state
    }

    func attach(
        to host: LineHost<Feature.State, Feature.Event, Feature.Env>, arguments: LineArguments,
        output: LineOutput
    ) throws(LineError) -> (@MainActor () async -> Int32?)? {
        guard let path = arguments.path(StateKeepingOptions.state) else { return nil }
        let saver = host.host.persist(to: StateFile<Feature.KeptState>(path: path), Feature.keptState)
        // Said once, however many saves fail after it: each would say the same.
        var hasFailed = false
        saver.failed = { error in
            guard !hasFailed else { return }
            hasFailed = true
            let message = "cannot save the state: \(error)"
            host.console.writeError("error: \(LineError.file(StateKeepingOptions.state.name, message).message)")
        }
        return {
            await saver.flush()
            return hasFailed ? LineExitStatus.cannotWrite : nil
        }
    }
}
