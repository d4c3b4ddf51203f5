import Foundation
import TestSupport
import Testing

/// `kidneyhub profile set --avatar`, `profile show` and `profile avatar`: the real binary on a fresh store.
@Suite(.serialized) struct AvatarTests {
    private func run(_ workspace: Workspace, _ arguments: [String]) async throws -> CommandResult {
        try await workspace.kidneyhub(arguments, runsAdapters: false, timeout: .seconds(60))
    }

    @Test func anAvatarIsStoredAsASmallThumbnail() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(try await run(workspace, ["terms", "accept"]).status == 0)
        let photo = "\(workspace.path)/photo.png"
        try Data(greyscalePNG(width: 400, height: 200)).write(to: URL(fileURLWithPath: photo))

        let set = try await run(workspace, ["profile", "set", "--name", "Max", "--avatar", photo])
        #expect(set.status == 0, "\(set.stderr)")

        let json = try await run(workspace, ["profile", "show", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let avatar = object?["avatar"] as? [String: Any]
        #expect(avatar?["width"] as? Int == 128 && avatar?["height"] as? Int == 64, "\(json.stdout)")
        #expect(avatar?["originalFileName"] as? String == "photo.png")
        #expect((avatar?["originalBytes"] as? Int ?? 0) > 80_000)
        let text = try await run(workspace, ["profile", "show"])
        #expect(text.stdout.contains("128×64 px thumbnail of photo.png"), "\(text.stdout)")

        let out = "\(workspace.path)/avatar.png"
        let written = try await run(workspace, ["profile", "avatar", "--out", out, "--profile", "max"])
        #expect(written.status == 0, "\(written.stderr)")
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(png.count > 24 && Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(png.count > 24 && Array(png[12..<16]) == Array("IHDR".utf8))
        let width = png.count > 24 ? png[16..<20].reduce(0) { $0 << 8 | Int($1) } : 0
        let height = png.count > 24 ? png[20..<24].reduce(0) { $0 << 8 | Int($1) } : 0
        #expect((1...128).contains(width) && (1...128).contains(height), "\(width)×\(height)")
        #expect(width == 128 && height == 64)
    }

    @Test func aTextFileIsRefusedAndNothingIsStored() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(try await run(workspace, ["terms", "accept"]).status == 0)
        let notes = try workspace.write("these are my notes, not a picture\n", to: "notes.txt")

        let refused = try await run(workspace, ["profile", "set", "--name", "Max", "--avatar", notes])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--avatar") && refused.stderr.contains("notes.txt"), "\(refused.stderr)")
        #expect(refused.stderr.contains("not an image libvips can decode"), "\(refused.stderr)")
        // Nothing stored: not the profile it would have created, nor an avatar.
        let none = try await run(workspace, ["profile", "show"])
        #expect(none.status != 0 && none.stderr.contains("no profile yet"), "\(none.stderr)")

        #expect(try await run(workspace, ["profile", "set", "--name", "Max"]).status == 0)
        let again = try await run(workspace, ["profile", "set", "--avatar", notes])
        #expect(again.status != 0 && again.stderr.contains("notes.txt"))
        let empty = try workspace.write("", to: "empty.png")
        let emptyRefused = try await run(workspace, ["profile", "set", "--avatar", empty])
        #expect(emptyRefused.status != 0 && emptyRefused.stderr.contains("the file is empty"), "\(emptyRefused.stderr)")
        let missing = try await run(workspace, ["profile", "set", "--avatar", "\(workspace.path)/missing.png"])
        #expect(missing.status != 0 && missing.stderr.contains("missing.png"), "\(missing.stderr)")

        let json = try await run(workspace, ["profile", "show", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object != nil && object?["avatar"] == nil, "\(json.stdout)")
        let show = try await run(workspace, ["profile", "show"])
        #expect(show.stdout.contains("avatar") && !show.stdout.contains("thumbnail of"))
        let noAvatar = try await run(workspace, ["profile", "avatar", "--out", "\(workspace.path)/out.png"])
        #expect(noAvatar.status != 0 && noAvatar.stderr.contains("has no avatar"), "\(noAvatar.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(workspace.path)/out.png"))
    }
}

/// A valid 8-bit greyscale PNG (a horizontal gradient), its image data in stored (uncompressed) deflate blocks.
func greyscalePNG(width: Int, height: Int) -> [UInt8] {
    func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be32(body.count) + typed + be32(Int(crc32(typed)))
    }
    var raw: [UInt8] = []
    for _ in 0..<height {
        raw.append(0)  // filter: none
        raw += (0..<width).map { UInt8(truncatingIfNeeded: $0 * 255 / max(1, width - 1)) }
    }
    var zlib: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
        let count = min(65_535, raw.count - offset)
        let last: UInt8 = offset + count == raw.count ? 1 : 0
        zlib += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
        zlib += raw[offset..<offset + count]
        offset += count
    } while offset < raw.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
        a = (a + UInt32(byte)) % 65_521
        b = (b + a) % 65_521
    }
    zlib += be32(Int(b << 16 | a))
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        + chunk("IHDR", be32(width) + be32(height) + [8, 0, 0, 0, 0])
        + chunk("IDAT", zlib)
        + chunk("IEND", [])
}

private func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
}
