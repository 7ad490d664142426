// swift-tools-version: 6.0
//
// Switchyard's libFuzzer targets (docs/fuzzing.md): one executable per
// parser, plus a structure-aware one that drives the engine. A package of
// its own, so that the main package's `swift build` and `make test` never
// see targets that only link with `-sanitize=fuzzer`.
//
// Build and run them with `make fuzz` (scripts/fuzz.sh); by hand:
//   swift build -c release --package-path Tests/SwitchyardFuzz --scratch-path .build/fuzz \
//     -Xswiftc -sanitize=fuzzer,address
// Each target's main.swift calls libFuzzer's driver (`LLVMFuzzerRunDriver`).
import PackageDescription

let switchyard = "Switchyard"

/// One fuzz target: an executable whose `LLVMFuzzerTestOneInput` libFuzzer calls.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: switchyard) },
        path: "Sources/\(name)"
    )
}

let package = Package(
    name: "SwitchyardFuzz",
    dependencies: [
        // Named, so that `package:` below does not depend on the checkout's folder name.
        .package(name: switchyard, path: "../.."),
    ],
    targets: [
        // libFuzzer's driver, declared (linked by `-sanitize=fuzzer`).
        .systemLibrary(name: "CLibFuzzer"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CLibFuzzer",
                .product(name: "SwitchyardEngine", package: switchyard),
                .product(name: "ScreenModel", package: switchyard),
            ]
        ),
        fuzzTarget("fuzz-screen-model", ["ScreenModel"]),
        fuzzTarget("fuzz-appium", ["ScreenModel"]),
        fuzzTarget("fuzz-android", ["ScreenModel"]),
        fuzzTarget("fuzz-xctest", ["ScreenModel"]),
        fuzzTarget("fuzz-scenario", ["Scripting", "ScreenModel", "SwitchyardEngine", "DemoApp"]),
        fuzzTarget("fuzz-settings", ["SwitchyardEngine", "ScreenModel", "DemoApp"]),
        fuzzTarget("fuzz-profile", ["InputDevices", "SwitchyardEngine"]),
        fuzzTarget("fuzz-evemu", ["InputDevices", "SwitchyardEngine", "ScreenModel", "DemoApp"]),
        fuzzTarget("fuzz-engine", ["Scripting", "SwitchyardEngine", "Transcript", "ScreenModel", "DemoApp"]),
    ]
)
