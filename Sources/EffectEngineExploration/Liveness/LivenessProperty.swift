/// An `eventually` property (X7): from every reachable state where `trigger` holds, some
/// state where `goal` holds must stay reachable.
struct LivenessProperty<State> {
    let name: String
    let trigger: (State, PendingTasks) -> Bool
    let goal: (State, PendingTasks) -> Bool
    let paths: LivenessPaths
}
