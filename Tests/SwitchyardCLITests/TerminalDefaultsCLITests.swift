import DeviceTestbed
import Foundation
import Testing

/// `live --device terminal` with no settings file: the README's
/// "Space = select, Enter = next" holds. The terminal's inputs, recorded as
/// input lines and replayed through the same session setup `live` uses:
/// Enter's `next` and `p`'s `previous` move the highlight (they were
/// `ignored next down (unassignedSwitch)`).
@Suite struct TerminalDefaultsCLITests {
    static let recording = """
        # switchyard-recording: 1
        # input: 0.000000 device-added "Terminal keyboard"
        # input: 0.300000 switch-down "next"
        # input: 0.300000 switch-up "next"
        # input: 0.600000 switch-down "next"
        # input: 0.600000 switch-up "next"
        # input: 0.900000 switch-down "previous"
        # input: 0.900000 switch-up "previous"
        # input: 1.200000 switch-down "select"
        # input: 1.200000 switch-up "select"
        # input: 1.500000 device-removed "Terminal keyboard"

        """

    @Test func enterAndPMoveTheHighlightWithTheDefaultSettings() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("terminal.evemu", Self.recording)
        let r = try switchyard(["replay", "terminal.evemu"], in: scratch.url)
        #expect(r.status == 0)
        #expect(r.stdout == """
            0s screen home
            0s highlighted "Cart" {320, 60, 54×32}
            0s device added "Terminal keyboard"
            0.3s highlighted "Search products" {16, 120, 358×40}
            0.6s highlighted group of 5 {0, 200, 390×360}
            0.9s highlighted "Search products" {16, 120, 358×40}
            1.2s menu shown: "Tap", "Point Mode", "Escape"
            1.2s highlighted menu item "Tap"
            1.5s device removed "Terminal keyboard"

            """)
    }
}
