/// A value that diffs, traces and the line host read as its `description`, not field by
/// field: a binding reads `stepCount = 1`, as the docs write it, not
/// `BindingEvent<State>(field: "stepCount", value: "1")`. The explorer's Swift style still
/// spells it field by field, so a written test compiles.
package protocol ReadsAsDescription: CustomStringConvertible {}
