import DeviceTestbed
import Foundation
import Glibc
import Testing
@testable import InputDevices

/// `switchyard live` with Full Keyboard Access and Voice Control on a
/// pseudo-terminal, as a whole process: typed keys and utterances reach the
/// session, `--record` keeps them, and `switchyard replay` of the recording
/// gives the same transcript.
extension HardwareTests {
    @Suite(.enabled(if: PseudoTerminal.isAvailable, "needs a pseudo-terminal (/dev/pts): not mounted here"))
    struct LiveTechnologyProcess {
        /// Runs `live ARGUMENTS` on a pseudo-terminal, types each of `typing`
        /// once the output shows its text, and waits for the end.
        func live(_ arguments: [String], typing: [(after: String, keys: [UInt8])]) throws -> ToolProcess {
            let pty = try PseudoTerminal()
            let tool = try ToolProcess(["live"] + arguments, stdin: pty.slave)
            for (after, keys) in typing {
                #expect(tool.waitForOutput(containing: after), "no '\(after)' in \(tool.stdout)")
                ToolProcess.type(keys, to: pty.master)
            }
            let end = tool.wait()
            #expect(end.reason == .exit)
            #expect(pty.canonical)
            return tool
        }

        /// `--technology voice` alone: the terminal is the prompt (the
        /// default device); every line typed is an utterance, Ctrl-D ends.
        @Test func voiceHearsTheLinesTypedAtTheTerminal() throws {
            let scratch = try TemporaryDirectory()
            let tool = try live(["--technology", "voice", "--transcript", scratch.path("live.jsonl"), "--record", scratch.path("live.evemu")], typing: [
                ("0s device added \"Terminal keyboard\"\n", Array("show numbers\r".utf8)),
                (" overlay numbers: ", Array("3\r".utf8) + [0x04]),
            ])
            #expect(tool.wait().status == 0)
            #expect(tool.stderr == "switchyard live: input ended; devices released\n")
            let lines = tool.stdout.split(separator: "\n").map { String($0.split(separator: " ", maxSplits: 1)[1]) }
            #expect(lines.first == "screen home")
            #expect(lines.contains("device added \"Terminal keyboard\""))
            #expect(lines.last == "device removed \"Terminal keyboard\"")
            let recorded = try scratch.read("live.evemu")
            #expect(recorded.hasPrefix("# switchyard-recording: 1\n# input: 0.000000 device-added \"Terminal keyboard\"\n# input: "))
            #expect(recorded.contains(" utterance \"show numbers\"\n# input: "))

            let replay = try ToolProcess(["replay", scratch.path("live.evemu"), "--technology", "voice", "--format", "json"])
            #expect(replay.wait().status == 0)
            #expect(replay.stderr == "replaying the inputs recorded at the terminal\n")
            #expect(replay.stdout == (try scratch.read("live.jsonl")))
        }

        /// `--technology keyboard,voice --device terminal`: keys go to Full
        /// Keyboard Access, `:` opens the prompt for an utterance; the
        /// recording replays to the same transcript.
        @Test func keysAndTheColonPromptShareTheTerminal() throws {
            let scratch = try TemporaryDirectory()
            let tool = try live(["--technology", "keyboard,voice", "--device", "terminal",
                                 "--transcript", scratch.path("live.jsonl"), "--record", scratch.path("live.evemu")], typing: [
                ("0s device added \"Terminal keyboard\"\n", [0x09]),
                (" focused ", Array(":show names\r".utf8)),
                (" overlay names: ", [0x1b, 0x5b, 0x5a] + [0x04]),   // Shift-Tab, Ctrl-D
            ])
            #expect(tool.wait().status == 0)
            let recorded = try scratch.read("live.evemu")
            #expect(recorded.contains(" key KEY_TAB down\n"))
            #expect(recorded.contains(" utterance \"show names\"\n"))
            #expect(recorded.contains(" key shift+KEY_TAB up\n"))

            let replay = try ToolProcess(["replay", scratch.path("live.evemu"), "--technology", "keyboard,voice", "--format", "json"])
            #expect(replay.wait().status == 0)
            #expect(replay.stdout == (try scratch.read("live.jsonl")))
            #expect(replay.stdout.contains(#""technology":"voice""#))
            #expect(replay.stdout.contains(#""technology":"keyboard""#))
        }

        /// Five Escapes within 2 s leave the session, also while the prompt is open.
        @Test func theEmergencyChordWorksWhileThePromptIsOpen() throws {
            let tool = try live(["--technology", "keyboard,voice", "--device", "terminal"], typing: [
                ("0s device added \"Terminal keyboard\"\n", Array(":tap".utf8) + [0x1b, 0x1b, 0x1b, 0x1b, 0x1b]),
            ])
            #expect(tool.wait().status == 3)
            #expect(tool.stderr == "switchyard live: emergency exit: Escape pressed 5 times within 2s; devices released\n")
        }
    }
}

/// `switchyard live` on umockdev devices with Full Keyboard Access and Voice Control.
extension UmockdevTests {
    @Suite struct LiveTechnologyDevices {
        /// `--technology keyboard`: the Xbox pad's right shoulder is Tab.
        @Test func aControllerMovesTheFocus() throws {
            let testbed = try Testbed()
            try testbed.add(.xboxPad)
            let tool = try ToolProcess(["live", "--technology", "keyboard", "--device", testbed.devnode(.xboxPad)])
            #expect(tool.waitForOutput(containing: "0s device added \"Microsoft X-Box 360 pad\"\n"))
            let now = Date().timeIntervalSince1970
            try testbed.inject(.xboxPad, [ev(now, "EV_KEY", "BTN_TR", 1), syn(now), ev(now, "EV_KEY", "BTN_TR", 0), syn(now)])
            #expect(tool.waitForOutput(containing: " focused \"Cart\" {320, 60, 54×32}\n"))
            tool.send(SIGTERM)
            #expect(tool.wait().status == 143)
            #expect(tool.stderr == "switchyard live: stopped by SIGTERM; devices released\n")
        }

        /// Voice Control beside Switch Control on a switch box: the terminal
        /// is the prompt. The recording keeps the box's events and the
        /// typed utterance, and replays to the same transcript.
        @Test func theTerminalIsThePromptBesideADevice() throws {
            let testbed = try Testbed()
            try testbed.add(.switchBox)
            let pty = try PseudoTerminal()
            let scratch = try TemporaryDirectory()
            let tool = try ToolProcess(["live", "--technology", "switch-control,voice", "--device", testbed.devnode(.switchBox),
                                        "--transcript", scratch.path("live.jsonl"), "--record", scratch.path("live.evemu")], stdin: pty.slave)
            #expect(tool.waitForOutput(containing: "0s device added \"Terminal keyboard\"\n"))
            #expect(tool.stdout.contains("0s device added \"Switchyard Test 2-Switch Box\"\n"))
            ToolProcess.type(Array("tap Cart\r".utf8), to: pty.master)
            #expect(tool.waitForOutput(containing: " tap \"Cart\""))
            tool.send(SIGTERM)
            #expect(tool.wait().status == 143)
            #expect(pty.canonical)
            let replay = try ToolProcess(["replay", scratch.path("live.evemu"), "--technology", "switch-control,voice", "--format", "json"])
            #expect(replay.wait().status == 0)
            #expect(replay.stdout == (try scratch.read("live.jsonl")))
            #expect(replay.stdout.hasSuffix(#""event":"deviceRemoved","device":"Terminal keyboard"}"# + "\n"))
        }
    }
}
