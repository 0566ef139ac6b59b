#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Knobs a test reads from the process environment.
enum Environment {
    /// The whole number in the variable `name`, or `nil` when it is unset or not a number.
    static func integer(_ name: String) -> Int? {
        getenv(name).flatMap { Int(String(cString: $0)) }
    }
}
