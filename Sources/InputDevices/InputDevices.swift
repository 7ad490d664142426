// Linux input devices: see docs/device-profiles.md.
import SwitchyardEngine
