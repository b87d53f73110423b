// What the tests need from GTK and X11 to deliver real input with xdotool: a toplevel's X11
// window id, and where a widget lies in its window's surface. Test-only: the app never uses
// X11 directly.
#ifndef BLUELIBRARY_CGTKTESTING_SHIM_H
#define BLUELIBRARY_CGTKTESTING_SHIM_H

#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

/// The X11 window id of `window`'s surface (0 when not on X11 or not shown yet).
static inline unsigned long bl_test_window_x11_id(void *window) {
#ifdef GDK_WINDOWING_X11
    GtkNative *native = gtk_widget_get_native(GTK_WIDGET(window));
    GdkSurface *surface = native ? gtk_native_get_surface(native) : NULL;
    if (surface != NULL && GDK_IS_X11_SURFACE(surface)) return (unsigned long)gdk_x11_surface_get_xid(surface);
#endif
    return 0;
}

/// Where the widget's point (x, y) lies in its toplevel surface (which includes the shadow of
/// client-side decorations), in application pixels.
static inline int bl_test_widget_surface_point(void *widget, double x, double y, double *sx, double *sy) {
    GtkNative *native = gtk_widget_get_native(GTK_WIDGET(widget));
    if (native == NULL) return FALSE;
    graphene_point_t in = GRAPHENE_POINT_INIT((float)x, (float)y), out;
    if (!gtk_widget_compute_point(GTK_WIDGET(widget), GTK_WIDGET(native), &in, &out)) return FALSE;
    double dx = 0, dy = 0;
    gtk_native_get_surface_transform(native, &dx, &dy);
    *sx = out.x + dx;
    *sy = out.y + dy;
    return TRUE;
}

#endif
