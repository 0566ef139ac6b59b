import EffectEngine
import EffectEngineShared
import Foundation

/// Values spelled as Swift source, from their reflection, for the tests a report prints.
///
/// Enums read `.case(payload)`, structs `.init(field: value)` (resolved by the type the
/// context expects), optionals their value or `nil`, strings a quoted literal, sets and
/// dictionaries sorted so the text is the same on every run. Foundation's values are
/// spelled by the initializers that rebuild them exactly (`UUID(uuidString:)!`,
/// `Date(timeIntervalSinceReferenceDate:)`, `URL(string:)!`, `Data([…])`,
/// `Decimal(string:)!`, `IndexSet([…])`) (X4), and so are the engine's values whose
/// fields no initializer takes: a `Duration` as `.seconds(2)`, a stack element id as its
/// number, a `StackState` as an array literal (or `.init(ids:elements:nextID:)!` once it
/// has popped), a `ButtonState` by its initializer, a binding as `.set(\.field, value)`.
/// A value of another Foundation type, whose fields are private, is written as an editor
/// placeholder naming the type: the test then does not compile, and says why, instead of
/// compiling to a different value. A
/// type of one's own whose reflection does not match its initializer (private fields,
/// property wrappers, classes) may not compile either:
/// ``Explorer/testCode(spec:event:state:)`` takes a spelling of one's own.
enum SwiftCode {
    /// A value as a Swift expression: the walk of `ValueText`, in the explorer's style.
    static func literal(_ value: Any) -> String {
        ValueText.text(of: value, in: Style())
    }

    /// Swift source: numbers, booleans, strings and Foundation's values spelled as
    /// literals and initializers, a set as an array literal, a case as `.name`, a struct or
    /// class as `.init(…)`.
    struct Style: ValueStyle {
        func spelled(_ value: Any) -> String? {
            SwiftCode.scalar(value) ?? SwiftCode.engine(value) ?? SwiftCode.foundation(value)
        }

        func set(_ elements: [String]) -> String { "[" + elements.joined(separator: ", ") + "]" }

        func bareCase(_ value: Any) -> String { "." + String(describing: value) }

        func record(_ value: Any, fields: String, count: Int) -> String { ".init(" + fields + ")" }
    }

    /// The field assignments that turn `before` into `after` (`$0.count = 2`), or `nil`
    /// when the state is not a struct whose fields can be assigned by name.
    static func assignments(from before: Any, to after: Any) -> [String]? {
        let old = Mirror(reflecting: before)
        let new = Mirror(reflecting: after)
        guard old.displayStyle == .struct, new.displayStyle == .struct else { return nil }
        let oldFields = Array(old.children)
        let newFields = Array(new.children)
        guard oldFields.count == newFields.count, !oldFields.isEmpty else { return nil }
        var lines: [String] = []
        for (previous, next) in zip(oldFields, newFields) {
            guard let label = next.label, label == previous.label, isAssignable(label) else { return nil }
            let text = literal(next.value)
            if text != literal(previous.value) { lines.append("$0.\(label) = \(text)") }
        }
        return lines
    }

    /// An effect summary as the expression `then(effect:)` takes.
    static func effect(_ summary: EffectSummary?) -> String {
        guard let summary else { return "nil" }
        switch summary {
        case .task(let name): return ".task(name: \(name.map { $0.debugDescription } ?? "nil"))"
        case .action: return ".action"
        case .cancel(let name): return ".cancel(\(name.debugDescription))"
        case .sequence(let effects): return ".sequence([" + effects.map(effect).joined(separator: ", ") + "])"
        case .report(let problem): return ".report(\(problem.debugDescription))"
        case .dismiss: return ".dismiss"
        case .paced(let name, .debounce(let interval)):
            return ".task(name: \(name.debugDescription), debounce: \(duration(interval)))"
        case .paced(let name, .throttle(let interval, let latest)):
            return ".task(name: \(name.debugDescription), throttle: \(duration(interval)), latest: \(latest))"
        }
    }

    /// A duration as the shortest exact factory call: `.milliseconds(300)`, `.seconds(2)`.
    static func duration(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = attoseconds / 1_000_000_000
        guard attoseconds % 1_000_000_000 == 0, let total = Self.nanoseconds(seconds, nanoseconds) else {
            return "Duration(secondsComponent: \(seconds), attosecondsComponent: \(attoseconds))"
        }
        for (unit, scale) in [("seconds", Int64(1_000_000_000)), ("milliseconds", 1_000_000), ("microseconds", 1_000)]
        where total % scale == 0 {
            return ".\(unit)(\(total / scale))"
        }
        return ".nanoseconds(\(total))"
    }

    private static func nanoseconds(_ seconds: Int64, _ nanoseconds: Int64) -> Int64? {
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        let (total, carry) = scaled.addingReportingOverflow(nanoseconds)
        return carry ? nil : total
    }

    /// A Swift identifier made of a sentence: "the count is never negative" becomes
    /// `theCountIsNeverNegative`.
    static func identifier(_ sentence: String) -> String {
        let words = sentence.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        guard let first = words.first else { return "explorationFailure" }
        var name =
            first.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.first?.isNumber == true { name = "test" + name.prefix(1).uppercased() + name.dropFirst() }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    private static func isAssignable(_ label: String) -> Bool {
        guard let first = label.first, first.isLetter else { return false }
        return label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// Numbers, booleans, strings and characters, which spell themselves.
    private static func scalar(_ value: Any) -> String? {
        switch value {
        case let text as String: return text.debugDescription
        case let character as Character: return String(character).debugDescription
        case let flag as Bool: return flag ? "true" : "false"
        case let number as Double: return real(number, description: "\(number)")
        case let number as Float: return real(Double(number), description: "\(number)")
        case let number as any BinaryInteger: return "\(number)"
        default: return nil
        }
    }

    /// The standard library's and the engine's values whose reflection names stored fields
    /// no initializer takes, by the expression that rebuilds each exactly: a duration as
    /// its factory call (`.milliseconds(300)`), a stack element id as its number, a stack
    /// as an array literal when its ids are 0, 1, 2… and none was popped, else by
    /// `StackState(ids:elements:nextID:)`, a button by its initializer.
    private static func engine(_ value: Any) -> String? {
        switch value {
        case let interval as Duration:
            return duration(interval)
        case let id as StackElementID:
            return String(id.rawValue)
        case let stack as any ReflectedStack:
            let elements = "[" + stack.reflectedElements.map(literal).joined(separator: ", ") + "]"
            let isNumberedInOrder = stack.ids.map(\.rawValue) == Array(stack.ids.indices)
            guard !isNumberedInOrder || stack.nextID.rawValue != stack.ids.count else { return elements }
            let ids = "[" + stack.ids.map { String($0.rawValue) }.joined(separator: ", ") + "]"
            return ".init(ids: \(ids), elements: \(elements), nextID: \(stack.nextID.rawValue))!"
        case let binding as any ReflectedBinding:
            return ".set(\\.\(binding.field), \(literal(binding.reflectedValue)))"
        case let button as any ReflectedButton:
            var arguments = [button.label.debugDescription]
            if let role = button.roleName { arguments.append("role: .\(role)") }
            if let action = button.reflectedAction { arguments.append("action: " + literal(action)) }
            return ".init(" + arguments.joined(separator: ", ") + ")"
        default:
            return nil
        }
    }

    /// Foundation's values, by the initializer that rebuilds each exactly; a placeholder
    /// for another Foundation type, which reflection cannot rebuild.
    private static func foundation(_ value: Any) -> String? {
        switch value {
        case let id as UUID: return "UUID(uuidString: \(id.uuidString.debugDescription))!"
        case let date as Date: return "Date(timeIntervalSinceReferenceDate: \(date.timeIntervalSinceReferenceDate))"
        case let url as URL: return "URL(string: \(url.absoluteString.debugDescription))!"
        case let data as Data: return "Data([" + data.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ", ") + "])"
        case let decimal as Decimal: return "Decimal(string: \(decimal.description.debugDescription))!"
        case let indexes as IndexSet: return "IndexSet(" + literal(Array(indexes)) + ")"
        default:
            let type = String(reflecting: Swift.type(of: value))
            guard let dot = type.firstIndex(of: "."), foundationModules.contains(String(type[..<dot])) else {
                return nil
            }
            return "<#\(type.split(separator: ".").last.map(String.init) ?? type): cannot be spelled from its reflection#>"
        }
    }

    /// The modules Foundation's types live in, on Apple platforms and on Linux.
    private static let foundationModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization",
    ]

    private static func real(_ number: Double, description: String) -> String {
        if number.isNaN { return ".nan" }
        if number.isInfinite { return number < 0 ? "-.infinity" : ".infinity" }
        return description
    }

    private static let keywords: Set<String> = [
        "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum",
        "false",
        "for", "func", "guard", "if", "import", "in", "init", "is", "let", "nil", "repeat", "return", "self",
        "struct", "super", "switch", "throw", "true", "try", "var", "where", "while",
    ]
}
