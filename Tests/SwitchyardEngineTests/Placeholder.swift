import Testing
@testable import SwitchyardEngine
@Test func placeholderSwitchyardEngine() { #expect(Bool(true)) }
