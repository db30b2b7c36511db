/// The one tolerance of the solver.
///
/// A coefficient or reduced cost whose magnitude is at most `epsilon` counts as zero. A row
/// constant is compared relative to the magnitude of the constants it was built from, so that
/// layouts with constants up to 1e10 keep working: `|c| <= epsilon * max(1, scale)`.
@usableFromInline
enum Tolerance {
    @usableFromInline static let epsilon: Double = 1e-9

    @inlinable
    static func isZero(_ value: Double) -> Bool { abs(value) <= epsilon }

    @inlinable
    static func isZero(_ value: Double, scale: Double) -> Bool {
        abs(value) <= epsilon * max(1, scale)
    }
}
