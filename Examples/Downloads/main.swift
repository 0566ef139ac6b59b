import EffectEngineCLI

await LineProgram(
    name: "downloads",
    summary: "a list of downloads, each row a child feature with its own transfer task",
    options: [
        .value(
            "step", placeholder: "duration", default: "500ms",
            summary: "how long each quarter of a download takes")
    ]
).main(
    commands: Downloads.commands,
    initialState: Downloads.State(),
    env: { arguments throws(LineError) in .live(step: try arguments.duration("step")) },
    render: Downloads.render,
    update: Downloads.update)
