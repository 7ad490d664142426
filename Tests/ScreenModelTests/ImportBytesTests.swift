import Testing
@testable import ScreenModel

/// The byte comparisons the importers use on names and values read in
/// place from libxml2's buffers.
@Suite struct ImportBytesTests {
    /// Runs `body` with `text`'s UTF-8 bytes as a buffer.
    private func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    @Test(arguments: [
        ("true", "true", true), ("true", "True", false), ("true", "tru", false), ("tru", "true", false),
        ("", "", true), ("", "a", false), ("a", "", false), ("é", "é", true), ("é", "e", false),
    ])
    func equalBytes(_ a: String, _ b: String, _ equal: Bool) {
        #expect(withBytes(a) { x in withBytes(b) { x.equals($0) } } == equal)
    }

    @Test func literals() {
        #expect(withBytes("false") { $0.equals("false") })
        #expect(!withBytes("false ") { $0.equals("false") })
        #expect(!withBytes("fals") { $0.equals("false") })
        #expect(withBytes("") { $0.equals("") })
        // A one-character literal is a StaticString without a pointer of its own.
        #expect(withBytes("x") { $0.equals("x") })
        #expect(withBytes("XCUIElementTypeButton") { $0.hasPrefix(AppiumElementType.prefixBytes) })
        #expect(withBytes("XCUIElementType") { $0.hasPrefix(AppiumElementType.prefixBytes) })
        #expect(!withBytes("XCUIElementTyp") { $0.hasPrefix(AppiumElementType.prefixBytes) })
        #expect(!withBytes("xCUIElementTypeButton") { $0.hasPrefix(AppiumElementType.prefixBytes) })
        #expect(withBytes("anything") { $0.hasPrefix("") })
        #expect(!withBytes("") { $0.hasPrefix("a") })
    }

    /// The type table finds a name again by its bytes, whether it came as
    /// a tag or a `type` value, and keeps at most `capacity` names.
    @Test func typeTable() {
        var table = AppiumElementTypeTable()
        let button = withBytes("XCUIElementTypeButton") { table.type(named: $0) }
        #expect(button.index == 0)
        #expect(button.type == AppiumElementType("XCUIElementTypeButton"))
        #expect(withBytes("Button") { table.type(named: $0) }.index == 1)
        #expect(withBytes("XCUIElementTypeButton") { table.type(named: $0) }.index == 0)
        #expect(table.name(at: 1) == "Button")
        for k in 2..<AppiumElementTypeTable.capacity {
            #expect(withBytes("XCUIElementTypeFuture\(k)") { table.type(named: $0) }.index == k)
        }
        let beyond = withBytes("XCUIElementTypeSwitch") { table.type(named: $0) }
        #expect(beyond.index == nil)
        #expect(beyond.type == AppiumElementType("Switch"))
        #expect(withBytes("XCUIElementTypeFuture2") { table.type(named: $0) }.index == 2)
        #expect(withBytes("XCUIElementTypeButton") { table.type(named: $0) }.index == 0)
    }
}
