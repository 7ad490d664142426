// The C surface Switchyard uses to reach desktop apps over AT-SPI: libatspi
// (its connection to the accessibility bus, event listeners, role names),
// libdbus (method calls on that bus: the cache's GetItems, Component,
// Action, Value, EditableText) and GLib's main context (folded into the live
// loop's poll). The Swift files that call it are in Sources/DesktopApps/.
//
// `pkg-config --libs atspi-2` leaves out gobject, which g_object_unref needs:
// the module map links it (and glib) itself.
#include <atspi/atspi.h>
#include <dbus/dbus.h>
#include <glib.h>
#include <glib-object.h>
