/// A command-line option of a line program, beyond the built-in ones: a
/// ``LineFeature``'s ``LineFeature/options``, read by its ``LineFeature/env(_:)``.
///
/// ```swift
/// static let options: [LineOption] = [
///     .value("debounce", placeholder: "duration", default: "300ms", summary: "quiet time before searching"),
///     .flag("fail", summary: "make every request fail"),
/// ]
/// ```
///
/// A built-in option of the same name (`--settle`, `--state`, `--explore`, …) is read as
/// the built-in one.
public struct LineOption: Sendable, Equatable {
    /// The name, without the leading `--`.
    let name: String
    /// The value's name in the usage text, or `nil` for a flag that takes no value.
    let placeholder: String?
    /// The value used when the option is absent.
    let defaultValue: String?
    /// What the option does, for `--help`.
    let summary: String

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
