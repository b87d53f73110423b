#!/usr/bin/python3
"""A stand-in for GNOME's session manager on a test's private session bus: it owns
org.gnome.SessionManager and answers Inhibit, Uninhibit and IsInhibited as gnome-session does,
printing one line per call ("inhibit <flags> <reason>", "uninhibit <cookie>") so a test can
see what the app asked of the session.

Usage: fake_session_manager.py   (on the bus in DBUS_SESSION_BUS_ADDRESS; prints "ready" once
it owns the name, and runs until killed)
"""
import sys

from gi.repository import Gio, GLib

INTERFACE = """
<node>
  <interface name="org.gnome.SessionManager">
    <method name="Inhibit">
      <arg type="s" name="app_id" direction="in"/>
      <arg type="u" name="toplevel_xid" direction="in"/>
      <arg type="s" name="reason" direction="in"/>
      <arg type="u" name="flags" direction="in"/>
      <arg type="u" name="cookie" direction="out"/>
    </method>
    <method name="Uninhibit">
      <arg type="u" name="cookie" direction="in"/>
    </method>
    <method name="IsInhibited">
      <arg type="u" name="flags" direction="in"/>
      <arg type="b" name="inhibited" direction="out"/>
    </method>
  </interface>
</node>
"""

inhibitors = {}
next_cookie = [1]


def say(line):
    print(line, flush=True)


def on_call(connection, sender, path, interface, method, parameters, invocation):
    if method == "Inhibit":
        _, _, reason, flags = parameters.unpack()
        cookie = next_cookie[0]
        next_cookie[0] += 1
        inhibitors[cookie] = flags
        say(f"inhibit {flags} {reason}")
        invocation.return_value(GLib.Variant("(u)", (cookie,)))
    elif method == "Uninhibit":
        (cookie,) = parameters.unpack()
        inhibitors.pop(cookie, None)
        say(f"uninhibit {cookie}")
        invocation.return_value(None)
    elif method == "IsInhibited":
        (flags,) = parameters.unpack()
        inhibited = any(value & flags for value in inhibitors.values())
        invocation.return_value(GLib.Variant("(b)", (inhibited,)))


def on_bus(connection, name):
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
    connection.register_object("/org/gnome/SessionManager", info, on_call, None, None)


Gio.bus_own_name(Gio.BusType.SESSION, "org.gnome.SessionManager", Gio.BusNameOwnerFlags.NONE,
                 on_bus, lambda *_: say("ready"), lambda *_: sys.exit(1))
GLib.MainLoop().run()
