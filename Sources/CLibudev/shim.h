// The C surface Switchyard uses from libudev. Swift wrappers are in
// Sources/InputDevices/Udev/.
#include <libudev.h>
