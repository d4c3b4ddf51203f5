import Care
import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Records firings of advice rules with their versions and facts, in one transaction.
    public func recordAdviceFirings(_ messages: [AdviceMessage], profileId: Int64, context: String, atMs: Int64)
        async throws
    {
        guard !messages.isEmpty else { return }
        try await pool.write { db in
            for message in messages {
                let facts = String(decoding: try JSONEncoder.sorted.encode(message.facts), as: UTF8.self)
                try db.execute(
                    sql: """
                        INSERT INTO adviceFiring (profileId, context, ruleId, ruleVersion, severity, message, source,
                            verification, facts, firedAtMs) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        profileId, context, message.ruleId, message.ruleVersion, message.severity.rawValue,
                        message.text, message.source.citation, message.source.verification.rawValue, facts, atMs,
                    ]
                )
            }
        }
    }

    /// The latest firings of a profile, newest first.
    public func adviceFirings(profileId: Int64, limit: Int = 100) async throws -> [StoredAdviceFiring] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT * FROM adviceFiring WHERE profileId = ? ORDER BY firedAtMs DESC, id DESC LIMIT ?",
                arguments: [profileId, limit]
            ).map { row in
                let factsText: String = row["facts"]
                let facts = (try? JSONDecoder().decode([String: String].self, from: Data(factsText.utf8))) ?? [:]
                let severity: String = row["severity"]
                let verification: String = row["verification"]
                return StoredAdviceFiring(
                    id: row["id"],
                    context: row["context"],
                    message: AdviceMessage(
                        ruleId: row["ruleId"],
                        ruleVersion: row["ruleVersion"],
                        severity: AdviceSeverity(rawValue: severity) ?? .info,
                        text: row["message"],
                        source: RuleSource(
                            row["source"],
                            RuleSource.Verification(rawValue: verification) ?? .unverified
                        ),
                        facts: facts
                    ),
                    firedAtMs: row["firedAtMs"]
                )
            }
        }
    }

    /// Common foods of a USDA group with the given liquid flag (commonness ≥ `minimumCommonness`), as substitution
    /// candidates.
    public func substitutionCandidates(group: String, isLiquid: Bool, minimumCommonness: Int = 4) async throws
        -> [StoredFood]
    {
        try await pool.read { db in
            let ids = try Int64.fetchAll(
                db,
                sql: """
                    SELECT food.id FROM food JOIN foodGroup ON foodGroup.code = food.groupCode
                    WHERE foodGroup.name = ? AND food.isLiquid = ? AND food.commonness >= ? ORDER BY food.id
                    """,
                arguments: [group, isLiquid ? 1 : 0, minimumCommonness]
            )
            return try Self.foods(ids: ids, in: db)
        }
    }

    /// Stores (or replaces) a month's report card; returns true when it was new.
    @discardableResult
    public func saveReportCard(_ card: ReportCard, profileId: Int64, atMs: Int64) async throws -> Bool {
        let json = String(decoding: try JSONEncoder.sorted.encode(card), as: UTF8.self)
        return try await pool.write { db in
            let existed =
                try Int.fetchOne(
                    db,
                    sql: "SELECT 1 FROM reportCard WHERE profileId = ? AND month = ?",
                    arguments: [profileId, card.month]
                ) != nil
            try db.execute(
                sql: """
                    INSERT INTO reportCard (profileId, month, card, createdAtMs) VALUES (?, ?, ?, ?)
                    ON CONFLICT (profileId, month) DO UPDATE SET card = excluded.card, createdAtMs = excluded.createdAtMs
                    """,
                arguments: [profileId, card.month, json, atMs]
            )
            return !existed
        }
    }

    /// A stored report card, if any.
    public func reportCard(profileId: Int64, month: String) async throws -> ReportCard? {
        let text = try await pool.read { db in
            try String.fetchOne(
                db,
                sql: "SELECT card FROM reportCard WHERE profileId = ? AND month = ?",
                arguments: [profileId, month]
            )
        }
        guard let text else { return nil }
        return try JSONDecoder().decode(ReportCard.self, from: Data(text.utf8))
    }

    /// Stores label mentions once each (same set id, version, section and sentence); returns how many were new.
    @discardableResult
    public func storeLabelMentions(_ mentions: [LabelFoodMention], atMs: Int64) async throws -> Int {
        try await pool.write { db in
            var new = 0
            for mention in mentions {
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO drugLabelMention (setId, version, effectiveTime, drugNames, section,
                            loinc, term, sentence, importedAtMs) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        mention.setId, mention.version, mention.effectiveTime, mention.drugNames, mention.section,
                        mention.loinc, mention.term, mention.sentence, atMs,
                    ]
                )
                new += db.changesCount
            }
            return new
        }
    }

    /// Stored label mentions, optionally of labels whose drug names contain `drug` (case-insensitive).
    public func labelMentions(drug: String? = nil) async throws -> [LabelFoodMention] {
        try await pool.read { db in
            let filter = drug == nil ? "" : "WHERE lower(drugNames) LIKE '%' || lower(?) || '%'"
            return try Row.fetchAll(
                db,
                sql: "SELECT * FROM drugLabelMention \(filter) ORDER BY drugNames, setId, id",
                arguments: drug.map { [$0] } ?? []
            ).map { row in
                LabelFoodMention(
                    setId: row["setId"],
                    version: row["version"],
                    effectiveTime: row["effectiveTime"],
                    drugNames: row["drugNames"],
                    section: row["section"],
                    loinc: row["loinc"],
                    term: row["term"],
                    sentence: row["sentence"]
                )
            }
        }
    }
}

extension JSONEncoder {
    /// An encoder with sorted keys, so stored JSON is stable.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
