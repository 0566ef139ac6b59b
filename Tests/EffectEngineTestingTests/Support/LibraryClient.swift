import EffectEngine

/// A client as a library target holds it, beside the feature: it imports the core only,
/// and its test value is made of `unimplemented` stand-ins (T13).
struct LibraryClient: Sendable {
    var load: @Sendable (Int) async throws -> [String]
    var count: @Sendable () -> Int

    static let testValue = LibraryClient(
        load: unimplemented("LibraryClient.load"),
        count: unimplemented("LibraryClient.count", placeholder: 0))
}
