import EffectEngine
import EffectEnginePersistence

/// `--state FILE`: the state is loaded from the file, if there is one, and each settled
/// state is saved to it as it changes, for a feature whose state is `Codable` and
/// `Equatable`.
///
/// Saves are those of ``EffectEnginePersistence/StateFile`` and
/// ``EffectEngine/EffectHost/persist(to:every:)``: atomic, durable, at most one a second,
/// the last state always written before the program exits. A file that is not a state
/// file is moved aside with a warning and the run starts from the initial state; a file
/// from a newer program, one that cannot be read, or a damaged one that cannot be moved
/// aside, is an error (status 64) and is left untouched.
struct StateKeeping<Feature: LineFeature> {
    static var unavailable: UnavailableOptions {
        UnavailableOptions(names: section.options.map(\.name)) { program in
            "\(program)'s State is not Codable and Equatable, so it cannot be kept"
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

    static let section = ProgramSection(title: "state (State is Codable)", options: [state.option])
}

extension StateKeeping: LineCapability where Feature.State: Codable & Equatable {
    var section: ProgramSection { Self.section }

    func startingState(_ arguments: LineArguments, output: LineOutput) throws(LineError) -> Feature.State? {
        guard let path = arguments.path(StateKeepingOptions.state) else { return nil }
        do throws(StateFileError) {
            return try StateFile<Feature.State>(path: path).load()
        } catch  where error.kind == .undecodable && error.movedTo != nil {
            _ = output.write("warning: --state: \(error); starting afresh\n", .standardError)
            return nil
        } catch {
            throw LineError.file(StateKeepingOptions.state.name, "\(error)")
        }
    }

    func attach(
        to host: LineHost<Feature.State, Feature.Event, Feature.Env>, arguments: LineArguments,
        output: LineOutput
    ) throws(LineError) -> (@MainActor () async -> Int32?)? {
        guard let path = arguments.path(StateKeepingOptions.state) else { return nil }
        let saver = host.host.persist(to: StateFile<Feature.State>(path: path))
        return {
            await saver.flush()
            return nil
        }
    }
}
