import AdapterHost
import Foundation
import TestSupport
import Testing

struct AdapterCatalogTests {
    private func manifest(id: String, executable: String) -> String {
        #"{"id":"\#(id)","name":"N","version":"1","executable":"\#(executable)","protocolVersions":["1.0"],"kinds":["body_weight"]}"#
    }

    private func makeExecutable(_ path: String) throws {
        try "#!/bin/sh\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
    }

    @Test func findsManifestsInOrderAndTheFirstOfAnIdWins() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write(manifest(id: "scale", executable: "./run.sh"), to: "first/scale/adapter.json")
        try makeExecutable(directory.file("first/scale/run.sh"))
        _ = try directory.write(manifest(id: "scale", executable: "/bin/sh"), to: "second/adapter.json")
        _ = try directory.write(manifest(id: "cuff", executable: "/bin/sh"), to: "second/cuff/adapter.json")
        let catalog = AdapterCatalog(
            directories: [directory.file("first"), directory.file("second")],
            productsDirectory: nil
        )
        #expect(catalog.adapters.map(\.id) == ["scale", "cuff"])
        #expect(catalog.adapter(id: "scale")?.executablePath == directory.file("first/scale/run.sh"))
        #expect(catalog.problems.isEmpty)
    }

    @Test func resolvesABareNameInTheProductsDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write(manifest(id: "sim", executable: "tool"), to: "plugins/sim/adapter.json")
        try FileManager.default.createDirectory(atPath: directory.file("products"), withIntermediateDirectories: true)
        try makeExecutable(directory.file("products/tool"))
        let catalog = AdapterCatalog(
            directories: [directory.file("plugins")],
            productsDirectory: directory.file("products")
        )
        #expect(catalog.adapter(id: "sim")?.executablePath == directory.file("products/tool"))
    }

    @Test func reportsUnusableManifestsWithTheirReason() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("{not json", to: "a/adapter.json")
        _ = try directory.write(
            #"{"id":"x","name":"N","version":"1","executable":"./missing","protocolVersions":["1.0"],"kinds":[]}"#,
            to: "b/adapter.json"
        )
        _ = try directory.write(
            #"{"id":"Bad Id","name":"N","version":"1","executable":"/bin/sh","protocolVersions":["1.0"],"kinds":[]}"#,
            to: "c/adapter.json"
        )
        _ = try directory.write(#"{"name":"N"}"#, to: "d/adapter.json")
        let catalog = AdapterCatalog(directories: [directory.path], productsDirectory: nil)
        #expect(catalog.adapters.isEmpty)
        let reasons = catalog.problems.map(\.reason)
        #expect(reasons.count == 4)
        #expect(reasons[1].contains("'./missing' not found"))
        #expect(reasons[2].contains("lower-case"))
        #expect(reasons[3].contains("'id' is missing"))
    }

    @Test func searchPathPutsExplicitDirectoriesFirstAndFindsTheCheckoutsPlugins() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("Plugins"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: directory.file(".build/debug"),
            withIntermediateDirectories: true
        )
        let path = AdapterCatalog.searchPath(
            explicit: ["/opt/mine"],
            environment: ["KIDNEYHUB_ADAPTERS_PATH": "/a:/b", "HOME": "/home/p"],
            executableDirectory: directory.file(".build/debug")
        )
        #expect(
            path == [
                "/opt/mine", "/a", "/b", "/home/p/.local/share/kidneyhub/adapters", "/usr/local/lib/kidneyhub/adapters",
                directory.file("Plugins"),
            ]
        )
        // The user's adapters follow XDG_DATA_HOME when it is an absolute path, and ignore it otherwise (issue 21).
        let xdg = AdapterCatalog.searchPath(
            explicit: [],
            environment: ["XDG_DATA_HOME": "/data/p", "HOME": "/home/p"],
            executableDirectory: nil
        )
        #expect(xdg == ["/data/p/kidneyhub/adapters", "/usr/local/lib/kidneyhub/adapters"])
        let relative = AdapterCatalog.searchPath(
            explicit: [],
            environment: ["XDG_DATA_HOME": "data", "HOME": "/home/p"],
            executableDirectory: nil
        )
        #expect(relative == ["/home/p/.local/share/kidneyhub/adapters", "/usr/local/lib/kidneyhub/adapters"])
    }
}
