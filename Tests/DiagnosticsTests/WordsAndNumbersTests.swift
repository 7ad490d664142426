import Diagnostics
import Testing

/// The one rule for a count and its noun (`Plural`).
@Suite struct PluralTests {
    @Test(arguments: [(0, "0 stops"), (1, "1 stop"), (2, "2 stops"), (21, "21 stops")])
    func aCountAgreesWithItsNoun(_ n: Int, _ text: String) {
        #expect(Plural.count(n, "stop") == text)
    }

    @Test func anIrregularPluralIsGiven() {
        #expect(Plural.count(1, "match", "matches") == "1 match")
        #expect(Plural.count(3, "match", "matches") == "3 matches")
    }

    /// A figure agrees as it is written: `1` is one, `1.5` and `0.999` are not.
    @Test(arguments: [("1", "step"), ("1.5", "steps"), ("0.999", "steps"), ("0", "steps"), ("10", "steps")])
    func aFigureAgreesAsWritten(_ figure: String, _ noun: String) {
        #expect(Plural.noun(figure: figure, "step") == noun)
    }
}

/// Numbers from a command line are decimal (`DecimalNumber`).
@Suite struct DecimalNumberTests {
    @Test(arguments: [("15", 15.0), ("0.25", 0.25), ("-1", -1.0), (".5", 0.5), ("2e-3", 0.002), ("+4.", 4.0), ("1E2", 100.0)])
    func decimalsAreRead(_ text: String, _ value: Double) {
        #expect(DecimalNumber.parse(text) == value)
    }

    @Test(arguments: ["0x1p3", "inf", "infinity", "nan", "", "-", ".", "1e", "1e+", "1.2.3", " 1", "1 ", "1e400", "½"])
    func otherSpellingsAreNot(_ text: String) {
        #expect(DecimalNumber.parse(text) == nil)
    }

    @Test func wholeNumbersAreDigitsOnly() {
        #expect(DecimalNumber.whole("12") == 12)
        #expect(DecimalNumber.whole("-3") == -3)
        #expect(DecimalNumber.whole("+4") == 4)
        for text in ["1.5", "0x10", "1e3", "", "+", "99999999999999999999"] {
            #expect(DecimalNumber.whole(text) == nil, "\(text)")
        }
    }
}

/// "Did you mean" (`Suggestion`), and the one diagnostic shape.
@Suite struct SuggestionAndShapeTests {
    @Test func aCloseWordIsSuggested() {
        #expect(Suggestion.closest(to: "prss", among: ["press", "say", "key"]) == "press")
        #expect(Suggestion.closest(to: "zzzzzz", among: ["press", "say", "key"]) == nil)
    }

    @Test(arguments: [
        (Diagnostics.SourceLocation(file: "a.swy", line: 3, column: 5), "a.swy:3:5: error: bad"),
        (Diagnostics.SourceLocation(file: "a.swy", line: 3), "a.swy:3: error: bad"),
        (Diagnostics.SourceLocation(file: "app.json", path: "root/children[2]"), "app.json: root/children[2]: error: bad"),
        (Diagnostics.SourceLocation(file: "switchyard record"), "switchyard record: error: bad"),
    ])
    func everyDiagnosticHasOneShape(_ location: Diagnostics.SourceLocation, _ text: String) {
        #expect(Diagnostic(.error, "bad", at: location).description == text)
    }
}
