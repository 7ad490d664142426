import Testing
@testable import InputDevices

/// The line editor of the utterance prompt, on the bytes a raw terminal sends.
@Suite struct UtterancePromptTests {
    /// What an always-open prompt makes of `bytes` fed in one read: the
    /// actions, and the line left being typed.
    static func typed(_ bytes: [UInt8]) -> ([UtterancePrompt.Action], String) {
        var p = UtterancePrompt(closesAfterLine: false)
        let (actions, used) = p.feed(bytes[...])
        #expect(used == bytes.count)
        return (actions, p.line)
    }

    static func text(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test(arguments: [
        (text("tap Pay\r"), [UtterancePrompt.Action.utterance("tap Pay")], ""),
        (text("tap Pay\n"), [.utterance("tap Pay")], ""),
        (text("  show numbers  \r"), [.utterance("show numbers")], ""),
        (text("tap Pax") + [0x7f] + text("y\r"), [.utterance("tap Pay")], ""),
        (text("tap Pa") + [0x08, 0x08] + text("Pay"), [], "tap Pay"),
        (text("tap the big") + [0x17] + text("Pay"), [], "tap the Pay"),
        (text("tap the big ") + [0x17], [], "tap the "),
        (text("nonsense") + [0x15] + text("go back\r"), [.utterance("go back")], ""),
        (text("\r   \r"), [], ""),
        (text("tap") + [0x1b], [.escape], ""),
        (text("tap") + [0x1b, 0x1b] + text("x"), [.escape], ""),                                              // Escape, then Alt-x
        ([0x1b, 0x1b, 0x1b, 0x1b, 0x1b], [.escape, .escape, .escape, .escape, .escape], ""),
        (text("tap") + [0x1b, 0x5b, 0x44, 0x1b, 0x5b, 0x31, 0x3b, 0x35, 0x41] + text(" Pay"), [], "tap Pay"),   // arrows ignored
        (text("tap") + [0x1b, 0x4f, 0x50] + text(" Pay"), [], "tap Pay"),                                      // F1 (ESC O P) ignored
        (text("tap") + [0x1b] + text("z Pay"), [], "tap Pay"),                                                 // Alt-z ignored
        (text("tap\tPay") + [0x01, 0x7e], [], "tapPay~"),
        (text("ok") + [0x03], [.interrupt], "ok"),
        (text("ok") + [0x04], [.quit], "ok"),
        (text("tap Café\r"), [.utterance("tap Café")], ""),
        (text("タップ ３\r"), [.utterance("タップ ３")], ""),
        (text("a") + [0xc3] + text("b") + [0xff, 0x80], [], "ab"),                                             // broken UTF-8 dropped
        (text("a") + [0xc2, 0x85] + text("b"), [], "ab"),                                                      // a C1 control dropped
    ] as [([UInt8], [UtterancePrompt.Action], String)])
    func bytesEditTheLine(_ bytes: [UInt8], _ actions: [UtterancePrompt.Action], _ line: String) {
        let (got, left) = Self.typed(bytes)
        #expect(got == actions)
        #expect(left == line)
    }

    /// A character whose bytes come in two reads is kept until the last one arrives.
    @Test func aCharacterSplitAcrossReadsIsKept() {
        var p = UtterancePrompt(closesAfterLine: false)
        let euro = Self.text("€")
        #expect(p.feed(Self.text("tap ") + euro.prefix(2)).actions == [])
        #expect(p.line == "tap ")
        #expect(p.feed(euro.suffix(1) + Self.text("\r")).actions == [.utterance("tap €")])
    }

    /// A prompt that `:` opens closes after Return or Escape and leaves the
    /// bytes after that key to its caller.
    @Test func aPromptThatClosesLeavesTheRestToItsCaller() {
        var p = UtterancePrompt(closesAfterLine: true)
        #expect(!p.isOpen)
        #expect(p.feed(Self.text("ignored")[...]) == ([], 0))
        p.open()
        let bytes = Self.text("tap Pay\rnext")
        #expect(p.feed(bytes[...]) == ([.utterance("tap Pay")], 8))
        #expect(!p.isOpen)
        p.open()
        #expect(p.feed((Self.text("oops") + [0x1b, 0x1b])[...]) == ([.escape], 5))
        #expect(!p.isOpen)
        #expect(p.line == "")
    }

    /// Nothing typed after Ctrl-C or Ctrl-D counts: the session is over.
    @Test func nothingCountsAfterTheEnd() {
        var p = UtterancePrompt(closesAfterLine: false)
        #expect(p.feed((Self.text("go") + [0x04] + Self.text(" back\r"))[...]) == ([.quit], 3))
        #expect(p.feed(([0x03] + Self.text("x\r"))[...]) == ([.interrupt], 1))
    }

    @Test func theLineStopsAtItsLimit() {
        let (_, line) = Self.typed([UInt8](repeating: UInt8(ascii: "a"), count: UtterancePrompt.maximumLength + 50))
        #expect(line.count == 1000)
    }
}
