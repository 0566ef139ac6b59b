import EffectEngine
import EffectEngineShared

/// A short, stable fingerprint of a value: the same value gives the same digest in every
/// process, on every run.
///
/// An `Encodable` value is hashed as it encodes, with no text in between: each field by
/// its key, in any order, each element of an array in order, the elements of a set or a
/// dictionary in no order (their order changes from process to process). Any other value
/// is hashed (FNV-1a, 64 bits) through its canonical rendering: fields in order, set
/// elements and dictionary keys sorted, no module names. Swift's own `hashValue` could not
/// serve: it is seeded differently in each process.
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
        hexadecimal(encodedDigest(value) ?? renderedDigest(value))
    }

    /// The digest of an `Encodable` value as it encodes, `nil` for any other value.
    private static func encodedDigest(_ value: Any) -> UInt64? {
        guard let encodable = value as? any Encodable else { return nil }
        return DigestEncoding.digest(encodable)
    }

    /// The digest of a value's rendering.
    private static func renderedDigest(_ value: Any) -> UInt64 {
        var hash = FNV1a()
        for byte in StateDiff.render(value).utf8 { hash.add(byte: byte) }
        return hash.value
    }

    private static func hexadecimal(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// An event type's schema: a digest of its name, and of `version`, which you raise
    /// when the event type changes shape in a way its name does not show.
    static func schema<Event>(of _: Event.Type, version: String) -> String {
        hexadecimal(renderedDigest("\(String(reflecting: Event.self)) \(version)"))
    }
}
