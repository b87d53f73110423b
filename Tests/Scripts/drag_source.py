#!/usr/bin/python3
"""A window to drag a file from, as a file manager would: drag the label onto BlueLibrary.

Usage: drag_source.py FILE
It offers FILE as a GFile (text/uri-list on the wire), through GTK's own drag and drop, so a
person can drop a real file onto the app under Xvfb with xdotool (the tests drop through the
drop target's own `drop` signal instead). Needs Debian's python3-gi and gir1.2-gtk-4.0.
Without a window manager, move it out of the app's way first, e.g.:
    xdotool windowmove $(xdotool search --name '^Drag source$') 100 650
    xdotool mousemove 250 690 mousedown 1 mousemove 300 400 mousemove 450 145 mouseup 1
"""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GObject, Gtk  # noqa: E402


def main():
    path = sys.argv[1]
    app = Gtk.Application(application_id=None, flags=Gio.ApplicationFlags.NON_UNIQUE)

    def activate(application):
        window = Gtk.ApplicationWindow(application=application, title="Drag source")
        label = Gtk.Label(label="Drag " + path)
        label.set_size_request(300, 80)
        source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
        value = GObject.Value(Gio.File, Gio.File.new_for_path(path))
        source.connect("prepare", lambda *_: Gdk.ContentProvider.new_for_value(value))
        label.add_controller(source)
        window.set_child(label)
        window.present()

    app.connect("activate", activate)
    app.run([sys.argv[0]])


if __name__ == "__main__":
    main()
