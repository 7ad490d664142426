import Foundation

/// Something tests need from the machine (umockdev's preload, a program on
/// the `PATH`), and the `SWITCHYARD_REQUIRE_*` variable that makes its
/// absence a failure: the one rule for every such test.
///
/// A suite that needs it is enabled by `runs`, with `skipReason`:
/// ```swift
/// @Suite(.enabled(if: Requirement.rsvgConvert.runs, Comment(rawValue: Requirement.rsvgConvert.skipReason)))
/// ```
/// Without it, the run reports the suite's tests as skipped, saying why;
/// where CI requires it (`.ci/run` sets the variables) they run, and fail
/// on what is missing.
public struct Requirement: Sendable {
    /// Whether this machine has it.
    public let isMet: Bool
    /// The environment variable that requires it (`SWITCHYARD_REQUIRE_RSVG`).
    public let variable: String
    /// Why the tests are skipped without it, and how to get it.
    public let skipReason: String

    public init(isMet: Bool, variable: String, skipReason: String) {
        self.isMet = isMet
        self.variable = variable
        self.skipReason = skipReason
    }

    /// Whether the environment requires it (`VARIABLE=1`).
    public var isRequired: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// Whether the tests that need it run: the machine has it, or it is
    /// required (and then they fail).
    public var runs: Bool { isMet || isRequired }

    /// umockdev's preload in `LD_PRELOAD` and a pseudo-terminal (umockdev
    /// backs its device nodes with them).
    public static let umockdev = Requirement(
        isMet: Testbed.isPreloaded && PseudoTerminal.isAvailable, variable: "SWITCHYARD_REQUIRE_UMOCKDEV",
        skipReason: Testbed.isPreloaded
            ? "umockdev backs its device nodes with pseudo-terminals, and /dev/pts is not mounted here"
            : Testbed.skipMessage)

    /// `rsvg-convert` (Debian package `librsvg2-bin`).
    public static let rsvgConvert = Requirement(
        isMet: program(named: ["rsvg-convert"]) != nil, variable: "SWITCHYARD_REQUIRE_RSVG",
        skipReason: "rsvg-convert is not installed (Debian package librsvg2-bin); make test installs it")

    /// Chromium (Debian package `chromium`).
    public static let chromium = Requirement(
        isMet: program(named: ["chromium", "chromium-browser"]) != nil, variable: "SWITCHYARD_REQUIRE_CHROMIUM",
        skipReason: "Chromium is not installed (Debian package chromium); make test installs it")

    /// A desktop session: an X display and a session bus (`DISPLAY`,
    /// `DBUS_SESSION_BUS_ADDRESS`), where the AT-SPI tests start GTK apps.
    public static let desktopSession = Requirement(
        isMet: ["DISPLAY", "DBUS_SESSION_BUS_ADDRESS"].allSatisfy { !(ProcessInfo.processInfo.environment[$0] ?? "").isEmpty },
        variable: "SWITCHYARD_REQUIRE_ATSPI",
        skipReason: "no desktop session (DISPLAY, DBUS_SESSION_BUS_ADDRESS); make test runs these under xvfb-run and dbus-run-session")

    /// The first of `names` found executable in a directory of the `PATH`.
    public static func program(named names: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            for name in names {
                let candidate = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }
}
