import Foundation
import FuzzSupport

// libFuzzer runs `fuzzEngine` (EngineFuzz.swift) once per input.
exit(fuzzMain(fuzzEngine))
