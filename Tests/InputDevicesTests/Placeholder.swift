import Testing
@testable import InputDevices
@Test func placeholderInputDevices() { #expect(Bool(true)) }
