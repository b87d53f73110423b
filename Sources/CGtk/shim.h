// What GtkKit needs from GTK 4.8, libadwaita 1.2 and GLib that Swift cannot import directly: the
// type-checking cast macros, g_signal_connect (a macro), variadic constructors, and
// libdispatch's main-queue hooks. Everything here is a tiny static inline helper; the
// safe Swift API lives in GtkKit.
#ifndef BLUELIBRARY_CGTK_SHIM_H
#define BLUELIBRARY_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <adwaita.h>
#include <glib-unix.h>
#include <stdint.h>
#include <unistd.h>
#include <signal.h>
#include <pthread.h>

// MARK: - Casts (the GTK_* macros are function-like and not imported)

static inline GObject *bl_object(gpointer instance) { return G_OBJECT(instance); }
static inline GtkWidget *bl_widget(gpointer instance) { return GTK_WIDGET(instance); }
static inline GtkWindow *bl_window(gpointer instance) { return GTK_WINDOW(instance); }
static inline GtkBox *bl_box(gpointer instance) { return GTK_BOX(instance); }
static inline GtkGrid *bl_grid(gpointer instance) { return GTK_GRID(instance); }
static inline GtkLabel *bl_label(gpointer instance) { return GTK_LABEL(instance); }
static inline GtkPicture *bl_picture(gpointer instance) { return GTK_PICTURE(instance); }
static inline GtkSpinner *bl_spinner(gpointer instance) { return GTK_SPINNER(instance); }
static inline GtkOverlay *bl_overlay(gpointer instance) { return GTK_OVERLAY(instance); }
static inline GtkRevealer *bl_revealer(gpointer instance) { return GTK_REVEALER(instance); }
static inline GtkScrolledWindow *bl_scrolled_window(gpointer instance) { return GTK_SCROLLED_WINDOW(instance); }
static inline GtkListItem *bl_list_item(gpointer instance) { return GTK_LIST_ITEM(instance); }
static inline GtkOrientable *bl_orientable(gpointer instance) { return GTK_ORIENTABLE(instance); }
static inline GtkGridView *bl_grid_view(gpointer instance) { return GTK_GRID_VIEW(instance); }
static inline GtkMenuButton *bl_menu_button(gpointer instance) { return GTK_MENU_BUTTON(instance); }
static inline GtkApplication *bl_application(gpointer instance) { return GTK_APPLICATION(instance); }
static inline GApplication *bl_g_application(gpointer instance) { return G_APPLICATION(instance); }
static inline GListModel *bl_list_model(gpointer instance) { return G_LIST_MODEL(instance); }
static inline GtkListItemFactory *bl_list_item_factory(gpointer instance) { return GTK_LIST_ITEM_FACTORY(instance); }
static inline GtkSelectionModel *bl_selection_model(gpointer instance) { return GTK_SELECTION_MODEL(instance); }
static inline GtkSingleSelection *bl_single_selection(gpointer instance) { return GTK_SINGLE_SELECTION(instance); }
static inline GtkEventController *bl_event_controller(gpointer instance) { return GTK_EVENT_CONTROLLER(instance); }
static inline GdkPaintable *bl_paintable(gpointer instance) { return GDK_PAINTABLE(instance); }
static inline GtkAccessible *bl_accessible(gpointer instance) { return GTK_ACCESSIBLE(instance); }
static inline GtkEditable *bl_editable(gpointer instance) { return GTK_EDITABLE(instance); }
static inline GtkEntry *bl_entry(gpointer instance) { return GTK_ENTRY(instance); }
static inline GtkButton *bl_button(gpointer instance) { return GTK_BUTTON(instance); }
static inline GtkRange *bl_range(gpointer instance) { return GTK_RANGE(instance); }
static inline GtkImage *bl_image(gpointer instance) { return GTK_IMAGE(instance); }
static inline GtkScale *bl_scale(gpointer instance) { return GTK_SCALE(instance); }
static inline GtkScaleButton *bl_scale_button(gpointer instance) { return GTK_SCALE_BUTTON(instance); }
static inline GtkListBoxRow *bl_list_box_row(gpointer instance) { return GTK_LIST_BOX_ROW(instance); }
static inline GtkDropTarget *bl_drop_target(gpointer instance) { return GTK_DROP_TARGET(instance); }
static inline GtkNativeDialog *bl_native_dialog(gpointer instance) { return GTK_NATIVE_DIALOG(instance); }
static inline GtkProgressBar *bl_progress_bar(gpointer instance) { return GTK_PROGRESS_BAR(instance); }
static inline GtkSearchBar *bl_search_bar(gpointer instance) { return GTK_SEARCH_BAR(instance); }
static inline GtkDropDown *bl_drop_down(gpointer instance) { return GTK_DROP_DOWN(instance); }
static inline GtkToggleButton *bl_toggle_button(gpointer instance) { return GTK_TOGGLE_BUTTON(instance); }
static inline GtkStringList *bl_string_list(gpointer instance) { return GTK_STRING_LIST(instance); }
static inline AdwApplication *bl_adw_application(gpointer instance) { return ADW_APPLICATION(instance); }
static inline AdwApplicationWindow *bl_adw_application_window(gpointer instance) { return ADW_APPLICATION_WINDOW(instance); }
static inline AdwHeaderBar *bl_adw_header_bar(gpointer instance) { return ADW_HEADER_BAR(instance); }
static inline AdwWindowTitle *bl_adw_window_title(gpointer instance) { return ADW_WINDOW_TITLE(instance); }
static inline AdwToastOverlay *bl_adw_toast_overlay(gpointer instance) { return ADW_TOAST_OVERLAY(instance); }
static inline AdwToast *bl_adw_toast(gpointer instance) { return ADW_TOAST(instance); }
static inline AdwStatusPage *bl_adw_status_page(gpointer instance) { return ADW_STATUS_PAGE(instance); }
static inline AdwMessageDialog *bl_adw_message_dialog(gpointer instance) { return ADW_MESSAGE_DIALOG(instance); }
static inline AdwAboutWindow *bl_adw_about_window(gpointer instance) { return ADW_ABOUT_WINDOW(instance); }
static inline AdwPreferencesWindow *bl_adw_preferences_window(gpointer instance) { return ADW_PREFERENCES_WINDOW(instance); }
static inline AdwPreferencesPage *bl_adw_preferences_page(gpointer instance) { return ADW_PREFERENCES_PAGE(instance); }
static inline AdwPreferencesGroup *bl_adw_preferences_group(gpointer instance) { return ADW_PREFERENCES_GROUP(instance); }
static inline AdwPreferencesRow *bl_adw_preferences_row(gpointer instance) { return ADW_PREFERENCES_ROW(instance); }
static inline AdwActionRow *bl_adw_action_row(gpointer instance) { return ADW_ACTION_ROW(instance); }
static inline GtkSwitch *bl_switch(gpointer instance) { return GTK_SWITCH(instance); }

// MARK: - Signals (g_signal_connect_data is a function; the flags enum is awkward in Swift)

static inline gulong bl_signal_connect(gpointer instance, const char *signal, GCallback handler,
                                       gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

// MARK: - Variadic calls

static inline void bl_signal_emit_by_name(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

static inline void bl_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

static inline void bl_object_set_uint(gpointer object, const char *property, guint value) {
    g_object_set(object, property, value, NULL);
}

static inline void bl_bind_property_both_ways(gpointer source, const char *source_property,
                                              gpointer target, const char *target_property) {
    g_object_bind_property(source, source_property, target, target_property,
                           G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
}

static inline GSimpleAction *bl_string_action_new(const char *name, const char *state) {
    return g_simple_action_new_stateful(name, G_VARIANT_TYPE_STRING, g_variant_new_string(state));
}

static inline void bl_string_action_set_state(GSimpleAction *action, const char *state) {
    g_simple_action_set_state(action, g_variant_new_string(state));
}

static inline void bl_accessible_set_label(GtkAccessible *accessible, const char *label) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void bl_accessible_reset_labelled_by(GtkAccessible *accessible) {
    gtk_accessible_reset_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

static inline void bl_accessible_reset_label(GtkAccessible *accessible) {
    gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL);
}

static inline void bl_accessible_set_description(GtkAccessible *accessible, const char *description) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

static inline void bl_accessible_set_invalid(GtkAccessible *accessible, gboolean invalid) {
    gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_INVALID,
                                invalid ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE, -1);
}

static inline void bl_accessible_set_required(GtkAccessible *accessible, gboolean required) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_REQUIRED, required, -1);
}

// MARK: - Drag and drop (G_TYPE_FILE and GDK_TYPE_TEXTURE are macros calling functions)

/// A drop target accepting a file or image data, copied.
static inline GtkDropTarget *bl_drop_target_new_for_files_and_textures(void) {
    GtkDropTarget *target = gtk_drop_target_new(G_TYPE_INVALID, GDK_ACTION_COPY);
    // The list first: GTK reads a drop as the first type it can, and Files drags several.
    GType types[] = { GDK_TYPE_FILE_LIST, G_TYPE_FILE, GDK_TYPE_TEXTURE };
    gtk_drop_target_set_gtypes(target, types, 3);
    return target;
}

/// A drop target for text moved within the app (a row dragged to another place in a list).
static inline GtkDropTarget *bl_drop_target_new_for_text(void) {
    return gtk_drop_target_new(G_TYPE_STRING, GDK_ACTION_MOVE);
}

/// The text a dropped value holds, or NULL (borrowed).
static inline const gchar *bl_value_text(const GValue *value) {
    return G_VALUE_HOLDS(value, G_TYPE_STRING) ? g_value_get_string(value) : NULL;
}

/// A content provider offering `text` (a full reference); gdk's own is variadic.
static inline GdkContentProvider *bl_content_provider_for_text(const gchar *text) {
    return gdk_content_provider_new_typed(G_TYPE_STRING, text);
}

/// A drag source that moves what it offers.
static inline GtkDragSource *bl_drag_source_new_moving(void) {
    GtkDragSource *source = gtk_drag_source_new();
    gtk_drag_source_set_actions(source, GDK_ACTION_MOVE);
    return source;
}

/// The file a dropped value holds, or NULL (borrowed).
static inline GFile *bl_value_file(const GValue *value) {
    return G_VALUE_HOLDS(value, G_TYPE_FILE) ? G_FILE(g_value_get_object(value)) : NULL;
}

/// The files a dropped list holds (a `GSList` of `GFile`, borrowed), or NULL.
static inline GSList *bl_value_files(const GValue *value) {
    return G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST) ? (GSList *)g_value_get_boxed(value) : NULL;
}

/// The texture a dropped value holds, or NULL (borrowed).
static inline GdkTexture *bl_value_texture(const GValue *value) {
    return G_VALUE_HOLDS(value, GDK_TYPE_TEXTURE) ? GDK_TEXTURE(g_value_get_object(value)) : NULL;
}

/// A new widget of `type` with an accessible role other than its class's (a construct-only property).
static inline GtkWidget *bl_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}

static inline void bl_list_base_scroll_to_item(GtkWidget *list, guint position) {
    gtk_widget_activate_action(list, "list.scroll-to-item", "u", position);
}

// MARK: - libdispatch's main queue, drained from the GLib main loop
//
// On Linux the GLib loop never drains libdispatch's main queue (docs/ARCHITECTURE.md, "Threads"), so
// DispatchQueue.main.async and main-actor tasks would wait forever inside a GTK app. These are
// the hooks Foundation's run loop uses for the same job.

extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static inline gboolean bl_dispatch_main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
    (void)condition; (void)data;
    uint64_t count;
    ssize_t ignored = read(fd, &count, sizeof count);  // consume the wake-up
    (void)ignored;
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

static inline guint bl_attach_dispatch_main_queue_source(void) {
    GSource *source = g_unix_fd_source_new(_dispatch_get_main_queue_handle_4CF(), G_IO_IN);
    g_source_set_callback(source, (GSourceFunc)(void (*)(void))bl_dispatch_main_queue_ready, NULL, NULL);
    g_source_set_name(source, "BlueLibrary dispatch main queue");
    guint id = g_source_attach(source, NULL);
    g_source_unref(source);
    return id;
}

// MARK: - Unix signals on the main loop
//
// A process started by another program can inherit a signal mask that blocks SIGTERM; the
// mask is unblocked on this thread so that GLib's handler runs.

static inline guint bl_unix_signal_add(int signum, GSourceFunc handler, gpointer data, GDestroyNotify destroy) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signum);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    return g_unix_signal_add_full(G_PRIORITY_HIGH, signum, handler, data, destroy);
}

// MARK: - Mounts
//
// GIO's watch of the system's mounts (/proc/self/mountinfo). Its header, gio/gunixmounts.h,
// lives in gio-unix-2.0's include folder, which libadwaita's pkg-config flags do not name;
// the one function used is declared here as that header declares it (libgio is linked
// through GTK).

typedef struct _GUnixMountMonitor GUnixMountMonitor;
GUnixMountMonitor *g_unix_mount_monitor_get(void);

static inline gpointer bl_unix_mount_monitor_get(void) { return g_unix_mount_monitor_get(); }

#endif
