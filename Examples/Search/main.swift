import EffectEngineCLI

await LineProgram(
    name: "search",
    summary: "live search over a built-in list of a few hundred words"
).main(
    commands: Search.commands,
    initialState: Search.State(),
    env: { arguments in .live(clock: arguments.clock) },
    render: Search.render,
    update: Search.update,
    explorer: Search.explorer)
