import Care
import Foundation
import HubStore

/// Food-related sentences from openFDA drug labels, imported for review.
public struct DrugLabelsService: Sendable {
    let app: HubApplication

    /// What an import found and stored.
    public struct ImportSummary: Sendable, Equatable {
        /// Labels in the response.
        public var labels: Int
        /// Food-related sentences found in them.
        public var mentions: Int
        /// Sentences not stored before.
        public var new: Int
    }

    /// Imports an openFDA drug-label response (api.fda.gov/drug/label.json); a response that does not decode throws
    /// `OpenFDALabelError` and imports nothing.
    public func importLabels(_ data: Data) async throws -> ImportSummary {
        let labels = try OpenFDALabelError.decode(data)
        let mentions = labels.flatMap(LabelFoodTextExtractor.mentions(in:))
        let new = try await app.store.storeLabelMentions(mentions, atMs: app.now())
        return ImportSummary(labels: labels.count, mentions: mentions.count, new: new)
    }

    /// The imported sentences, of labels whose drug names contain `drug` when given.
    public func mentions(drug: String?) async throws -> [LabelFoodMention] {
        try await app.store.labelMentions(drug: drug)
    }
}

extension HubApplication {
    /// Food-related text from drug labels.
    public var drugLabels: DrugLabelsService { DrugLabelsService(app: self) }
}
