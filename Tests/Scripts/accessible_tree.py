#!/usr/bin/python3
"""Prints the accessible tree of one running application as a screen reader reads it over
AT-SPI, as JSON: {"role", "name", "description", "states": [...], "extents", "children": [...]}.

"extents" is {"x", "y", "width", "height"} where the object lies, or null for an object that is
not on screen as a component (the application; a stack page). GTK 4.8 does not know where its
window is: it gives the same for DESKTOP_COORDS as for WINDOW_COORDS, a place relative to the
window's frame (its top level widget, without the border or shadow client-side decorations add
around it), and 0 × 0 for what is hidden. A test adds the X11 window's position itself.

Usage: accessible_tree.py PID   (on the D-Bus session bus in DBUS_SESSION_BUS_ADDRESS)

Waits up to 60 s for the application to appear on the accessibility bus. Rows of long lists
are read only up to MAX_CHILDREN per node (GTK 4.8 exports only the rows it materialised).
"""
import json
import sys
import time

import pyatspi

MAX_CHILDREN = 300


def extents(accessible):
    try:
        box = accessible.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    except Exception:  # no Component interface
        return None
    return {"x": box.x, "y": box.y, "width": box.width, "height": box.height}


def node(accessible, depth=0):
    states = accessible.getState()
    children = []
    if depth < 40:
        for index in range(min(accessible.childCount, MAX_CHILDREN)):
            child = accessible.getChildAtIndex(index)
            if child is not None:
                children.append(node(child, depth + 1))
    return {
        "role": accessible.getRoleName(),
        "name": accessible.name or "",
        "description": accessible.description or "",
        "states": sorted(pyatspi.stateToString(s) for s in states.getStates()),
        "extents": extents(accessible),
        "children": children,
    }


def main():
    pid = int(sys.argv[1])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            application = desktop.getChildAtIndex(index)
            try:
                if application is not None and application.get_process_id() == pid and application.childCount > 0:
                    print(json.dumps(node(application)))
                    return 0
            except Exception:  # an application that went away meanwhile
                continue
        time.sleep(0.2)
    print(f"no application with process id {pid} on the accessibility bus", file=sys.stderr)
    return 1


sys.exit(main())
