import Testing
import Diagnostics

/// Error output is bounded: at most `Diagnostic.perFileLimit` errors and
/// warnings of one file, then one note that says how many more.
@Suite struct BoundedDiagnosticsTests {
    static func errors(_ file: String, _ n: Int) -> [Diagnostic] {
        (1...n).map { Diagnostic(.error, "bad \($0)", at: SourceLocation(file: file, line: $0, column: 1)) }
    }

    @Test func aFileShowsItsFirstTwentyThenHowManyMore() {
        let out = Diagnostic.bounded(Self.errors("a.swy", 30))
        #expect(out.count == 21)
        #expect(out[19].description == "a.swy:20:1: error: bad 20")
        #expect(out[20].description == "a.swy: note: and 10 more errors (only the first 20 of a file are shown)")
    }

    @Test func eachFileHasItsOwnLimitAndNotesGoWithTheirError() {
        var list = Self.errors("a.swy", 21)
        list.insert(Diagnostic(.note, "app file named here", at: SourceLocation(file: "b.swy", line: 1, column: 1)), at: 21)
        list += [Diagnostic(.warning, "odd", at: SourceLocation(file: "a.swy", line: 40, column: 1))]
        list += Self.errors("b.swy", 3)
        let out = Diagnostic.bounded(list)
        // a.swy's 21st error and the note after it are left out; b.swy's three are all shown.
        #expect(out.map(\.description) == Self.errors("a.swy", 20).map(\.description) + [
            "a.swy: note: and 2 more errors and warnings (only the first 20 of a file are shown)",
        ] + Self.errors("b.swy", 3).map(\.description))
    }

    @Test func aShortListIsUnchanged() {
        let list = Self.errors("a.swy", 20) + [Diagnostic(.error, "no file")]
        #expect(Diagnostic.bounded(list) == list)
        #expect(Diagnostic.more(errors: 1, warnings: 0, file: "x.json").description == "x.json: note: and 1 more error (only the first 20 of a file are shown)")
    }
}
