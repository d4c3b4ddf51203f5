import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// The time of an entry typed on a page (`datetime-local`: YYYY-MM-DDTHH:MM on the profile's clock; now when empty),
/// read by the application layer's reader once it knows the profile.
func entryTime(_ text: String?) -> EntryTimeReader {
    { profile, now in
        try RFC3339.parse(try EntryTimeText.rfc3339(text, profile: profile, now: now))
    }
}
