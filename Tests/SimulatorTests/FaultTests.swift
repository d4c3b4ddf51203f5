import Foundation
import Testing

@testable import Simulator

@Suite struct FaultTests {
    @Test func parsesCommandLineFaults() throws {
        #expect(try FaultSpec(commandLine: "crash:150") == FaultSpec(type: "crash", afterRecords: 150))
        #expect(
            try FaultSpec(commandLine: "crash:150,times=1,counterFile=/tmp/c,device=d")
                == FaultSpec(type: "crash", device: "d", afterRecords: 150, times: 1, counterFile: "/tmp/c")
        )
        #expect(
            try FaultSpec(commandLine: "stall:10000,counterFile=/tmp/s")
                == FaultSpec(type: "stall", afterRecords: 10000, counterFile: "/tmp/s")
        )
        #expect(try FaultSpec(commandLine: "slow-sync:250") == FaultSpec(type: "slow-sync", milliseconds: 250))
        #expect(try FaultSpec(commandLine: "garbage-line") == FaultSpec(type: "garbage-line"))
        #expect(throws: FaultProblem.self) { try FaultSpec(commandLine: "garbage-line:5") }
        #expect(throws: FaultProblem.self) { try FaultSpec(commandLine: "crash:many") }
        #expect(throws: FaultProblem.self) { try FaultSpec(commandLine: "crash:1,colour=red") }
    }

    @Test func checksEachTypesParameters() throws {
        #expect(try Fault(FaultSpec(type: "crash")) == .crash(afterRecords: 0, device: nil, limit: nil))
        #expect(try Fault(FaultSpec(type: "wrong-version")) == .wrongVersion)
        #expect(throws: FaultProblem.self) { try Fault(FaultSpec(type: "stdout-log", device: "d")) }
        #expect(throws: FaultProblem.self) { try Fault(FaultSpec(type: "slow-sync")) }
        #expect(throws: FaultProblem.self) { try Fault(FaultSpec(type: "crash", times: 2)) }
        #expect(throws: FaultProblem.self) { try Fault(FaultSpec(type: "stall", afterRecords: -1)) }
        #expect(throws: FaultProblem.self) { try Fault(FaultSpec(type: "stall", milliseconds: 5)) }
        #expect(throws: FaultProblem.self) { try Fault(FaultSpec(type: "crash-on-start", afterRecords: 2)) }
        #expect(throws: FaultProblem.self) { try Fault(FaultSpec(type: "nonsense")) }
    }

    @Test func aLimitCountsAcrossRestartsInItsFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("crashes-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let limit = try #require(try FaultLimit(FaultSpec(type: "crash", times: 2, counterFile: file)))
        #expect(limit.claim())
        #expect(limit.claim())
        #expect(!limit.claim())
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "2\n")
    }

    @Test func syncFaultsFollowTheirDevice() {
        let plan = FaultPlan(faults: [
            .garbageLine(device: "a"), .slowSync(milliseconds: 5, device: nil), .slowSync(milliseconds: 9, device: nil),
            .crash(afterRecords: 10, device: "b", limit: nil), .duplicateRecords(device: nil), .ignoreShutdown,
            .stall(afterRecords: 20, device: "a", limit: nil),
        ])
        let a = plan.sync(deviceId: "a")
        #expect(a.garbageLine && a.duplicateRecords && a.crash == nil && a.pauseMilliseconds == 5)
        #expect(a.stall?.afterRecords == 20)
        let b = plan.sync(deviceId: "b")
        #expect(!b.garbageLine && b.crash?.afterRecords == 10 && b.stall == nil)
        #expect(plan.ignoreShutdown && !plan.wrongVersion && !plan.claimStartCrash())
    }

    @Test func theOversizedLineIsOneMebibytePlusOneByteOfValidJSON() throws {
        let line = Misbehaviour.oversizedLine
        #expect(line.count == (1 << 20) + 2)
        #expect(line.last == 0x0A)
        #expect(try JSONSerialization.jsonObject(with: Data(line.dropLast())) is [String: Any])
    }

    @Test func parsesTheCommandLine() throws {
        let options = try SimulatorOptions.parse(["--scenario=/s.json", "--fault", "hang-sync", "--fault=stdout-log"])
        #expect(options.scenarioPath == "/s.json")
        #expect(options.faults == [.hangSync(device: nil), .stdoutLog])
        #expect(throws: OptionsError.self) { try SimulatorOptions.parse(["--scenario"]) }
        #expect(throws: OptionsError.self) { try SimulatorOptions.parse(["--verbose"]) }
        #expect(throws: OptionsError.self) { try SimulatorOptions.parse(["--fault", "explode"]) }
    }
}
