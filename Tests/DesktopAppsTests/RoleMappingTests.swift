import CAtspi
import DesktopApps
import ScreenModel
import Testing

/// The role table, without a desktop: what each kind of AT-SPI object becomes.
@Suite struct RoleMappingTests {
    func states(_ list: [AtspiStateType]) -> AtspiStates {
        AtspiStates(bits: list.reduce(0) { $0 | 1 << UInt64($1.rawValue) })
    }

    @Test func gtkEntryIsATextFieldAndALabelIsText() {
        let editable = states([ATSPI_STATE_SHOWING, ATSPI_STATE_VISIBLE, ATSPI_STATE_EDITABLE])
        #expect(AtspiRoleMapping.kind(role: "text", states: editable, interfaces: []) == .textField)
        #expect(AtspiRoleMapping.kind(role: "text", states: states([ATSPI_STATE_SHOWING]), interfaces: []) == .staticText)
        #expect(AtspiRoleMapping.kind(role: "label", states: editable, interfaces: []) == .textField)
        #expect(AtspiRoleMapping.kind(role: "push button", states: editable, interfaces: []) == .button)
        #expect(AtspiRoleMapping.kind(role: "check box", states: editable, interfaces: []) == .toggle)
        #expect(AtspiRoleMapping.kind(role: "separator", states: editable, interfaces: []) == .omitted)
        #expect(AtspiRoleMapping.kind(role: "filler", states: editable, interfaces: []) == .plain)
    }

    @Test func statesAreReadFromTheTwoWordsOfTheSet() {
        // ATSPI_STATE_SHOWING is bit 25, ATSPI_STATE_VISIBLE bit 30, ATSPI_STATE_MODAL bit 16.
        let s = AtspiStates(words: [.uint32(1 << 25 | 1 << 30 | 1 << 16), .uint32(0)])
        #expect(s.isShowing)
        #expect(s.isModal)
        #expect(!s.isEnabled)
        #expect(!s.isOn)
    }
}
