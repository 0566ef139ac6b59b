import EffectEngineCLI

await LineProgram(
    name: "movies",
    summary: "load a page of movies from a simulated service and pick one",
    options: [.flag("fail", summary: "make every request to the service fail")]
).main(
    commands: Movies.commands,
    initialState: Movies.State(),
    env: { arguments in .live(clock: arguments.clock, failing: arguments.flag("fail")) },
    render: Movies.render,
    update: Movies.update,
    explorer: Movies.explorer)
