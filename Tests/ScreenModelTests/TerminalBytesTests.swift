import Testing
import Glibc
import Diagnostics
@testable import ScreenModel

/// The byte writers under every text line and JSON document: pieces,
/// escaping, numbers, growth.
@Suite struct TerminalBytesTests {
    static func text(_ build: (inout TerminalBytes) -> Void) -> String {
        var t = TerminalBytes(capacity: 0)
        build(&t)
        return t.text
    }

    @Test func literalsAndSafeTextGoInAsTheyAre() {
        #expect(Self.text { $0.append("highlighted "); $0.append(quoting: "Search products") } == #"highlighted "Search products""#)
        // Non-ASCII that is safe (×, →, é, a CJK label) stays as it is.
        #expect(Self.text { $0.append(escaping: "Café 3×4 → 設定") } == "Café 3×4 → 設定")
        #expect(Self.text { $0.append(escaping: "") } == "")
    }

    @Test(arguments: [
        ("Pay\u{1B}[2J\r\u{202E}now", #"Pay\u{1B}[2J\r\u{202E}now"#),
        ("line one\nline two", #"line one\nline two"#),
        ("twelve bytes\u{7}", #"twelve bytes\u{7}"#),
        ("\u{9B}31m", #"\u{9B}31m"#),
        ("tab\there", #"tab\there"#),
    ])
    func textFromOutsideIsEscapedAsTerminalTextEscapesIt(raw: String, shown: String) {
        #expect(Self.text { $0.append(escaping: raw) } == shown)
        #expect(Self.text { $0.append(escaping: raw) } == TerminalText.escaped(raw, keepNewlines: false))
    }

    @Test(arguments: [
        (Int64(0), "0"), (7, "7"), (-5, "-5"), (10, "10"), (99, "99"), (100, "100"), (1_000_000, "1000000"),
        (-1_234_567_890_123, "-1234567890123"), (Int64.max, "9223372036854775807"), (Int64.min, "-9223372036854775808"),
    ])
    func decimalsAreSpelledAsSwiftSpellsThem(v: Int64, spelled: String) {
        #expect(Self.text { $0.append(decimal: v) } == spelled)
        #expect(spelled == String(v))
    }

    @Test(arguments: [
        (12.0, "12"), (12.5, "12.5"), (-0.0, "0"), (-3.0, "-3"), (0.1, "0.1"), (999_999_999_999_999, "999999999999999"),
        (1e15, "1000000000000000.0"), (Double.infinity, "inf"), (Double.nan, "nan"),
    ])
    func numbersAreSpelledAsPointFormatSpellsThem(v: Double, spelled: String) {
        #expect(Self.text { $0.append(number: v) } == spelled)
        #expect(Point.format(v) == spelled)
    }

    @Test func aLineLongerThanItsRoomKeepsEveryByte() {
        var t = TerminalBytes(capacity: 0)
        for k in 0..<1000 {
            t.append(decimal: k)
            t.append(" ")
        }
        let expected = (0..<1000).map { "\($0) " }.joined()
        #expect(t.text == expected)
        #expect(t.count == expected.utf8.count)
        #expect(t.bytes == Array(expected.utf8))
        t.removeAll()
        t.append("after")
        #expect(t.text == "after")
    }

    @Test func theTextIsHandedOverWhole() {
        var t = TerminalBytes(capacity: 0)
        for k in 0..<5000 { t.append(decimal: k) }
        let expected = (0..<5000).map(String.init).joined()
        let bytes = t.take()
        defer { free(bytes.baseAddress) }
        #expect(bytes.count == expected.utf8.count)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test func aPieceThatDoesNotFitInMemoryIsDroppedAndReportedNotATrap() throws {
        var b = ByteBuffer(capacity: 16)
        b.append("kept ")
        let completeBefore = b.isComplete
        #expect(completeBefore)
        // No machine holds this many bytes, so they are never read: making room fails first.
        let huge = UnsafeBufferPointer(start: try #require(UnsafePointer<UInt8>(bitPattern: 16)), count: Int.max / 2)
        b.append(huge)
        let completeAfter = b.isComplete
        #expect(!completeAfter)
        b.append("after")
        let text = b.text
        #expect(text == "kept after")
    }

    @Test func geometrySpellsItselfThroughTheSameBytes() {
        #expect(Rect(x: 16, y: 700.5, width: 358, height: 44).description == "{16, 700.5, 358×44}")
        #expect(Point(x: -2, y: 0.25).description == "(-2, 0.25)")
    }
}

/// Compact JSON (transcript JSON Lines) is written without a container
/// stack; these pin its commas and nesting.
@Suite struct CompactJSONWriterTests {
    @Test func nestedContainersTakeCommasBetweenMembersOnly() {
        var w = JSONWriter(compact: true)
        w.openObject()
        w.key("a"); w.number(Int64(1))
        w.key("empty"); w.openArray(); w.closeArray()
        w.key("list"); w.openArray(); w.number(Int64(2)); w.openObject(); w.closeObject(); w.string("x"); w.closeArray()
        w.key("inner"); w.openObject(); w.key("b"); w.null(); w.key("c"); w.bool(true); w.closeObject()
        w.key(escaping: "say \"hi\""); w.number(0.5)
        w.closeObject()
        #expect(w.text == #"{"a":1,"empty":[],"list":[2,{},"x"],"inner":{"b":null,"c":true},"say \"hi\"":0.5}"#)
    }

    @Test func linesFollowOneAnotherWithoutACommaBetweenDocuments() {
        var w = JSONWriter(compact: true)
        for k in 0..<3 {
            w.openObject(); w.key("k"); w.number(Int64(k)); w.closeObject()
            w.endLine()
        }
        #expect(w.text == "{\"k\":0}\n{\"k\":1}\n{\"k\":2}\n")
        var drained: [UInt8] = []
        w.drain { drained += $0 }
        #expect(String(decoding: drained, as: UTF8.self) == "{\"k\":0}\n{\"k\":1}\n{\"k\":2}\n")
        #expect(w.count == 0)
        w.string("next")
        #expect(w.text == #""next""#)
    }

    @Test func indentedOutputIsUnchanged() {
        var w = JSONWriter()
        w.openObject()
        w.key("frame"); w.openObject(inline: true); w.key("x"); w.number(Int64(1)); w.key("y"); w.number(2.5); w.closeObject()
        w.key("items"); w.openArray(); w.string("a"); w.string("b"); w.closeArray()
        w.closeObject()
        #expect(w.text == "{\n  \"frame\": {\"x\": 1, \"y\": 2.5},\n  \"items\": [\n    \"a\",\n    \"b\"\n  ]\n}")
    }
}
