/// True when `actual` is within `relative` of `expected` (or within `relative` absolutely near zero).
public func isClose(_ actual: Double, _ expected: Double, relative: Double = 1e-12) -> Bool {
    abs(actual - expected) <= relative * max(abs(expected), 1)
}
