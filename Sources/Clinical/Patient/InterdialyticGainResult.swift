/// The outcome for one session: its interdialytic weight gain, or the gap that prevents it.
public enum InterdialyticGainResult: Sendable, Hashable {
    case gain(InterdialyticGain)
    case gap(InterdialyticGap)

    /// The session this outcome is for.
    public var session: SessionOccurrence {
        switch self {
        case .gain(let gain): gain.session
        case .gap(let gap): gap.session
        }
    }

    /// The gain, or nil for a gap.
    public var gain: InterdialyticGain? {
        if case .gain(let gain) = self { gain } else { nil }
    }

    /// The gap, or nil for a gain.
    public var gap: InterdialyticGap? {
        if case .gap(let gap) = self { gap } else { nil }
    }
}
