import Testing
@testable import ScreenModel

/// The normalisation of spoken names (spec 3.3 rules 1–3).
@Suite struct SpokenTextTests {
    @Test(arguments: [
        ("Wi-Fi", "wifi"), ("  Add   to\tCart ", "add to cart"), ("Latte, €3.50", "latte 350"), ("ＷＩ－ＦＩ", "wifi"),
        ("ﬁle", "file"), ("①", "1"), ("ｶﾞｲﾄﾞ", "ガイド"), ("１２月", "12月"), ("Siri & Search", "siri search"),
        ("ÉCOLE", "école"), ("رسالة جديدة", "رسالة جديدة"), ("Play ▶︎", "play"), ("Don't", "dont"),
    ])
    func normalises(_ label: String, _ expected: String) {
        #expect(SpokenText.normalize(label) == expected)
    }

    /// Empty labels and labels of emoji, symbols or private-use glyphs only are not speakable.
    @Test(arguments: ["", "   ", "⭐️", "😀👍", "→", "\u{F8FF}", "1️⃣", "•••", "+"])
    func unspeakable(_ label: String) {
        #expect(!SpokenText.isSpeakable(label))
    }

    @Test(arguments: ["3", "OK", "検索", "٣", "a"])
    func speakable(_ label: String) {
        #expect(SpokenText.isSpeakable(label))
    }
}
