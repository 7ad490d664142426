// Test-only: libumockdev builds in-process testbeds (fake sysfs, udev and
// evdev nodes) for the hardware tests. Never linked into the switchyard tool.
#include <umockdev.h>
