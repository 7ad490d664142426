// swift-tools-version: 6.0
//
// Switchyard: Apple's assistive input technologies (Switch Control, Full
// Keyboard Access, Voice Control) simulated over screen models, driven by
// scripts or by real Linux input hardware. See docs/ARCHITECTURE.md.
import PackageDescription

let package = Package(
    name: "Switchyard",
    products: [
        .executable(name: "switchyard", targets: ["switchyard"]),
        .executable(name: "switchyard-bench", targets: ["switchyard-bench"]),
        .library(name: "Diagnostics", targets: ["Diagnostics"]),
        .library(name: "ScreenModel", targets: ["ScreenModel"]),
        .library(name: "SwitchyardEngine", targets: ["SwitchyardEngine"]),
        .library(name: "Transcript", targets: ["Transcript"]),
        .library(name: "InputDevices", targets: ["InputDevices"]),
        .library(name: "Scripting", targets: ["Scripting"]),
        .library(name: "Pictures", targets: ["Pictures"]),
        .library(name: "ScanBench", targets: ["ScanBench"]),
        .library(name: "Audit", targets: ["Audit"]),
        .library(name: "DesktopApps", targets: ["DesktopApps"]),
        // For the fuzz targets in Tests/SwitchyardFuzz (docs/fuzzing.md), a package of their own.
        .library(name: "DemoApp", targets: ["DemoApp"]),
    ],
    targets: [
        // MARK: - Core
        // The one diagnostic shape (typed, located, one renderer), "did you
        // mean", and terminal-safe text: used by every module.
        .target(name: "Diagnostics"),
        .target(name: "ScreenModel", dependencies: ["Diagnostics", "CLibxml2"]),
        .target(name: "SwitchyardEngine", dependencies: ["Diagnostics", "ScreenModel"]),
        // The transcript as JSON Lines (docs/transcript.md): one event's line,
        // and the stream run, live and replay write, which copies what recurs.
        .target(name: "Transcript", dependencies: ["ScreenModel", "SwitchyardEngine"]),
        .target(name: "Scripting", dependencies: ["Diagnostics", "SwitchyardEngine", "ScreenModel"]),
        // Screens and Voice Control overlays drawn as SVG (PNG through
        // rsvg-convert) and as terminal text.
        .target(name: "Pictures", dependencies: ["Diagnostics", "ScreenModel", "SwitchyardEngine"]),
        // Scan-time benchmarks: the cost of reaching every element under each
        // technology, analytic and simulated through Session (docs/scan-bench.md).
        .target(name: "ScanBench", dependencies: ["Diagnostics", "ScreenModel", "SwitchyardEngine"]),
        // The accessibility audit: rules with ids, severities and fixes over
        // the model, the engine and the scan-time benchmark; text, JSON and
        // SARIF (docs/audit.md).
        .target(name: "Audit", dependencies: ["Diagnostics", "ScreenModel", "SwitchyardEngine", "ScanBench"]),
        // The workloads switchyard-bench times, built with the model's API:
        // benchmark screens, the engine's measurable cores, synthetic Appium
        // captures. For switchyard-bench and the tests; no library links it.
        .target(name: "BenchmarkWorkloads", dependencies: ["ScreenModel", "SwitchyardEngine"]),
        .target(
            name: "DemoApp",
            dependencies: ["ScreenModel"],
            resources: [.embedInCode("Resources")]
        ),

        // libxml2's SAX2 parser, for Appium page sources (huge documents;
        // FoundationXML's XMLParser cannot lift libxml2's 10 MB limit).
        .systemLibrary(
            name: "CLibxml2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),

        // MARK: - Linux input
        .systemLibrary(
            name: "CLibevdev",
            pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]
        ),
        .systemLibrary(
            name: "CLibudev",
            pkgConfig: "libudev",
            providers: [.apt(["libudev-dev"])]
        ),
        // Test-only (DeviceTestbed). No `pkgConfig:` on purpose: SwiftPM
        // evaluates the pkg-config file of every system library in the graph
        // whenever it plans a build, tests included, so `swift run switchyard`
        // would warn on a machine without libumockdev-dev. Its header declares
        // the few functions used; see Sources/CUMockdev/shim.h.
        .systemLibrary(name: "CUMockdev"),
        // glibc's Linux-only file calls (`sync_file_range`), which Swift's
        // Glibc module does not declare: for the tool's output files.
        .systemLibrary(name: "CLinuxFile"),
        .target(
            name: "InputDevices",
            dependencies: ["Diagnostics", "SwitchyardEngine", "ScreenModel", "CLibevdev", "CLibudev"]
        ),
        // In-process umockdev testbed built from the evemu fixtures in
        // Devices/fixtures/: shared by InputDevicesTests and switchyard-bench.
        // The one target that calls libumockdev.
        .target(
            name: "DeviceTestbed",
            dependencies: ["Diagnostics", "InputDevices", "SwitchyardEngine", "CUMockdev", "CLibevdev"]
        ),

        // MARK: - Linux desktop apps
        // libatspi, libdbus and GLib: the accessibility bus (AT-SPI) of a
        // running desktop session, for DesktopApps alone.
        .systemLibrary(
            name: "CAtspi",
            pkgConfig: "atspi-2",
            providers: [.apt(["libatspi2.0-dev"])]
        ),
        // Real GTK apps over AT-SPI: the live tree as a screen model, the
        // engine's actions sent back to the app, the app's changes as new
        // screens, an input adapter for the live loop, and the live app of a
        // scenario's `app atspi` line (docs/desktop-apps.md).
        .target(
            name: "DesktopApps",
            dependencies: ["Diagnostics", "ScreenModel", "SwitchyardEngine", "InputDevices", "Scripting", "CAtspi"]
        ),

        // MARK: - Tools
        .executableTarget(
            name: "switchyard",
            dependencies: ["Diagnostics", "ScreenModel", "SwitchyardEngine", "Transcript", "Scripting", "InputDevices", "DemoApp", "Pictures", "ScanBench", "Audit", "DesktopApps", "CLinuxFile"]
        ),
        .executableTarget(
            name: "switchyard-bench",
            dependencies: ["Diagnostics", "ScreenModel", "SwitchyardEngine", "InputDevices", "DemoApp", "DeviceTestbed", "ScanBench", "DesktopApps", "BenchmarkWorkloads", "CLinuxFile"]
        ),

        // MARK: - Plugins
        .plugin(
            name: "InspectScreens",
            capability: .command(
                intent: .custom(verb: "inspect-screens", description: "Show the navigation order of every screen of the given apps (default: Examples/apps)")),
            dependencies: ["switchyard"],
            path: "Plugins/InspectScreens"
        ),
        .plugin(
            name: "ScanReport",
            capability: .command(
                intent: .custom(verb: "scan-report", description: "Write scan-time reports (HTML with heat maps, JSON, an index) for every screen model in the package or in the given targets, under scan-reports/"),
                permissions: [.writeToPackageDirectory(reason: "The scan-time reports are written under scan-reports/ in the package")]),
            dependencies: ["switchyard"],
            path: "Plugins/ScanReport"
        ),
        .plugin(
            name: "AuditScreens",
            capability: .command(
                intent: .custom(verb: "audit-screens", description: "Audit every screen model in the package or in the given targets for switch, keyboard and voice access; findings as path:line: warning: …")),
            dependencies: ["switchyard"],
            path: "Plugins/AuditScreens"
        ),

        // MARK: - Tests
        .testTarget(
            name: "ScreenModelTests",
            // BenchmarkWorkloads for its synthetic Appium captures (the large-document tests).
            dependencies: ["ScreenModel", "DemoApp", "BenchmarkWorkloads"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        // Transcript for the JSON lines of each technology's events.
        .testTarget(name: "SwitchyardEngineTests", dependencies: ["Diagnostics", "SwitchyardEngine", "Transcript", "ScreenModel", "DemoApp"]),
        .testTarget(name: "TranscriptTests", dependencies: ["Transcript", "SwitchyardEngine", "ScreenModel"]),
        .testTarget(name: "BenchmarkWorkloadsTests", dependencies: ["BenchmarkWorkloads", "SwitchyardEngine", "ScreenModel"]),
        .testTarget(name: "ScanBenchTests", dependencies: ["ScanBench", "Diagnostics", "SwitchyardEngine", "ScreenModel", "DemoApp"]),
        .testTarget(name: "AuditTests", dependencies: ["Audit", "Diagnostics", "SwitchyardEngine", "ScreenModel", "ScanBench", "DemoApp"]),
        // DeviceTestbed for `Requirement` (rsvg-convert, SWITCHYARD_REQUIRE_RSVG).
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "Diagnostics", "SwitchyardEngine", "ScreenModel", "DemoApp", "DeviceTestbed"]),
        .testTarget(name: "ScriptingTests", dependencies: ["Scripting", "SwitchyardEngine", "ScreenModel", "DemoApp"]),
        // Snapshots/ holds expected output, read from the source tree by path.
        // DeviceTestbed for its pseudo-terminal and ToolProcess (`live`, signals).
        .testTarget(name: "SwitchyardCLITests", dependencies: ["switchyard", "DeviceTestbed"], exclude: ["Snapshots"]),
        // A GTK3 fixture app (Fixtures/), started in a headless X and D-Bus
        // session (xvfb-run, dbus-run-session), read and driven for real.
        .testTarget(
            name: "DesktopAppsTests",
            dependencies: ["DesktopApps", "DeviceTestbed", "SwitchyardEngine", "Transcript", "ScreenModel", "Diagnostics", "ScanBench", "Scripting", "CAtspi"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "InputDevicesTests",
            dependencies: ["InputDevices", "DeviceTestbed", "Diagnostics", "SwitchyardEngine", "ScreenModel", "CLibevdev", "CLibudev"]
        ),
    ]
)
