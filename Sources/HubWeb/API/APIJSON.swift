import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird
import NIOCore

/// What every API route shares: the JSON body (sorted keys), instants as RFC 3339 and the `days` window.
enum APIJSON {
    /// `value` as an `application/json` response, its keys sorted.
    static func response(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Response(
            status: .ok,
            headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value)))
        )
    }

    /// An instant as RFC 3339 with the offset it was written in.
    static func instant(_ epochMilliseconds: Int64, offset: Int) -> String {
        RFC3339.format(epochMilliseconds: epochMilliseconds, utcOffsetSeconds: offset)
    }

    /// An instant as RFC 3339 in `timeZone`'s offset at that instant.
    static func instant(_ epochMilliseconds: Int64, in timeZone: TimeZone) -> String {
        let date = Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000)
        return instant(epochMilliseconds, offset: timeZone.secondsFromGMT(for: date))
    }

    /// The windows a trend may be asked over, in days.
    static let windows = TrendsService.windows

    /// The `days` query parameter (30 when absent), or the problem naming it when it is not one of `windows`.
    static func days(_ request: Request) -> Result<Int, ProblemResponse> {
        guard let text = request.uri.queryParameters["days"] else { return .success(30) }
        guard let days = Int(String(text)), windows.contains(days) else {
            return .failure(
                ProblemResponse(
                    problem: Problem(
                        status: .unprocessableContent,
                        title: "days must be 7, 30, 90 or 365",
                        detail: "The window of a trend is 7, 30, 90 or 365 days; \(String(text)) is not one of them.",
                        field: "days"
                    )
                )
            )
        }
        return .success(days)
    }
}

/// A problem carried as an error value, for a `Result`.
struct ProblemResponse: Error {
    var problem: Problem
}
