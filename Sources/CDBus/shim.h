// libdbus-1 (Debian: libdbus-1-dev), the reference D-Bus implementation.
#include <dbus/dbus.h>
