import EffectEngineCLI

await LineProgram(
    name: "counter",
    summary: "a counter that ticks while started",
    options: [.value("interval", placeholder: "duration", default: "1s", summary: "time between ticks")]
).main(
    commands: Counter.commands,
    initialState: Counter.State(),
    env: { arguments throws(LineError) in
        .live(clock: arguments.clock, interval: try arguments.duration("interval"))
    },
    render: Counter.render,
    update: Counter.update,
    explorer: Counter.explorer)
