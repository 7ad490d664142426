import Foundation
import FuzzSupport

// libFuzzer runs `fuzzAndroid` (AndroidFuzz.swift) once per input.
exit(fuzzMain(fuzzAndroid))
