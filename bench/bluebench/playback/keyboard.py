"""Key presses and pointer moves through the X server's XTest extension, with the time each
press was sent."""
import ctypes
import ctypes.util
import time

from .waiting import BenchFailure


class XKeyboard:
    """Presses keys (and moves the pointer) through the X server's XTest extension, as
    xdotool does, but from this process, so the moment of the press is known to a fraction of
    a millisecond: the events are flushed to the server right after the time is taken, and
    the server hands them to the focused window as it receives them."""

    def __init__(self):
        self.x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        self.xtst = ctypes.CDLL(ctypes.util.find_library("Xtst") or "libXtst.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XStringToKeysym.restype = ctypes.c_ulong
        self.x11.XStringToKeysym.argtypes = [ctypes.c_char_p]
        self.x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        self.x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.x11.XFlush.argtypes = [ctypes.c_void_p]
        self.x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                                   ctypes.c_ulong]
        self.x11.XDefaultScreen.argtypes = [ctypes.c_void_p]
        self.x11.XDisplayWidth.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.x11.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.display = self.x11.XOpenDisplay(None)
        if not self.display:
            raise BenchFailure("cannot open the X display (run under xvfb-run)")

    def keycode(self, name: str) -> int:
        code = self.x11.XKeysymToKeycode(self.display, self.x11.XStringToKeysym(name.encode()))
        if not code:
            raise BenchFailure(f"no key for {name} on this display")
        return code

    def press(self, *names: str) -> float:
        """Presses names together ("Control_L", "space") and releases them; returns the
        monotonic time the presses were sent."""
        codes = [self.keycode(name) for name in names]
        for code in codes:
            self.xtst.XTestFakeKeyEvent(self.display, code, 1, 0)
        sent = time.monotonic()
        self.x11.XFlush(self.display)
        self.x11.XSync(self.display, 0)
        for code in reversed(codes):
            self.xtst.XTestFakeKeyEvent(self.display, code, 0, 0)
        self.x11.XSync(self.display, 0)
        return sent

    def move_pointer_to_corner(self) -> None:
        """Puts the pointer in the screen's bottom-right corner, off the window (900×600 at
        the top left), so that nothing in it is hovered (a tooltip, a highlight)."""
        screen = self.x11.XDefaultScreen(self.display)
        width, height = self.x11.XDisplayWidth(self.display, screen), self.x11.XDisplayHeight(self.display, screen)
        self.xtst.XTestFakeMotionEvent(self.display, screen, width - 1, height - 1, 0)
        self.x11.XSync(self.display, 0)

    def close(self) -> None:
        self.x11.XCloseDisplay(self.display)
