import Foundation
import FuzzSupport

// libFuzzer runs `fuzzProfile` (ProfileFuzz.swift) once per input.
exit(fuzzMain(fuzzProfile))
