// InputDevices: real Linux input hardware (libudev + libevdev), evemu
// recordings and the terminal as sources of `TimedInput`s for the engine.
// Architecture, exit paths and testing: docs/hardware.md.
// Profile format and shipped profiles: docs/device-profiles.md.
