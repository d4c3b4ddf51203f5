import ArgumentParser
import Care
import Foundation
import HubCore
import HubServices

/// `kidneyhub druglabels import FILE | list [--drug NAME]`: food-related text from openFDA drug labels, for review.
struct DrugLabels: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "druglabels",
        abstract: "Import openFDA drug-label JSON and review the sentences that mention food, drink or nutrients.",
        subcommands: [Import.self, List.self]
    )

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import an openFDA drug-label response (api.fda.gov/drug/label.json) from a file."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The JSON file.") var file: String

        func run() async throws {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw CommandFailure("cannot read \(file): \(error.localizedDescription)")
            }
            let summary: DrugLabelsService.ImportSummary
            do {
                summary = try await store.openForWriting().drugLabels.importLabels(data)
            } catch let error as OpenFDALabelError {
                throw CommandFailure("\(file): \(error.description); nothing imported")
            }
            print("\(summary.labels) label(s), \(summary.mentions) food-related sentence(s), \(summary.new) new")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the imported food-related label sentences.")
        @OptionGroup var store: StoreOptions
        @Option(help: "Only labels whose drug names contain this.") var drug: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let mentions = try await store.openForReading().drugLabels.mentions(drug: drug)
            if json {
                try printJSON(mentions)
                return
            }
            for mention in mentions {
                print(
                    "\(mention.drugNames) [\(mention.section) \(mention.loinc), set \(mention.setId) v\(mention.version)] "
                        + "'\(mention.term)': \(mention.sentence)"
                )
            }
        }
    }
}
