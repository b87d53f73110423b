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

/// Drops the file at `path` onto a `GtkDropTarget` at (x, y), as GTK does when a drag ends
/// over its widget: the target's `drop` signal with a `GFile` value. Returns whether it was taken.
static inline gboolean bl_test_drop_file(void *target, const char *path, double x, double y) {
    GValue value = G_VALUE_INIT;
    g_value_init(&value, G_TYPE_FILE);
    g_value_take_object(&value, g_file_new_for_path(path));
    gboolean accepted = FALSE;
    g_signal_emit_by_name(target, "drop", &value, x, y, &accepted);
    g_value_unset(&value);
    return accepted;
}

/// Drops the files at `paths` (`count` of them) at once, as Files drags a selection (a
/// `GdkFileList`).
static inline gboolean bl_test_drop_files(void *target, const char *const *paths, int count, double x, double y) {
    GSList *files = NULL;
    for (int index = count - 1; index >= 0; index--) files = g_slist_prepend(files, g_file_new_for_path(paths[index]));
    GdkFileList *list = gdk_file_list_new_from_list(files);
    g_slist_free_full(files, g_object_unref);
    GValue value = G_VALUE_INIT;
    g_value_init(&value, GDK_TYPE_FILE_LIST);
    g_value_take_boxed(&value, list);
    gboolean accepted = FALSE;
    g_signal_emit_by_name(target, "drop", &value, x, y, &accepted);
    g_value_unset(&value);
    return accepted;
}

/// Drops the image in the file at `path` as image data (a `GdkTexture`), as a web browser does.
static inline gboolean bl_test_drop_texture(void *target, const char *path, double x, double y) {
    GdkTexture *texture = gdk_texture_new_from_filename(path, NULL);
    if (texture == NULL) return FALSE;
    GValue value = G_VALUE_INIT;
    g_value_init(&value, GDK_TYPE_TEXTURE);
    g_value_take_object(&value, texture);
    gboolean accepted = FALSE;
    g_signal_emit_by_name(target, "drop", &value, x, y, &accepted);
    g_value_unset(&value);
    return accepted;
}

#endif
