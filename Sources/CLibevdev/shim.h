// The C surface Switchyard uses from libevdev and the kernel's input headers.
// Nothing else lives here: Swift wrappers are in Sources/InputDevices/Evdev/.
#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <fcntl.h>
#include <poll.h>
#include <errno.h>
