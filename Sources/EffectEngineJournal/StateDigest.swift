import EffectEngine

/// A short, stable fingerprint of a value: the same value gives the same digest in every
/// process, on every run.
///
/// It hashes (FNV-1a, 64 bits) the value's canonical rendering: fields in order, set
/// elements and dictionary keys sorted, no type module names. Swift's own `hashValue`
/// could not serve: it is seeded differently in each process.
///
/// ```swift
/// #expect(StateDigest.of(Counter.State(count: 3)) == StateDigest.of(Counter.State(count: 3)))
/// ```
public enum StateDigest {
    /// The digest of `value`, 16 hexadecimal digits.
    ///
    /// ```swift
    /// let digest = StateDigest.of(host.state)
    /// ```
    ///
    /// - Parameter value: Any value; a state, usually.
    /// - Returns: The digest.
    public static func of(_ value: Any) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in StateDiff.render(value).utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// An event type's schema: a digest of its name, and of `version`, which you raise
    /// when the event type changes shape in a way its name does not show.
    static func schema<Event>(of _: Event.Type, version: String) -> String {
        of("\(String(reflecting: Event.self)) \(version)")
    }
}
