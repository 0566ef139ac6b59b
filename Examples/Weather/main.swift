import EffectEngineCLI

await LineProgram(
    name: "weather",
    summary: "look for a place and load its forecast, from a built-in service with latency",
    options: [.flag("fail", summary: "make every request to the service fail")]
).main(
    commands: Weather.commands,
    initialState: Weather.State(),
    env: { arguments in .live(clock: arguments.clock, failing: arguments.flag("fail")) },
    render: Weather.render,
    update: Weather.update,
    explorer: Weather.explorer)
