// Scenario language: see docs/scenarios.md.
import SwitchyardEngine
