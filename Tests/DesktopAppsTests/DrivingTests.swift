import DesktopApps
import ScanBench
import ScreenModel
import SwitchyardEngine
import Testing

extension OnTheDesktop {
    /// The engine driving the real fixture app over AT-SPI: each technology's
    /// action reaches the app (it prints what it received), and the app's
    /// changes come back as new screens.
    @Suite struct DrivingTests {
        func start(_ configuration: SessionConfiguration = SessionConfiguration()) throws -> (FixtureApp, DrivenApp) {
            let app = try FixtureApp.fixture()
            let reader = try AtspiReader()
            let live = try LiveDesktopApp(reader: reader, app: try app.registered(on: reader))
            return (app, try DrivenApp(live, configuration))
        }

        @Test(.desktopSession) func theSnapshotHasTheFixturesElementsTraitsAndFrames() throws {
            let (_, d) = try start()
            let s = d.session.currentScreen
            func row(_ label: String) -> String {
                guard let k = d.element(label) else { return "missing" }
                return "\(s.traits(of: k)) \(s.frames[k]) \(s.value(of: k) ?? "-")"
            }
            #expect(s.name == "Switchyard Fixture")
            #expect(row("Save") == "button {20, 20, 120×40} -")
            #expect(row("Open Dialog") == "button {160, 20, 120×40} -")
            #expect(row("Bold") == "button, toggle {300, 20, 120×40} -")
            #expect(row("Notify me") == "button, toggle {20, 80, 160×30} -")
            #expect(row("Volume") == "adjustable {20, 130, 260×45} 50")
            #expect(row("Name") == "searchField {20, 190, 260×34} -")
            #expect(row("Colors") == "button, selected {41, 244, 41×30} -")
            #expect(row("Shapes") == "button {114, 244, 47×30} -")
            #expect(row("Red") == "button {21, 278, 418×21} -")
            #expect(row("Green") == "button {21, 299, 418×21} -")
            #expect(row("Blue") == "button {21, 320, 418×21} -")
            // The other page's buttons do not show: they are hidden.
            let circle = try #require(d.element("Circle"))
            #expect(s.elements[circle].hidden)
            let volume = try #require(d.element("Volume"))
            #expect(s.elements[volume].range == ValueRange(minimum: 0, maximum: 100, step: 10))
            #expect(d.live.snapshot.appModel.platform == .linux)
        }

        @Test(.desktopSession) func autoScanningSelectsAButtonAndTheAppReceivesTheClick() throws {
            let (app, d) = try start()
            // Save, Open Dialog and Bold share a row: Switch Control scans it as a group first.
            #expect(d.events.contains { $0.event == .highlighted(.group(frame: Rect(x: 20, y: 20, width: 400, height: 40), count: 3)) })
            #expect(d.tap("Save"))
            #expect(d.events.contains { if case .activated(let r?, _) = $0.event { return r.label == "Save" }; return false })
            #expect(app.waitFor("clicked Save"))
            _ = app
        }

        @Test(.desktopSession) func theSliderMovesByItsStepThroughTheScannerMenu() throws {
            let (app, d) = try start()
            #expect(d.scan(to: "Volume"))
            d.press(.select)
            #expect(d.scan(to: "menu Increment"))
            d.press(.select)
            #expect(app.waitFor("value Volume 60"))
            try d.awaitChange()
            let volume = try #require(d.element("Volume"))
            #expect(d.session.value(of: volume) == "60")
        }

        @Test(.desktopSession) func theModalDialogTrapsScanningAndItsDismissalReturnsFocus() throws {
            let (app, d) = try start()
            #expect(d.tap("Open Dialog"))
            #expect(app.waitFor("dialog shown"))
            let opened = try d.awaitChange()
            #expect(opened.contains { $0.event == .screenChanged(screen: "Confirm") })
            #expect(d.session.currentScreen.name == "Confirm")
            // Two passes of auto scanning stay inside the dialog.
            let before = d.events.count
            d.advance(by: .seconds(12))
            let seen = Set(DrivenApp.highlighted(Array(d.events[before...])))
            #expect(seen.contains("Cancel"))
            #expect(seen.contains("OK"))
            #expect(!seen.contains("Save"))
            #expect(!seen.contains("Volume"))
            #expect(d.tap("Cancel"))
            #expect(app.waitFor("dialog Cancel"))
            let closed = try d.awaitChange()
            #expect(d.session.currentScreen.name == "Switchyard Fixture")
            #expect(closed.contains { if case .focusRestored(let r) = $0.event { return r.label == "Open Dialog" }; return false })
            #expect(d.highlight == "Open Dialog")
        }

        @Test(.desktopSession) func aNotebookTabSwitchGivesANewScreenAndTheScanResumesOnIt() throws {
            var settings = SwitchControlSettings()
            settings.focusedItemAfterTap = .currentItem
            let (app, d) = try start(SessionConfiguration(technology: .switchControl(settings)))
            #expect(d.tap("Shapes"))
            #expect(app.waitFor("page Shapes"))
            let changed = try d.awaitChange()
            #expect(changed.contains { if case .screenUpdated("Switchyard Fixture", _) = $0.event { return true }; return false })
            let s = d.session.currentScreen
            #expect(!s.elements[try #require(d.element("Circle"))].hidden)
            #expect(!s.elements[try #require(d.element("Square"))].hidden)
            // The Colors page does not show: its list is hidden (its rows, never made by GTK, are not read).
            #expect(d.element("Red").map { s.elements[$0].hidden } ?? true)
            let shapes = try #require(d.element("Shapes"))
            #expect(d.session.currentScreen.traits(of: shapes).contains(.selected))
            // Focused Item After Tap: the cursor stays on the tab, and scanning goes on from it.
            #expect(d.highlight == "Shapes")
            let before = d.events.count
            d.advance(by: .seconds(3))
            #expect(!DrivenApp.highlighted(Array(d.events[before...])).isEmpty)
        }

        @Test(.desktopSession) func fullKeyboardAccessMovesTheAppsRealFocusAndActivates() throws {
            let (app, d) = try start(SessionConfiguration(technology: .keyboard(KeyboardAccessSettings())))
            d.input(.key(KeyStroke(key: .tab, phase: .down)))
            d.input(.key(KeyStroke(key: .tab, phase: .up)), after: .milliseconds(50))
            let focused = try #require(d.events.compactMap { if case .focused(let r) = $0.event { return r }; return nil }.last)
            try d.awaitChange()
            // GrabFocus moved GTK's own focus: AT-SPI reports it on that widget.
            let real = try #require(d.live.snapshot.focused)
            #expect(d.session.currentScreen.label(of: real) == focused.label)
            d.input(.key(KeyStroke(key: .space, phase: .down)))
            d.input(.key(KeyStroke(key: .space, phase: .up)), after: .milliseconds(50))
            let expected: [String: String] = ["Save": "clicked Save", "Open Dialog": "dialog shown", "Bold": "toggled Bold on", "Notify me": "toggled Notify me on"]
            let line = try #require(expected[focused.label ?? ""], "focus went to \(focused)")
            #expect(app.waitFor(line))
        }

        @Test(.desktopSession) func voiceControlTapsByNameAndByNumber() throws {
            let (app, d) = try start(SessionConfiguration(technology: .voiceControl(VoiceControlSettings())))
            d.input(.utterance("tap Save"))
            #expect(app.waitFor("clicked Save"))
            let shown = d.input(.utterance("show numbers"))
            let overlay = try #require(shown.compactMap { if case .overlayShown(let o) = $0.event { return o }; return nil }.last)
            let three = try #require(overlay.badges.first { $0.number == 3 })
            let label = try #require(three.element).label
            d.input(.utterance("tap 3"))
            let expected: [String: String] = ["Save": "clicked Save", "Open Dialog": "dialog shown", "Bold": "toggled Bold on", "Notify me": "toggled Notify me on"]
            let line = try #require(expected[label ?? ""], "number 3 is \(label ?? "nothing")")
            #expect(app.waitFor(line))
        }

        @Test(.desktopSession) func gtk3WidgetFactoryReadsWholeAndEveryStopIsReachable() throws {
            try DesktopSession.require()
            let factory = try FixtureApp("/usr/bin/gtk3-widget-factory")
            let reader = try AtspiReader()
            let app = try factory.registered(on: reader)
            let snapshot = try reader.snapshot(app)
            let screen = snapshot.screen
            #expect(screen.elements.count >= 200, "\(screen.elements.count) elements")
            let model = snapshot.appModel
            let report = try Bench.switchControl(app: model, screen: screen, settings: SwitchControlSettings(), user: UserModel())
            // Insensitive widgets (the factory shows some on purpose) are not stops; every stop is reached.
            let unreachable = report.elements.filter { !$0.reachable && $0.notAStop == nil }
            #expect(unreachable.isEmpty, "\(unreachable.map { "\($0.path) \($0.label ?? "-"): \($0.unreachable ?? "")" })")
            #expect(report.elements.count >= 40)
        }
    }
}
