import Foundation
import Testing
@testable import ScreenModel

/// The JSON writer's short cuts read exactly as its long forms: a string
/// with nothing to escape copied whole (checked a word at a time, the last
/// bytes too), a frame written in one piece, a fragment written again.
@Suite struct JSONWriterTests {
    /// What `JSONWriter.string` writes, compact.
    func written(_ body: (inout JSONWriter) -> Void, compact: Bool = true) -> String {
        var w = JSONWriter(compact: compact)
        body(&w)
        return w.text
    }

    /// Each character that needs an escape, with its escape.
    static let escapes: [(String, String)] = [
        ("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{1B}", #"\u001b"#), ("\u{7F}", #"\u007f"#),
        ("\u{85}", #"\u0085"#), ("\u{2028}", #"\u2028"#), ("\u{202E}", #"\u202e"#),
    ]

    /// Strings of 1 to 17 bytes, the character to escape at every position:
    /// found in a whole word, in the last short word, and at either end.
    @Test(arguments: escapes)
    func theEscapeIsFoundAtEveryPosition(_ character: String, _ escape: String) {
        for length in 1...17 {
            for k in 0..<length {
                let before = String(repeating: "a", count: k), after = String(repeating: "b", count: length - k - 1)
                let s = before + character + after
                let expected = "\"" + before + escape + after + "\""
                #expect(JSONWriter.quote(s) == expected)
                #expect(written { $0.string(s) } == expected)
            }
        }
    }

    /// Clean strings of every length up to 17 bytes are written as they are.
    @Test func cleanStringsAreCopiedAsTheyAre() {
        for length in 0...17 {
            let s = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x20 + 3 * $0))) })
            #expect(written { $0.string(s) } == "\"" + s + "\"")
            #expect(JSONWriter.quote(s) == "\"" + s + "\"")
        }
        #expect(written { $0.string("Café ☕") } == "\"Café ☕\"")
    }

    /// A frame written in one piece, compact and indented, as literals.
    @Test func rectIsOneLine() {
        let r = Rect(x: 16, y: 700, width: 358, height: 44)
        #expect(written { $0.rect(r) } == #"{"x":16,"y":700,"width":358,"height":44}"#)
        #expect(written({ $0.openObject(); $0.key("frame"); $0.rect(r); $0.key("n"); $0.number(Int64(1)); $0.closeObject() }, compact: false) == """
            {
              "frame": {"x": 16, "y": 700, "width": 358, "height": 44},
              "n": 1
            }
            """)
        #expect(written { $0.rect(Rect(x: -0.5, y: 1e15, width: .nan, height: -12)) } == #"{"x":-0.5,"y":1000000000000000.0,"width":null,"height":-12}"#)
    }

    /// The frame's one piece is the long form's bytes, in arrays, after
    /// keys, and among other values, compact and indented.
    @Test(arguments: [true, false])
    func rectReadsAsTheLongForm(_ compact: Bool) {
        let rects = [Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 16, y: 700, width: 358, height: 44),
                     Rect(x: -20, y: -0.0, width: 99_999_999_999, height: 123_456_789_012_345),
                     Rect(x: 0.25, y: 1, width: 2, height: 3), Rect(x: 1, y: 2, width: .infinity, height: 4)]
        func longForm(_ r: Rect, _ w: inout JSONWriter) {
            w.openObject(inline: true)
            w.key("x"); w.number(r.x); w.key("y"); w.number(r.y); w.key("width"); w.number(r.width); w.key("height"); w.number(r.height)
            w.closeObject()
        }
        func document(_ frame: (Rect, inout JSONWriter) -> Void) -> String {
            written({ w in
                w.openObject()
                w.key("frames"); w.openArray(); for r in rects { frame(r, &w) }; w.closeArray()
                for (k, r) in rects.enumerated() { w.key(escaping: "f\(k)"); frame(r, &w) }
                w.closeObject()
            }, compact: compact)
        }
        #expect(document { r, w in w.rect(r) } == document(longForm))
    }

    /// Whole numbers read as Swift spells them at every length: each power
    /// of ten and its neighbours, both signs, where the digits are written
    /// two at a time (up to eight) and eight at a time above that, and the
    /// ends of `Int64`; and their digits are counted as many.
    @Test func wholeNumbersAtEveryLength() {
        var numbers: [Int64] = [0, 1, 9, Int64.max, Int64.min, Int64.min + 1, 86_400_000_000, 100_000_000_000_000_001]
        var power: Int64 = 1
        for _ in 1...18 {
            power *= 10
            numbers += [power - 1, power, power + 1, power + power / 2 + 7]
        }
        numbers += numbers.map { $0 == .min ? 0 : -$0 }
        for v in numbers {
            #expect(written { $0.number(v) } == String(v))
            #expect(DecimalText.digits(v.magnitude) == String(v.magnitude).count)
        }
        #expect(DecimalText.digits(.max) == 20)
        #expect(written { w in w.openArray(); w.number(Int64(1_000_000_007)); w.number(Int64(20_000_300)); w.closeArray() } == "[1000000007,20000300]")
    }

    /// A captured value, written again, reads as the value written afresh:
    /// after a key and in an array, where the comma is the writer's.
    @Test func fragmentIsTheValueAgain() {
        var w = JSONWriter(compact: true)
        w.openObject()
        w.key("a")
        let fragment = w.capture { w in w.openObject(); w.key("b"); w.strings(["c", "d"]); w.closeObject() }
        #expect(fragment.map { String(decoding: $0, as: UTF8.self) } == #"{"b":["c","d"]}"#)
        w.key("list"); w.openArray()
        if let fragment { w.fragment(fragment); w.number(Int64(2)); w.fragment(fragment) }
        w.closeArray()
        w.closeObject()
        #expect(w.text == #"{"a":{"b":["c","d"]},"list":[{"b":["c","d"]},2,{"b":["c","d"]}]}"#)
    }
}
