/// How a class of transitions is fair (X11), as TLA+'s `WF_vars` and `SF_vars` say: a
/// fair path cannot neglect the class forever.
///
/// A class is *enabled* in a state when one of its transitions leads from it to another
/// state (a transition that changes nothing is a stutter, which fairness does not count,
/// as `<A>_vars` does not), and *taken* when a path takes one of those.
///
/// ```swift
/// explorer.fair(.weak, "the token moves") { event in
///     if case .passToken = event { true } else { event == .initiateProbe }
/// }
/// ```
///
/// Named `FairnessKind`, not `Fairness`, so that a spec's own `Fairness` (TLA+ specs
/// often define `Fairness ==`) does not hide it.
public enum FairnessKind: Hashable, Sendable {
    /// A class enabled continuously from some point on is eventually taken.
    case weak
    /// A class enabled infinitely often is eventually taken, even if it is disabled
    /// between times.
    case strong
}

/// The former name of ``FairnessKind``.
///
/// ```swift
/// let kind: FairnessKind = .weak
/// ```
@available(*, deprecated, renamed: "FairnessKind")
public typealias Fairness = FairnessKind
