import Foundation
import FuzzSupport

// libFuzzer runs `fuzzScenario` (ScenarioFuzz.swift) once per input.
exit(fuzzMain(fuzzScenario))
