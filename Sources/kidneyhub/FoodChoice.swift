import Care
import Foundation
import HubRecords

/// Runs `body` with the typed food name. When the name matches several foods and none is clearly meant
/// (`FoodNameRule`), asks which one on a terminal and runs `body` again with the chosen `#ID`; when not interactive,
/// fails listing the candidates. Never a silent pick.
func withFoodChoice<T>(_ typed: String, _ body: (String) async throws -> T) async throws -> T {
    do {
        return try await body(typed)
    } catch let NutritionError.ambiguousFood(text, choices) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, !choices.isEmpty else {
            throw NutritionError.ambiguousFood(text, choices: choices)
        }
        print("'\(text)' matches several foods:")
        for (number, choice) in choices.enumerated() { print("  \(number + 1). \(choice.name)") }
        print("Which one (1-\(choices.count); Enter cancels)? ", terminator: "")
        guard let line = readLine(), let number = Int(line.trimmingCharacters(in: .whitespaces)),
            (1...choices.count).contains(number)
        else { throw CommandFailure("No food chosen; nothing was done.") }
        return try await body("#\(choices[number - 1].id)")
    }
}
