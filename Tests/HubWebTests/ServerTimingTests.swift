import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HubWeb

@Suite struct ServerTimingTests {
    @Test func theDurationIsWrittenInMillisecondsWithThreeDecimals() {
        #expect(ServerTimingMiddleware.value(.milliseconds(6) + .microseconds(215)) == "app;dur=6.215")
        #expect(ServerTimingMiddleware.value(.microseconds(1_500)) == "app;dur=1.500")
        #expect(ServerTimingMiddleware.value(.microseconds(7)) == "app;dur=0.007")
        #expect(ServerTimingMiddleware.value(.nanoseconds(999)) == "app;dur=0.000")
        #expect(ServerTimingMiddleware.value(.seconds(12)) == "app;dur=12000.000")
    }

    @Test func everyResponseSaysHowLongTheServerTookAndARefusalToo() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.test { client in
            for (uri, status) in [("/signin", HTTPResponse.Status.ok), ("/today", .unauthorized)] {
                try await client.execute(uri: uri, method: .get, headers: WebWorld.headers()) { response in
                    #expect(response.status == status)
                    let timing = response.headers[.serverTiming] ?? ""
                    #expect(timing.hasPrefix("app;dur="), "\(uri): \(timing)")
                    let milliseconds = Double(timing.dropFirst("app;dur=".count)) ?? -1
                    #expect(milliseconds >= 0 && milliseconds < 60_000, "\(uri): \(timing)")
                }
            }
        }
    }
}
