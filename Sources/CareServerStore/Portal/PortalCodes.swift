/// The codes the portal reads from synced Observations: LOINC as FHIR R4's vital-signs profile and the hub's export
/// use them, and the hub's dialysis-phase extension on body weights.
public enum PortalCodes {
    public static let loinc = "http://loinc.org"
    /// Body weight (FHIR R4 vital signs).
    public static let bodyWeight = "29463-7"
    /// Blood-pressure panel, with components systolic 8480-6 and diastolic 8462-4.
    public static let bloodPressurePanel = "85354-9"
    public static let systolic = "8480-6"
    public static let diastolic = "8462-4"
    /// Potassium [Moles/volume] in Serum or Plasma, and in Blood.
    public static let potassium = ["2823-3", "6298-4"]
    /// The hub's extension on a body weight: `valueCode` `pre` or `post`.
    public static let dialysisPhaseExtension = "https://kidneyhub.org/fhir/StructureDefinition/dialysis-phase"
}
