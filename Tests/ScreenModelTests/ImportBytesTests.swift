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

    /// The importers reserve their tables at the count of start tags: never
    /// below the elements (a `<` in a comment or CDATA counts too), and
    /// exact for a capture; a `<` at the very end counts nothing.
    @Test(arguments: [
        ("", 0), ("<", 0), ("<a/>", 1), ("<a></a>", 1), ("</a>", 0), ("<?xml version=\"1.0\"?>", 0), ("<!-- <b> -->", 1),
        ("<![CDATA[<c>]]>", 1), ("<a><b x=\"1 &lt; 2\"/><b/></a>", 3), ("text < more", 1), ("<<", 1),
    ])
    func startTagsBoundTheElementCount(_ text: String, _ count: Int) {
        #expect(StartTags.upperBound(Array(text.utf8)) == count)
    }

    @Test(arguments: [
        "ios-appium/ios-calendar-date-time-ja_390x844.xml", "ios-appium/ios-settings-keyboards_390x844.xml",
        "ios-appium/ios-settings-top_390x844.xml", "ios-appium/ios-webview-terms_390x844.xml",
        "android/android-settings-network_1080x2088.xml", "android/android-settings-top_1080x2088.xml",
        "android/uiautomator-dump-sign-in_1080x2400.xml",
    ])
    func startTagsOfACaptureAreItsElements(_ file: String) throws {
        let bytes = try fixtureBytes(file)
        let elements = file.hasPrefix("ios")
            ? try AppiumImporter(file: file).importApp(bytes).screens[0].elements.count
            : try AndroidImporter(file: file).importCapture(bytes).app.screens[0].elements.count
        // Appium's wrapper, <AppiumAUT>, is a start tag and no element;
        // UiAutomator's <hierarchy> is the screen's root element.
        #expect(StartTags.upperBound(bytes) == elements + (file.hasPrefix("ios") ? 1 : 0))
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
