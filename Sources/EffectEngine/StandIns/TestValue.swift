/// A value with a test form whose every endpoint fails the running test, naming itself,
/// unless the test sets it (N15, a TCA dependency's `testValue`).
///
/// A client declares its test value once, beside the client, in its own library target,
/// each endpoint an ``unimplemented(_:placeholder:fileID:filePath:line:column:)`` stand-in;
/// an env of clients declares its own from theirs. A test then starts from the env's test
/// value and sets only the endpoints its feature may call: any other call fails the test,
/// saying which endpoint it was, and lets it go on. `TestHost(initialState:update:setUp:)`
/// (EffectEngineTesting) starts from it.
///
/// ```swift
/// struct WeatherClient: Sendable, TestValue {
///     var search: @Sendable (String) async throws -> [String]
///     var forecast: @Sendable (String) async throws -> Int
///
///     static let testValue = WeatherClient(
///         search: unimplemented("WeatherClient.search"),
///         forecast: unimplemented("WeatherClient.forecast"))
/// }
///
/// var client = WeatherClient.testValue
/// client.search = { _ in ["Paris"] }   // a call of forecast fails the test, naming it
/// ```
public protocol TestValue {
    /// The value whose endpoints fail the running test, each naming itself, when called.
    static var testValue: Self { get }
}
