import ArgumentParser
import HubCore
import HubRecords
import HubServices

/// `kidneyhub questionnaire list|answer`: the questionnaires your care team assigned.
struct QuestionnaireCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "questionnaire",
        abstract: "Answer the questionnaires your care team assigned (fetched by `care-team sync`).",
        subcommands: [QuestionnaireList.self, QuestionnaireAnswer.self],
        defaultSubcommand: QuestionnaireList.self
    )
}

/// `kidneyhub questionnaire list`.
struct QuestionnaireList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "The assigned questionnaires, their questions and your last answer."
    )
    @OptionGroup var store: StoreOptions
    @Option(help: "The profile (needed when the store holds several).") var profile: String?

    func run() async throws {
        do {
            let assigned = try await store.openForReading().questionnaires.list(profile: profile)
            guard !assigned.isEmpty else {
                return print("No questionnaire is assigned. `kidneyhub care-team sync` fetches new ones.")
            }
            for entry in assigned {
                let form = entry.form
                let answers = entry.answers.count == 1 ? "1 answer" : "\(entry.answers.count) answers"
                print("\(form.assignmentId): \(form.title) (\(answers) so far)")
                if let last = entry.answers.last {
                    let at = RFC3339.format(epochMilliseconds: last.authoredAtMs, utcOffsetSeconds: 0)
                    print("   last answered \(at), symptom score \(last.score)")
                }
                for item in form.items {
                    let range = item.range.map { " [\($0.lowerBound)-\($0.upperBound)]" } ?? ""
                    let kind = item.kind == .integer ? "" : " (\(item.kind.rawValue))"
                    print("   \(item.linkId)\(range)\(kind)\(item.required ? "" : ", optional"): \(item.text)")
                }
            }
        } catch let error as QuestionnaireError {
            throw CommandFailure("\(error)")
        }
    }
}

/// `kidneyhub questionnaire answer ID LINKID=VALUE…`.
struct QuestionnaireAnswer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "answer",
        abstract: "Answer an assigned questionnaire; the next `care-team sync` sends it.",
        discussion: "Example: kidneyhub questionnaire answer 1 tiredness=6 itching=2 … other=\"Cramps at night\""
    )
    @OptionGroup var store: StoreOptions
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Argument(help: "The questionnaire's number, as `questionnaire list` shows it.") var id: Int64
    @Argument(help: "Answers as linkId=value.") var answers: [String] = []

    func run() async throws {
        var given: [String: String] = [:]
        for pair in answers {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw CommandFailure("\(pair): expected linkId=value") }
            given[parts[0]] = parts[1]
        }
        do {
            let stored = try await store.openForWriting().questionnaires.answer(
                assignmentId: id,
                given,
                profile: profile
            )
            print("Answered; symptom score \(stored.score). `kidneyhub care-team sync` sends it to your care team.")
        } catch let error as QuestionnaireError {
            throw CommandFailure("\(error)")
        }
    }
}
