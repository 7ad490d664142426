import Testing
@testable import Scripting
@Test func placeholderScripting() { #expect(Bool(true)) }
