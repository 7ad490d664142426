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

    /// Attribute names are found again by address, but an address that
    /// comes to hold another name reads as that name.
    @Test func attributeNamesByAddress() {
        var names = XMLAttributeNames(JSONKeys(["x", "y", "label", "value"]))
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 2048)
        defer { buffer.deallocate() }
        func spell(_ text: String) -> UnsafePointer<UInt8> {
            let bytes = Array(text.utf8)
            for (k, b) in bytes.enumerated() { buffer[k] = b }
            buffer[bytes.count] = 0
            return UnsafePointer(buffer)
        }
        #expect(names.index(of: spell("label")) == 2)
        #expect(names.index(of: spell("label")) == 2)
        #expect(names.index(of: spell("value")) == 3)
        #expect(names.index(of: spell("x")) == 0)
        #expect(names.index(of: spell("y")) == 1)
        #expect(names.index(of: spell("index")) == -1)
        #expect(names.index(of: spell("index")) == -1)
        #expect(names.index(of: spell("lab")) == -1)
        #expect(names.index(of: spell("labels")) == -1)
        #expect(names.index(of: spell("")) == -1)
        #expect(names.index(of: spell(String(repeating: "a", count: 1500))) == -1)
        #expect(names.index(of: spell("label")) == 2)
        // Many distinct names at one address: each reads as itself (the remembered bytes are dropped now and then).
        for k in 0..<10_000 { #expect(names.index(of: spell("name\(k)")) == -1) }
        #expect(names.index(of: spell("value")) == 3)
    }

    /// More addresses than slots: each still reads as its own name, in any order.
    @Test func attributeNamesAtManyAddresses() {
        var names = XMLAttributeNames(JSONKeys(["x", "y", "label", "value"]))
        let spellings = ["x", "y", "label", "value", "index", "name"]
        let strings = (0..<200).map { k -> UnsafeMutablePointer<UInt8> in
            let bytes = Array(spellings[k % spellings.count].utf8) + [0]
            let p = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
            p.initialize(from: bytes, count: bytes.count)
            return p
        }
        defer { strings.forEach { $0.deallocate() } }
        let expected = [0, 1, 2, 3, -1, -1]
        for round in 0..<3 {
            for k in (round == 1 ? Array((0..<200).reversed()) : Array(0..<200)) {
                #expect(names.index(of: UnsafePointer(strings[k])) == expected[k % spellings.count])
            }
        }
    }
}
