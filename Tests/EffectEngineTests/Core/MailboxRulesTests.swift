@testable import EffectEngine
import Testing

/// The mailbox's rules as a value (R7, R9, R12): given the rules, when a message is
/// posted, then whether it is taken and whether a drain turn is due.
@Suite("The mailbox's rules, as a value")
struct MailboxRulesTests {
    @Test("The first message since a drain makes a turn due; the next ones ride on it")
    func oneTurnPerBurst() {
        var rules = MailboxRules()
        #expect(rules.posted(.event) == .queuedFirst)
        #expect(rules.posted(.event) == .queued)
        #expect(rules.posted(.bodyEnded(cancelled: false)) == .queued)
        rules.drainFoundNothing(keepSchedule: false)
        #expect(rules.posted(.event) == .queuedFirst)
    }

    @Test("A drain taken early by a send keeps the turn already scheduled")
    func earlyDrainKeepsTheTurn() {
        var rules = MailboxRules()
        #expect(rules.posted(.event) == .queuedFirst)
        rules.drainFoundNothing(keepSchedule: true)
        #expect(rules.posted(.event) == .queued)
        rules.drainHeld()
        rules.drainFoundNothing(keepSchedule: false)
        rules.drainHeld()
        #expect(rules.posted(.event) == .queued, "a held drain let a message schedule a turn")
    }

    @Test("The end of a cancelled body waits for the next drain unless someone waits on it")
    func cancelledEnds() {
        var rules = MailboxRules()
        #expect(rules.posted(.bodyEnded(cancelled: true)) == .queued)
        rules.endWatchersChanged(watched: true)
        #expect(rules.posted(.bodyEnded(cancelled: true)) == .queuedFirst)
    }

    @Test("A stopping host refuses events but takes ends of bodies; a released one refuses all")
    func refusals() {
        var rules = MailboxRules()
        rules.stopRequested()
        #expect(rules.refusesEvents)
        #expect(rules.posted(.event) == .refused)
        #expect(rules.posted(.bodyEnded(cancelled: true)) != .refused)
        rules.hostReleased()
        #expect(rules.posted(.bodyEnded(cancelled: false)) == .refused)
        #expect(rules.posted(.event) == .refused)
    }

    @Test("An event of a cancelled task is dropped before it is queued (R7)")
    func cancelledTasksEventsDrop() {
        let token = TaskToken(info: TaskInfo(id: 1, name: "load"), tree: nil, slot: 0)
        #expect(!MailboxRules.dropsEvent(from: nil))
        #expect(!MailboxRules.dropsEvent(from: token))
        token.markCancelled()
        #expect(MailboxRules.dropsEvent(from: token))
    }
}
