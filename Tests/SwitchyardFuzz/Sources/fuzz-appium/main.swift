import Foundation
import FuzzSupport

// libFuzzer runs `fuzzAppium` (AppiumFuzz.swift) once per input.
exit(fuzzMain(fuzzAppium))
