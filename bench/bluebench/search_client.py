"""Asks BlueLibrary's search provider as GNOME Shell does: one GDBus connection, each call timed
from the moment it is sent to its reply, as the overview waits for it. Run by
bench/search_provider.py with the system's python3 (GDBus through python3-gi).

    /usr/bin/python3 bench/bluebench/search_client.py BUS_ADDRESS PLAN_JSON

PLAN_JSON is a list of steps, each [label, method, argument…]: "bus" calls the bus daemon's own
GetId (the floor of any round trip on that bus); GetInitialResultSet takes a list of terms,
GetResultMetas a list of ids ("first" for the ids the previous search found, at most 5).
Prints one JSON line per step: the label, the seconds it took, and how many results came.
"""
import json
import sys
import time

from gi.repository import Gio, GLib

NAME = "io.github.bluelibrary.BlueLibrary"
PATH = "/io/github/bluelibrary/BlueLibrary/SearchProvider"
INTERFACE = "org.gnome.Shell.SearchProvider2"


def main() -> None:
    address, plan = sys.argv[1], json.loads(sys.argv[2])
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    connection = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
    found: list[str] = []
    for label, method, *arguments in plan:
        if method == "bus":
            destination, path, interface, name = "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId"
            parameters = None
        elif method == "GetResultMetas":
            ids = found[:5] if arguments[0] == "first" else arguments[0]
            destination, path, interface, name = NAME, PATH, INTERFACE, method
            parameters = GLib.Variant("(as)", (ids,))
        else:
            destination, path, interface, name = NAME, PATH, INTERFACE, method
            parameters = GLib.Variant("(as)", (arguments[0],))
        started = time.perf_counter()
        reply = connection.call_sync(destination, path, interface, name, parameters, None,
                                     Gio.DBusCallFlags.NONE, 600_000, None)
        took = time.perf_counter() - started
        values = reply.unpack()
        count = len(values[0]) if values and isinstance(values[0], list) else 0
        if method == "GetInitialResultSet":
            found = values[0]
        print(json.dumps({"label": label, "seconds": took, "results": count}), flush=True)


if __name__ == "__main__":
    main()
