/// A command-line option of a line-driven program, beyond the built-in `--settle`,
/// `--trace` and `--help`.
///
/// ```swift
/// let program = LineProgram(name: "search", summary: "live search over a word list",
///                           options: [.value("debounce", placeholder: "duration",
///                                            default: "300ms", summary: "quiet time before searching")])
/// ```
public struct LineOption: Sendable, Equatable {
    /// The name, without the leading `--`.
    public let name: String
    /// The value's name in the usage text, or `nil` for a flag that takes no value.
    public let placeholder: String?
    /// The value used when the option is absent.
    public let defaultValue: String?
    /// What the option does, for `--help`.
    public let summary: String

    /// An option that takes a value: `--name value` or `--name=value`.
    ///
    /// ```swift
    /// LineOption.value("interval", placeholder: "duration", default: "1s", summary: "time between ticks")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name, without `--`.
    ///   - placeholder: The value's name in the usage text.
    ///   - defaultValue: The value when the option is absent.
    ///   - summary: What the option does.
    /// - Returns: The option.
    public static func value(
        _ name: String, placeholder: String = "value", default defaultValue: String? = nil, summary: String
    ) -> LineOption {
        LineOption(name: name, placeholder: placeholder, defaultValue: defaultValue, summary: summary)
    }

    /// An option that takes no value: present or absent.
    ///
    /// ```swift
    /// LineOption.flag("fail", summary: "make every request fail")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name, without `--`.
    ///   - summary: What the flag does.
    /// - Returns: The option.
    public static func flag(_ name: String, summary: String) -> LineOption {
        LineOption(name: name, placeholder: nil, defaultValue: nil, summary: summary)
    }
}
