import Foundation
import FuzzSupport

// libFuzzer runs `fuzzXCTest` (XCTestFuzz.swift) once per input.
exit(fuzzMain(fuzzXCTest))
