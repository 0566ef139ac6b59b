// T12, T13: stand-ins for the closures of an env that a test does not expect to be
// called. Each fails the test when called, naming itself, and lets the test go on: it
// returns a placeholder, or, where the closure throws and none is given, throws
// `UnimplementedCall`. Any number of arguments (parameter packs); async closures take
// these too, a synchronous closure being usable where an async one is expected.
//
// They live in the core, which imports neither XCTest nor Testing, so a client's test
// value sits beside the client in a library target; the failure reaches the framework
// running the test through the reporter EffectEngineTesting installs (`IssueReporting`).

/// A stand-in for an env closure a test does not expect to be called: when called, it
/// fails the test, naming itself and its arguments, and returns `placeholder()` so the
/// test goes on (T12).
///
/// TCA's `unimplemented(_:placeholder:)`, with no package dependency. The failure is
/// reported where the stand-in was made, through whichever framework runs the test (T6);
/// outside a test (EffectEngineTesting not linked), it is printed to standard error.
///
/// ```swift
/// let env = Settings.Env(
///     loadName: unimplemented("Settings.Env.loadName", placeholder: ""),
///     count: unimplemented("Settings.Env.count", placeholder: 0))
/// ```
///
/// - Parameters:
///   - name: How the failure names the stand-in, such as `Weather.Client.search`.
///   - placeholder: What a call returns.
///   - fileID: Where the stand-in is made, for its failure.
///   - filePath: Where the stand-in is made, for its failure.
///   - line: Where the stand-in is made, for its failure.
///   - column: Where the stand-in is made, for its failure.
/// - Returns: A closure of any number of arguments that fails the test when called.
public func unimplemented<each Argument, Output>(
    _ name: String,
    placeholder: @autoclosure @escaping @Sendable () -> Output,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (repeat each Argument) -> Output {
    let site = IssueSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return { (argument: repeat each Argument) in
        UnimplementedCall(name, arguments: repeat each argument).report(at: site, then: "returned its placeholder")
        return placeholder()
    }
}

/// A stand-in for an env closure that returns nothing, which a test does not expect to
/// be called: when called, it fails the test, naming itself and its arguments (T12).
///
/// ```swift
/// let env = Player.Env(play: unimplemented("Player.Env.play"))   // (URL) -> Void
/// ```
///
/// - Parameters:
///   - name: How the failure names the stand-in, such as `Player.Env.play`.
///   - fileID: Where the stand-in is made, for its failure.
///   - filePath: Where the stand-in is made, for its failure.
///   - line: Where the stand-in is made, for its failure.
///   - column: Where the stand-in is made, for its failure.
/// - Returns: A closure of any number of arguments that fails the test when called.
// Disfavoured: where a throwing closure returning nothing is expected, the throwing
// stand-in below is chosen, as it is for every other throwing closure.
@_disfavoredOverload
public func unimplemented<each Argument>(
    _ name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (repeat each Argument) -> Void {
    let site = IssueSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return { (argument: repeat each Argument) in
        UnimplementedCall(name, arguments: repeat each argument).report(at: site, then: "returned")
    }
}

/// A stand-in for a throwing env closure a test does not expect to be called: when
/// called, it fails the test, naming itself and its arguments, and throws
/// ``UnimplementedCall`` (T12).
///
/// The error lets the feature go on as it would on any failure. A task that lets it
/// escape is not reported a second time as an unexpected diagnostic (T10).
///
/// ```swift
/// let env = Weather.Env(
///     search: { _ in Weather.Location.mocks },
///     forecast: unimplemented("Weather.Client.forecast"))   // (Location) async throws -> Forecast
/// ```
///
/// - Parameters:
///   - name: How the failure names the stand-in, such as `Weather.Client.forecast`.
///   - fileID: Where the stand-in is made, for its failure.
///   - filePath: Where the stand-in is made, for its failure.
///   - line: Where the stand-in is made, for its failure.
///   - column: Where the stand-in is made, for its failure.
/// - Returns: A throwing closure of any number of arguments that fails the test when
///   called.
public func unimplemented<each Argument, Output>(
    _ name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Output {
    let site = IssueSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return { (argument: repeat each Argument) in
        let call = UnimplementedCall(name, arguments: repeat each argument)
        call.report(at: site, then: "threw UnimplementedCall")
        throw call
    }
}
