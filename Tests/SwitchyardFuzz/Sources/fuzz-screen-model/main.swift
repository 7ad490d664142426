import Foundation
import FuzzSupport

// libFuzzer runs `fuzzScreenModel` (ScreenModelFuzz.swift) once per input.
exit(fuzzMain(fuzzScreenModel))
