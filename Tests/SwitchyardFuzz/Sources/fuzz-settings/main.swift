import Foundation
import FuzzSupport

// libFuzzer runs `fuzzSettings` (SettingsFuzz.swift) once per input.
exit(fuzzMain(fuzzSettings))
