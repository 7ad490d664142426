import Testing
@testable import ScreenModel
@Test func placeholderScreenModel() { #expect(Bool(true)) }
