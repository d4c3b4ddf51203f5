extension NormalizedMeasurement {
    /// The `measurementStatus` entry of a glucose meter's control-solution test
    /// (adapter-protocol.md §5.2).
    public static let controlSolutionStatus = "control_solution"

    /// A test of the meter with control solution: kept in the store, never a patient reading, so
    /// trends and targets leave it out (issue 6).
    public var isControlSolution: Bool {
        context?.measurementStatus?.contains(Self.controlSolutionStatus) == true
    }
}
