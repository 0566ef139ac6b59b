import EffectEngineCLI

await LineProgram(
    name: "search",
    summary: "live search over a built-in list of a few hundred words",
    options: [
        .value(
            "debounce", placeholder: "duration", default: "300ms",
            summary: "how long a query must stay unchanged before it is searched")
    ]
).main(
    commands: Search.commands,
    initialState: Search.State(),
    env: { arguments throws(LineError) in .live(debounce: try arguments.duration("debounce")) },
    render: Search.render,
    update: Search.update,
    explorer: Search.explorer)
