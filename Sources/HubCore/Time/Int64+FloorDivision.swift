extension Int64 {
    /// Division rounding toward minus infinity (days before 1970 stay on the right day).
    package func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
