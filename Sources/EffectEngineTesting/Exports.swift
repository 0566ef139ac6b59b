// T13: a test imports EffectEngineTesting alone and has the core too: `AlertState`,
// `StackState`, `Effect` and the rest, as TCA's tests import ComposableArchitecture once.
@_exported import EffectEngine
