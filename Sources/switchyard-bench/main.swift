import Foundation

/// switchyard-bench: speed figures, one JSON line per benchmark. Build in
/// release mode: `swift run -c release switchyard-bench [NAME…]`;
/// `umockdev-wrapper swift run -c release switchyard-bench input-latency idle-cpu`
/// for the live-input benchmarks.
let available: [(String, () -> [String])] = [
    ("screen-model", ScreenModelBench.run),
    ("json-tape-parse", { [ScreenModelBench.tapeParse()] }),
    ("appium-import", AppiumImportBench.run),
    ("android-import", AndroidImportBench.run),
    ("inspect", InspectBench.run),
    ("run-output", RunOutputBench.run),
    ("switch-control", { [runSwitchControlBench()] }),
    ("voice-control", { [runVoiceControlBench()] }),
    ("keyboard", { [runKeyboardBench()] }),
    ("scan-bench", runScanBenchBench),
    // Live input path; run under `umockdev-wrapper` (without it input-latency
    // and the testbed line of idle-cpu report "skipped").
    ("input-latency", InputLatencyBench.run),
    ("idle-cpu", IdleCPUBench.run),
    // A running GTK app over AT-SPI; needs a desktop session (xvfb-run -a dbus-run-session --).
    ("atspi-snapshot", DesktopSnapshotBench.run),
]

let wanted = Array(CommandLine.arguments.dropFirst())
let unknown = wanted.filter { w in !available.contains { $0.0 == w } }
if !unknown.isEmpty {
    FileHandle.standardError.write(Data("switchyard-bench: unknown benchmark \(unknown.joined(separator: ", ")); expected: \(available.map(\.0).joined(separator: ", "))\n".utf8))
    exit(2)
}
for (name, run) in available where wanted.isEmpty || wanted.contains(name) {
    for line in run() { print(line) }
}
