import DeviceTestbed
import Foundation
import Testing
@testable import InputDevices

/// Damaged files never crash or hang: they parse, or fail with a typed error
/// that points inside the file.
@Suite struct RobustnessTests {
    static let recordingPath = TestDevice.fixturesDirectory + "/recordings/xbox-pad-session.evemu"

    @Test func everyTruncationOfARecordingParsesOrNamesALine() throws {
        let text = try String(contentsOfFile: Self.recordingPath, encoding: .utf8)
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        var failures: [String] = []
        var errors = 0
        for cut in stride(from: 0, to: text.utf8.count, by: 7) {
            let prefix = String(decoding: text.utf8.prefix(cut), as: UTF8.self)
            do { _ = try Evemu.parse(prefix, file: "cut.evemu") } catch {
                errors += 1
                let line = error.location?.line ?? 0
                if line < 1 || line > lineCount || error.location?.file != "cut.evemu" { failures.append(error.description) }
            }
        }
        #expect(failures == [])
        #expect(errors > 0)
    }

    @Test func everyFieldReplacedWithJunkParsesOrNamesItsLine() throws {
        let lines = try String(contentsOfFile: Self.recordingPath, encoding: .utf8).split(separator: "\n").map(String.init)
        var wrongLine: [String] = []
        for (i, line) in lines.enumerated() where !line.hasPrefix("#") {
            let fields = line.split(separator: " ").map(String.init)
            for f in fields.indices.dropFirst() {
                for junk in ["zz", "-99999999999999999999", "", "0x"] {
                    var copy = lines
                    var mutated = fields
                    mutated[f] = junk
                    copy[i] = mutated.joined(separator: " ")
                    do { _ = try Evemu.parse(copy.joined(separator: "\n"), file: "junk.evemu") } catch {
                        if error.location?.line != i + 1 && !(error.message.hasPrefix("missing")) { wrongLine.append("\(i + 1): \(error)") }
                    }
                }
            }
        }
        #expect(wrongLine == [])
    }

    /// Every error names the line and column it is about.
    @Test(arguments: try! FileManager.default.contentsOfDirectory(atPath: TestDevice.profilesDirectory).sorted())
    func everyTruncationOfAShippedProfileIsATypedError(_ name: String) throws {
        let data = try #require(FileManager.default.contents(atPath: TestDevice.profilesDirectory + "/" + name))
        var untyped = 0
        for cut in stride(from: 0, to: data.count, by: 11) {
            do { _ = try ProfileLoader.parse(data.prefix(cut), file: name) } catch {
                if error.location?.file != name || error.location?.line == nil || error.location?.column == nil { untyped += 1 }
                continue
            }
            Issue.record("a truncated profile (\(cut) of \(data.count) bytes) was accepted")
        }
        #expect(untyped == 0)
    }
}
