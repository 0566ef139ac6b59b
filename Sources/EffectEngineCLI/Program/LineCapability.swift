/// What a line program offers beyond reading lines, when its feature conforms to what
/// that needs (L9): keeping the state (``StateKeeping``), a journal (``Journaling``),
/// exploration (``Exploring``).
///
/// Each capability is a type generic over the feature that conforms to this protocol
/// only where the feature has what it needs, so that the one ``LineFeature/main()``
/// finds what applies by asking which of them conform, at run time:
///
/// ```swift
/// extension StateKeeping: LineCapability where Feature.State: Codable & Equatable { ... }
/// let offered = StateKeeping<Counter>() as? any LineCapability<Counter>   // non-nil
/// ```
///
/// A new capability adds its section of options, and whichever of the three steps below
/// it takes part in; each has a default that does nothing.
@MainActor
protocol LineCapability<Feature> {
    associatedtype Feature: LineFeature

    /// Its options, as `--help` lists them.
    var section: ProgramSection { get }

    /// Runs the program its own way when the arguments ask for it (`--replay`,
    /// `--explore`) and returns the exit status; `nil` to run as usual.
    func takeOver(_ arguments: LineArguments, output: LineOutput) async -> Int32?

    /// The state the run starts from, when the arguments say where one is kept; `nil`
    /// for the feature's initial state.
    func startingState(_ arguments: LineArguments, output: LineOutput) throws(LineError) -> Feature.State?

    /// Attaches to the host for the run (a saver, a recorder) and returns what ends it
    /// once the host has stopped: that returns the status to exit with when it failed
    /// (having said why on `output`), `nil` when it did its part.
    func attach(
        to host: LineHost<Feature.State, Feature.Event, Feature.Env>, arguments: LineArguments,
        output: LineOutput
    ) throws(LineError) -> (@MainActor () async -> Int32?)?
}

extension LineCapability {
    func takeOver(_ arguments: LineArguments, output: LineOutput) async -> Int32? { nil }

    func startingState(_ arguments: LineArguments, output: LineOutput) throws(LineError) -> Feature.State? {
        nil
    }

    func attach(
        to host: LineHost<Feature.State, Feature.Event, Feature.Env>, arguments: LineArguments,
        output: LineOutput
    ) throws(LineError) -> (@MainActor () async -> Int32?)? {
        nil
    }
}
