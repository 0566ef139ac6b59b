import EffectEngineCLI

await LineProgram(
    name: "todos",
    summary: "a todo list: add, title, check off, delete, move and filter todos"
).main(
    commands: Todos.commands,
    initialState: Todos.State(),
    env: { arguments in .live(clock: arguments.clock) },
    render: Todos.render,
    update: Todos.update,
    explorer: Todos.explorer)
