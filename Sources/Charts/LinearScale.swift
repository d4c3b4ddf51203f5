/// Maps a data domain onto a pixel range linearly, and picks "nice" tick values (1, 2, 5 × 10ⁿ steps).
public struct LinearScale: Sendable, Equatable {
    public let domain: ClosedRange<Double>
    /// Where the domain's lower bound lands.
    public let start: Double
    /// Where the domain's upper bound lands (below `start` for a y axis, whose pixels grow downwards).
    public let end: Double

    /// A scale from `domain` onto `start`...`end`; an empty domain is widened on each side so it can be drawn.
    public init(domain: ClosedRange<Double>, from start: Double, to end: Double) {
        if domain.lowerBound == domain.upperBound {
            let centre = domain.lowerBound
            let pad = Swift.max(abs(centre) * 0.05, 1)
            self.domain = (centre - pad)...(centre + pad)
        } else {
            self.domain = domain
        }
        self.start = start
        self.end = end
    }

    /// The pixel position of `value`.
    public func position(_ value: Double) -> Double {
        let fraction = (value - domain.lowerBound) / (domain.upperBound - domain.lowerBound)
        return start + fraction * (end - start)
    }

    /// The step between about `count` ticks, rounded to 1, 2 or 5 times a power of ten.
    public static func niceStep(span: Double, count: Int) -> Double {
        // A span beyond a Double (stored values of ±1e308 from before the plausibility check) gets a step of 1
        // instead of an endless search for its power of ten.
        guard span > 0, span.isFinite, count > 0 else { return 1 }
        let rough = span / Double(count)
        let magnitude = pow10(floorLog10(rough))
        let normalized = rough / magnitude
        let nice: Double = normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 5 ? 5 : 10
        return nice * magnitude
    }

    /// The domain widened outwards to whole multiples of the nice step, so the axis starts and ends on a tick.
    public static func niceDomain(_ domain: ClosedRange<Double>, count: Int) -> ClosedRange<Double> {
        let widened = LinearScale(domain: domain, from: 0, to: 1).domain
        let step = niceStep(span: widened.upperBound - widened.lowerBound, count: count)
        let low = (widened.lowerBound / step).rounded(.down) * step
        let high = (widened.upperBound / step).rounded(.up) * step
        return low...high
    }

    /// Tick values inside the domain at the nice step for about `count` ticks.
    public func ticks(count: Int) -> [Double] {
        let step = Self.niceStep(span: domain.upperBound - domain.lowerBound, count: count)
        var value = (domain.lowerBound / step).rounded(.up) * step
        var ticks: [Double] = []
        // At most 1,000 ticks, and only while the step still moves the value: a domain far wider than the step
        // (an overflowed span) must not loop for ever.
        while value <= domain.upperBound + step * 1e-9, ticks.count < 1000, value.isFinite {
            // Snap values like 0.30000000000000004 to the step's grid for printing.
            ticks.append((value / step).rounded() * step)
            let next = value + step
            guard next > value else { break }
            value = next
        }
        return ticks
    }

    /// The number of decimals that print every tick at `step` exactly (0 for steps of 1 and above).
    public static func decimals(forStep step: Double) -> Int {
        guard step < 1, step > 0 else { return 0 }
        return Swift.max(0, -floorLog10(step))
    }

    private static func floorLog10(_ value: Double) -> Int {
        guard value.isFinite, value > 0 else { return 0 }
        var exponent = 0
        var scaled = value
        while scaled >= 10 {
            scaled /= 10
            exponent += 1
        }
        while scaled < 1 {
            scaled *= 10
            exponent -= 1
        }
        return exponent
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        if exponent >= 0 {
            for _ in 0..<exponent { result *= 10 }
        } else {
            for _ in 0..<(-exponent) { result /= 10 }
        }
        return result
    }
}
