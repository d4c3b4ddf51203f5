/// An sRGB colour with components 0...1.
public struct ChartColor: Sendable, Equatable {
    public var red: Double
    public var green: Double
    public var blue: Double

    /// A colour from 0...1 components.
    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = ChartColor(red: 0, green: 0, blue: 0)
    public static let grey = ChartColor(red: 0.45, green: 0.45, blue: 0.45)
    public static let lightGrey = ChartColor(red: 0.86, green: 0.86, blue: 0.86)
    public static let blue = ChartColor(red: 0.12, green: 0.39, blue: 0.71)
    public static let orange = ChartColor(red: 0.89, green: 0.45, blue: 0.05)
    public static let green = ChartColor(red: 0.17, green: 0.58, blue: 0.25)
    public static let red = ChartColor(red: 0.80, green: 0.15, blue: 0.15)
    public static let purple = ChartColor(red: 0.50, green: 0.30, blue: 0.65)
    /// Translucent fill of target bands is drawn with this pale green.
    public static let paleGreen = ChartColor(red: 0.86, green: 0.95, blue: 0.86)
}
