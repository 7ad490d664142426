import Foundation
import FuzzSupport

// libFuzzer runs `fuzzEvemu` (EvemuFuzz.swift) once per input.
exit(fuzzMain(fuzzEvemu))
