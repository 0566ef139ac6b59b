/// A type's name as a message reads it.
///
/// ```swift
/// TypeName.withArticle(Int.self)      // "an Int"
/// TypeName.withArticle(String.self)   // "a String"
/// TypeName.withArticle(UUID.self)     // "a UUID"
/// ```
package enum TypeName {
    /// The type's name after `a` or `an`, as its first letter is spoken: `an Int`,
    /// `an Array<Int>`, `a String`, `a UUID` (a *you*), `a UInt8`.
    package static func withArticle(_ type: Any.Type) -> String {
        withArticle(String(describing: type))
    }

    /// The name after `a` or `an`, as its first letter is spoken.
    package static func withArticle(_ name: String) -> String {
        guard let first = name.unicodeScalars.first else { return name }
        // A capital U starts a type name spoken "you" (UInt, UUID, URL), which takes `a`;
        // the other vowels, and a lowercase u (`an unsigned`), take `an`.
        let an = "AEIOaeiou".unicodeScalars.contains(first)
        return (an ? "an " : "a ") + name
    }
}
