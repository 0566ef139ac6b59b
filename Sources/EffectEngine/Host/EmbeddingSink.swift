/// Where the ``Input`` of a child feature's task delivers: each event is embedded into
/// the parent's event type and handed to the parent's sink with the same origin, so the
/// task keeps its identity (C1): its events are dropped once it is cancelled (R7), and
/// they join its `perform` tree (R10).
final class EmbeddingSink<Child: Sendable, Parent: Sendable>: EventSink {
    let parent: any EventSink<Parent>
    let embed: @Sendable (Child) -> Parent

    init(parent: any EventSink<Parent>, embed: @escaping @Sendable (Child) -> Parent) {
        self.parent = parent
        self.embed = embed
    }

    func enqueue(_ event: Child, from origin: TaskToken?) {
        parent.enqueue(embed(event), from: origin)
    }

    @MainActor func deliver(_ event: Child, from origin: TaskToken?) {
        parent.deliver(embed(event), from: origin)
    }

    func perform(_ event: Child, from origin: TaskToken?) async {
        await parent.perform(embed(event), from: origin)
    }
}
