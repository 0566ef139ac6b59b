import EffectEngineShared

/// The call of an `unimplemented(_:)` stand-in, thrown by the throwing ones (T12).
///
/// ```swift
/// do {
///     _ = try await env.search("a")
/// } catch let call as UnimplementedCall {
///     print(call.name)                     // Weather.Client.search
/// }
/// ```
public struct UnimplementedCall: Error, CustomStringConvertible {
    /// The stand-in's name.
    public let name: String
    /// Its arguments, each as the failure shows it.
    public let arguments: [String]

    package init<each Argument>(_ name: String, arguments argument: repeat each Argument) {
        self.name = name
        var arguments: [String] = []
        for argument in repeat each argument { arguments.append(StateDiff.render(argument)) }
        self.arguments = arguments
    }

    /// One line, such as `unimplemented Weather.Client.search called with ("a")`.
    public var description: String {
        "unimplemented \(name) called" + (arguments.isEmpty ? "" : " with (\(arguments.joined(separator: ", ")))")
    }

    /// Fails the running test at `site`; `outcome` says what the stand-in did next.
    func report(at site: IssueSite, then outcome: String) {
        IssueReporting.report(
            "Unimplemented: \(name) was called"
                + (arguments.isEmpty ? "" : " with (\(arguments.joined(separator: ", ")))")
                + ", and \(outcome). Give the test an implementation of it, or make the feature not call it.",
            at: site)
    }
}
