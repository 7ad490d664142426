import Testing
@testable import ScreenModel

@Suite struct JSONDocumentTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONDocument { try JSONDocument(bytes: Array(text.utf8)) }

    @Test func valuesOfEveryKind() throws {
        let doc = try parse(#" {"n": null, "f": false, "t": true, "num": -12.5e1, "s": "hi", "a": [1, [], {}], "o": {"k": 0}} "#)
        let m = doc.members(doc.root)
        #expect(m.map(\.key) == ["n", "f", "t", "num", "s", "a", "o"])
        #expect(m.map { doc.kind($0.value) } == [.null, .false, .true, .number, .string, .array, .object])
        #expect(doc.bool(m[1].value) == false)
        #expect(doc.bool(m[2].value) == true)
        #expect(doc.number(m[3].value) == -125)
        #expect(doc.string(m[4].value) == "hi")
        let a = doc.elements(m[5].value)
        #expect(a.map { doc.kind($0) } == [.number, .array, .object])
        #expect(doc.elements(a[1]) == [])
        #expect(doc.members(a[2]).isEmpty)
        #expect(doc.members(m[6].value).map(\.key) == ["k"])
        #expect(doc.string(m[3].value) == nil)
        #expect(doc.number(m[4].value) == nil)
    }

    @Test(arguments: [
        (#""a\"b\\c\/d\b\f\n\r\t""#, "a\"b\\c/d\u{8}\u{C}\n\r\t"),
        (#""\u00e9\u20AC""#, "é€"),
        (#""\ud83d\ude00 smile""#, "😀 smile"),
        (#""\u0000""#, "\u{0}"),
        (#""plain é""#, "plain é"),
    ])
    func stringEscapes(_ text: String, _ expected: String) throws {
        let doc = try parse(text)
        #expect(doc.string(doc.root) == expected)
    }

    @Test func byteOrderMarkIsSkippedAndNotCountedAsAColumn() throws {
        let doc = try JSONDocument(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        #expect(doc.members(doc.root).map(\.key) == ["a"])
        #expect(doc.position(of: 2) == (1, 7))
        #expect(throws: JSONSyntaxError(line: 1, column: 3, message: "unexpected '}' after the end of the document")) {
            try JSONDocument(bytes: [0xEF, 0xBB, 0xBF] + Array("{}}".utf8))
        }
    }

    @Test(arguments: [
        ("[1, 2,]", 1, 7, "expected a value, found ']'"),
        ("{\"a\": 1,\n }", 2, 2, "expected a quoted member name, found '}'"),
        (#"{"a" 1}"#, 1, 6, "expected ':' after the member name, found '1'"),
        ("[\"abc", 1, 2, "unterminated string"),
        ("[tru]", 1, 2, "invalid literal 'tru'; expected true"),
        ("nul", 1, 1, "invalid literal 'nul'; expected null"),
        ("{} x", 1, 4, "unexpected 'x' after the end of the document"),
        ("", 1, 1, "expected a value, found end of file"),
        ("  \n ", 2, 2, "expected a value, found end of file"),
        ("\"a\tb\"", 1, 3, "control character in string; write it as an escape such as \\n"),
        (#"["\x"]"#, 1, 3, "invalid escape '\\x' in string"),
        (#""\ud800""#, 1, 8, "unpaired surrogate in \\u escape"),
        (#""\u12G4""#, 1, 6, "expected 4 hex digits after \\u"),
        ("[1 2]", 1, 4, "expected ',' or ']', found '2'"),
        ("[1", 1, 3, "unterminated array: expected ',' or ']'"),
        ("{\"a\": 1", 1, 8, "unterminated object: expected ',' or '}'"),
        ("-", 1, 2, "expected a digit in number"),
        ("1.", 1, 3, "expected a digit after '.' in number"),
        ("1e999", 1, 1, "number out of range"),
        ("[é]", 1, 2, "expected a value, found byte 0xC3"),
    ] as [(String, Int, Int, String)])
    func syntaxErrorsNameLineAndColumn(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        #expect(throws: JSONSyntaxError(line: line, column: column, message: message)) { try parse(text) }
    }

    @Test func syntaxErrorIsADiagnosticAtLineAndColumn() {
        #expect(JSONSyntaxError(line: 3, column: 9, message: "unterminated string").description == "<json>:3:9: error: unterminated string")
        #expect(JSONSyntaxError(file: "a.json", line: 3, column: 9, message: "unterminated string").description == "a.json:3:9: error: unterminated string")
    }

    @Test func syntaxErrorCarriesTheFileItWasGiven() {
        #expect(throws: JSONSyntaxError(file: "a.json", line: 1, column: 7, message: "expected a value, found ']'")) {
            try JSONDocument(bytes: Array("[1, 2,]".utf8), file: "a.json")
        }
    }

    @Test func aNodeIsSixteenBytesWithItsWordWhereTheParserSetsIt() {
        #expect(MemoryLayout<JSONDocument.Node>.stride == 16)
        #expect(MemoryLayout<JSONDocument.Node>.offset(of: \JSONDocument.Node.word) == JSONDocument.Node.wordOffset)
    }

    @Test func containersKnowTheirNextNodeAndChildCount() throws {
        let doc = try parse(#"{"a": [1, "x", {"b": null}], "c": [], "d": -0}"#)
        // 0 {  1 "a"  2 [  3 1  4 "x"  5 {  6 "b"  7 null  8 "c"  9 []  10 "d"  11 -0
        #expect(doc.nodes.count == 12)
        #expect((doc.next(0), doc.count(0)) == (12, 3))
        #expect((doc.next(2), doc.count(2)) == (8, 3))
        #expect((doc.next(5), doc.count(5)) == (8, 1))
        #expect((doc.next(9), doc.count(9)) == (10, 0))
        #expect(doc.next(3) == 4)
        #expect(doc.number(11)?.sign == .plus)
        #expect(doc.memberNodes(0).map(\.value) == [2, 9, 11])
    }

    @Test func arrays100000DeepParseWithoutRecursion() throws {
        let depth = 100_000
        let doc = try parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(doc.nodes.count == depth)
        #expect(doc.next(0) == depth)
        #expect(doc.elements(depth - 2) == [depth - 1])
    }

    @Test func objects100000DeepParseWithoutRecursion() throws {
        let depth = 100_000
        let doc = try parse(String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth))
        #expect(doc.nodes.count == depth * 2 + 1)
        #expect(doc.number(depth * 2) == 1)
    }
}

/// A key on the tape is matched to a decoder's names as bytes: only the
/// names of its length are compared, and the first of equal names wins.
@Suite struct JSONKeysTests {
    static let keys = JSONKeys(["x", "y", "width", "label", "value", "", "traits", "frame", "y", "wïdth"])

    @Test func namesAreFoundByTheirBytes() {
        #expect(Self.keys.index(of: "x") == 0)
        #expect(Self.keys.index(of: "y") == 1)
        #expect(Self.keys.index(of: "width") == 2)
        #expect(Self.keys.index(of: "label") == 3)
        #expect(Self.keys.index(of: "value") == 4)
        #expect(Self.keys.index(of: "") == 5)
        #expect(Self.keys.index(of: "traits") == 6)
        #expect(Self.keys.index(of: "frame") == 7)
        #expect(Self.keys.index(of: "wïdth") == 9)
        #expect(Self.keys.index(of: StaticString("frame")) == 7)
    }

    @Test func othersAreNot() {
        #expect(Self.keys.index(of: "z") == nil)
        #expect(Self.keys.index(of: "widths") == nil)
        #expect(Self.keys.index(of: "lab") == nil)
        #expect(Self.keys.index(of: "labeL") == nil)
        #expect(Self.keys.index(of: "a-name-longer-than-any-in-the-list") == nil)
        #expect(JSONKeys(["x"]).index(of: "") == nil)
    }

    /// A name differing from a known one anywhere, in any byte or in
    /// case, is told apart, whatever its length.
    @Test func namesOfEveryLengthAreComparedWhole() {
        let long = JSONKeys(["children", "identifier", "containerType", "sixteen-bytes-ab", "respondsToUserInteraction", "accessibilityElements"])
        #expect(long.names.map { long.index(of: $0) } == [0, 1, 2, 3, 4, 5])
        for other in ["childrem", "Children", "identifiez", "idEntifier", "containerTyqe", "contaInerType",
                      "sixteen-bytes-ac", "sixteen-Bytes-ab", "respondsToUzerInteraction", "respondsToUserInteractioN",
                      "Respondstouserinteraction", "accessibilityElementz", "accessibilitYElements", "accessibilityElement"] {
            #expect(long.index(of: other) == nil, "\(other)")
        }
        // Under eight bytes, each length on its own.
        let short = JSONKeys(["a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh"])
        #expect(short.names.map { short.index(of: $0) } == [0, 1, 2, 3, 4, 5, 6, 7])
        #expect(["b", "ba", "abd", "abce", "abcdf", "abcdeg", "abcdefh", "abcdefgi", "abcdefghi"].map { short.index(of: $0) } == Array(repeating: nil, count: 9))
    }

    @Test func membersOnTheTapeAreMatchedWithAndWithoutEscapes() throws {
        let doc = try JSONDocument(bytes: Array(#"{"frame": 1, "tr\u0061its": 2, "nope": 3, "": 4}"#.utf8))
        let found = doc.memberNodes(0).map { doc.index(of: $0.key, in: Self.keys) }
        #expect(found == [7, 6, nil, 5])
    }
}
