// libusb-1.0 (Debian: libusb-1.0-0-dev); pkg-config adds -I/usr/include/libusb-1.0.
#include <libusb.h>
