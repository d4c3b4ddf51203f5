/// Why a drawing could not be written.
public struct RenderError: Error, Equatable, CustomStringConvertible {
    /// The file that was being written.
    public var path: String
    /// cairo's own description of the failure.
    public var reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}
