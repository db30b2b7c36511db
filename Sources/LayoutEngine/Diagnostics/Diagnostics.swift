/// The reports of what went wrong in a layout and why, asked of one engine: conflicts and the
/// fixes that resolve them (`+Conflicts`, `+Fixes`), chains of constraints (`+Chains`) and
/// warnings (`+Warnings`). They read the engine and its solver and change nothing but the
/// engine's caches of answers; the shell words what they return (`Diagnosis.swift`) and the
/// pictures draw it. What each change must keep up to date (the walks of `+Standing`, the
/// ambiguity of `+Ambiguity`) stays on the engine, where it reads the engine's arrays in place.
public struct Diagnostics {
    /// The engine asked about.
    let engine: LayoutEngine

    init(_ engine: LayoutEngine) { self.engine = engine }
}

extension LayoutEngine {
    /// The reports on this engine's current state.
    public var diagnostics: Diagnostics { Diagnostics(self) }
}
