// Test-only: the part of libumockdev (0.17) that the hardware tests and
// switchyard-bench use, to build in-process testbeds (fake sysfs, udev and
// evdev nodes). Never linked into the switchyard tool.
//
// Declared here rather than included from <umockdev.h>, so that this target
// needs no pkg-config: SwiftPM evaluates the pkg-config file of every
// system-library target in the package graph (test targets included) each
// time it plans a build, even `swift run switchyard`, and warns when one is
// missing. Without `pkgConfig:`, a machine without libumockdev-dev builds the
// tool silently; the tests link against libumockdev (`module.modulemap`).
//
// The declarations are copied from umockdev.h and glib and must stay
// identical; check them against the installed headers with:
//   cc -fsyntax-only $(pkg-config --cflags umockdev-1.0) -include umockdev.h Sources/CUMockdev/shim.h
#ifndef SWITCHYARD_CUMOCKDEV_SHIM_H
#define SWITCHYARD_CUMOCKDEV_SHIM_H

// glib (gtypes.h, gquark.h, gerror.h)
typedef char gchar;
typedef int gint;
typedef gint gboolean;
typedef void *gpointer;
typedef unsigned int guint32;
typedef guint32 GQuark;
#ifndef __G_ERROR_H__
typedef struct _GError GError;
struct _GError {
    GQuark domain;
    gint code;
    gchar *message;
};
#endif
void g_error_free(GError *error);
void g_object_unref(gpointer object);

// umockdev.h
typedef struct _UMockdevTestbed UMockdevTestbed;
UMockdevTestbed *umockdev_testbed_new(void);
gboolean umockdev_in_mock_environment(void);
gboolean umockdev_testbed_add_from_string(UMockdevTestbed *self, const gchar *data, GError **error);
gboolean umockdev_testbed_load_ioctl(UMockdevTestbed *self, const gchar *dev, const gchar *recordfile, GError **error);
void umockdev_testbed_uevent(UMockdevTestbed *self, const gchar *devpath, const gchar *action);
void umockdev_testbed_remove_device(UMockdevTestbed *self, const gchar *syspath);
gint umockdev_testbed_get_dev_fd(UMockdevTestbed *self, const gchar *devnode);

#endif
