// The command line: every option the program offers, parsed by name into the text each
// was given, and the rules of which go together; the program reads the values back through
// the options' typed declarations (`ProgramOption.swift`).

extension LineProgram {
    /// Parses command-line arguments (without the program's path): the options of
    /// ``sections`` as `--name value`, `--name=value` or `--name` for a flag, and
    /// `--help` (or `-h`). Options left out take their default.
    ///
    /// ```swift
    /// let arguments = try LineProgram<Counter>().parse(["--settle", "--interval=50ms"])
    /// ```
    ///
    /// - Throws: A ``LineError`` for an unknown option, an option this feature does not
    ///   offer, a missing value, a stray argument, or options that do not go together.
    func parse(_ arguments: some Sequence<String>) throws(LineError) -> LineArguments {
        // A built-in option, or a capability's, wins over the feature's own of that name.
        let options =
            (Self.builtInSections + capabilities.map(\.section)).flatMap(\.options)
            + Feature.options.map { ProgramOption(option: $0, role: .setting) }
        var table: [String: ProgramOption] = [:]
        for option in options where table[option.name] == nil { table[option.name] = option }
        var parsed = LineArguments()
        for option in table.values {
            if let value = option.option.defaultValue { parsed.values[option.name] = value }
        }
        var remaining = Array(arguments)[...]
        while let argument = remaining.popFirst() {
            if argument == "--help" || argument == "-h" {
                parsed.showsHelp = true
                continue
            }
            guard argument.hasPrefix("--") else {
                throw LineError("unexpected argument \(LineError.quote(argument))")
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard let option = table[name] else { throw Self.unknown(name) }
            if option.option.placeholder == nil {
                if let inlineValue {
                    throw LineError("'--\(name)' takes no value, got \(LineError.quote(inlineValue))")
                }
                parsed.flags.insert(name)
            } else {
                guard let value = inlineValue ?? remaining.popFirst(), !(option.takesFile && value.isEmpty)
                else {
                    throw LineError("'--\(name)' needs <\(option.option.placeholder ?? "value")>")
                }
                parsed.values[name] = value
            }
            if !parsed.given.contains(name) { parsed.given.append(name) }
        }
        guard !parsed.showsHelp else { return parsed }
        try Self.checkCombination(parsed.given, table)
        parsed.settings.settle = parsed.isSet(RunningOptions.settle)
        parsed.settings.trace = parsed.isSet(RunningOptions.trace)
        parsed.settings.virtualTime = parsed.isSet(RunningOptions.virtualTime)
        parsed.settings.mainActorTasks = parsed.isSet(RunningOptions.mainActorTasks)
        if let limit = try parsed.value(RunningOptions.waitLimit) { parsed.settings.waitLimit = limit }
        return parsed
    }

    /// Why `--name` is refused: an option of a capability the feature lacks, or none.
    private static func unknown(_ name: String) -> LineError {
        guard let group = unavailable.first(where: { $0.names.contains(name) }) else {
            return LineError("unknown option \(LineError.quote("--" + name))")
        }
        return LineError("'--\(name)' is not offered: \(group.reason(Feature.name))")
    }

    /// At most one option that runs the program its own way; none of the options of a
    /// run that reads input beside it; an option of a mode only with its mode.
    private static func checkCombination(_ given: [String], _ table: [String: ProgramOption])
        throws(LineError)
    {
        let modes = given.filter { table[$0]?.role == .mode }
        if modes.count > 1 {
            throw LineError(
                "'--\(modes[0])' and '--\(modes[1])' each run the program their own way: give one")
        }
        for name in given {
            switch table[name]?.role {
            case .run?:
                if let mode = modes.first { throw LineError("'--\(name)' does not go with '--\(mode)'") }
            case .runOr(let allowed)?:
                if let mode = modes.first, mode != allowed {
                    throw LineError("'--\(name)' does not go with '--\(mode)'")
                }
            case .modeOption(let mode, let kind)?:
                if !given.contains(mode) { throw LineError("'--\(name)' is \(kind): add --\(mode)") }
            default:
                break
            }
        }
    }
}
