import Diagnostics
import Testing
import ScreenModel
import SwitchyardEngine
@testable import ScanBench

/// A user-model or weights file that cannot be used, and a user that the
/// settings cannot serve, fail with the one `Diagnostic`: at the file's
/// line and column, or (settings against a user) with no place, for the
/// command to put at the file that made it.
@Suite struct BenchFileTests {
    @Test func userModelErrorsAreDiagnosticsAtTheirValue() {
        #expect(throws: Diagnostic(.error, "'reaction-time' cannot be a string; expected a number", at: SourceLocation(file: "u.json", line: 1, column: 19))) {
            try UserModel.load(json: Array(#"{"reaction-time": "x"}"#.utf8), file: "u.json")
        }
        #expect(throws: Diagnostic(.error, "a user-model file is one JSON object of settings by name", at: SourceLocation(file: "u.json", line: 1, column: 1))) {
            try UserModel.load(json: Array("[1]".utf8), file: "u.json")
        }
        #expect(throws: Diagnostic(.error, "expected a quoted member name, found end of file", at: SourceLocation(file: "u.json", line: 1, column: 23))) {
            try UserModel.load(json: Array(#"{"reaction-time": 0.5,"#.utf8), file: "u.json")
        }
    }

    @Test func weightsErrorsAreDiagnosticsAtTheirValue() {
        #expect(throws: Diagnostic(.error, "the weight of 'Pay' cannot be -3; expected a number from 0 to 1e12", at: SourceLocation(file: "w.json", line: 1, column: 9))) {
            try TargetWeights.load(json: Array(#"{"Pay": -3}"#.utf8), file: "w.json")
        }
    }

    @Test func aPressShorterThanTheHoldDurationIsADiagnosticWithNoPlace() {
        var settings = SwitchControlSettings()
        settings.holdDuration = .milliseconds(200)
        var user = UserModel()
        user.pressLength = .milliseconds(100)
        let app = TestScreens.grid(count: 3, columns: 3)
        #expect(throws: Diagnostic(.error, "the user's press length 0.1s is shorter than the Hold Duration 0.2s: no press would count; lengthen press-length or shorten hold-duration")) {
            try SwitchScanModel(screen: app.screens[0], settings: settings, user: user)
        }
    }
}
