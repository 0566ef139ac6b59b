/// A value that diffs, traces and the line host read as its `description`, not field by
/// field: a binding reads `stepCount = 1`, as the docs write it, not its key path and
/// boxed value. The explorer's Swift style spells it as the call that makes it,
/// `.set(\.stepCount, 1)`, so a written test compiles.
package protocol ReadsAsDescription: CustomStringConvertible {}
