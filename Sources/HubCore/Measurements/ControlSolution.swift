extension NormalizedMeasurement {
    /// The `measurementStatus` entry of a glucose meter's control-solution test
    /// (adapter-protocol.md §5.2): kept in the store, never a patient reading, so a profile's readings
    /// (`HubDatabase.measurements(profileId:)`) leave it out (issue 6).
    public static let controlSolutionStatus = "control_solution"
}
