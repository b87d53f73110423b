/*
 * The second reference for bench/run: BlueLibrary's window written by hand in C, with GTK 4.8
 * alone (no libadwaita, no Swift), on a library of the same size as the app's.
 *
 *   - a 900x600 GtkApplicationWindow titled "BlueLibrary";
 *   - a GtkHeaderBar: Undo (edit-undo-symbolic) and Trash (user-trash-symbolic) at the start,
 *     the main menu (open-menu-symbolic, the app's five entries) at the end;
 *   - a horizontal GtkListView in a GtkScrolledWindow over ALBUMS albums behind a
 *     GtkSingleSelection; each row is a 144x144 GtkPicture of the album's cover when
 *     COVER_FOLDER/<index>.png exists, else an empty 144x144 placeholder box, with the title
 *     in a label under it. Like the app, a row loads its cover (synchronously, here) only
 *     while it is on the screen or within a page of it;
 *   - under the strip, a 4-row GtkGrid of the selected album's properties (Artist, Album,
 *     Genre, Year), updated when the selection changes.
 *
 * The albums are those bench/bench.py writes ("Album 00042", "Artist 00042", the same genres
 * and years), made from their index: the model is a GListModel that makes each row's item
 * when GTK asks for it, so it costs next to nothing at 100,000 albums and the figures are
 * GTK's, not the data's.
 *
 * Usage: equivalent [ALBUMS [COVER_FOLDER]]   (5 albums, no covers, by default)
 *
 * With BLUELIBRARY_EXIT_AFTER_FIRST_FRAME=1 in the environment it exits right after its first
 * frame is painted (the first "after-paint" of the window's frame clock), like the app and
 * bench/baseline.c do, so the wall time of the process is its time to first frame.
 *
 * Built by bench/run:
 *   cc $(pkg-config --cflags gtk4) bench/equivalent.c -o .build/bench/equivalent $(pkg-config --libs gtk4) -O2
 */
#include <gtk/gtk.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "first-frame-exit.h"

#define COVER_SIZE 144

static const char *const genres[] = { "Pop", "Rock", "Jazz", "Electronic", "Classical", "Folk", "Hip-Hop", "Soundtrack" };

/* The library: how many albums, where their covers are, how wide their numbers are. */
static guint album_count = 5;
static const char *cover_folder = NULL;
static int number_digits = 5;

/* "Album 00042": the numbers have at least 5 digits, more if the last index needs them. */
static char *
album_field (const char *name, guint index)
{
  return g_strdup_printf ("%s %0*u", name, number_digits, index);
}

/* MARK: - The albums, as a list model */

#define EQUIVALENT_TYPE_ALBUMS (equivalent_albums_get_type ())
G_DECLARE_FINAL_TYPE (EquivalentAlbums, equivalent_albums, EQUIVALENT, ALBUMS, GObject)

struct _EquivalentAlbums
{
  GObject parent_instance;
  guint count;
};

static GType
equivalent_albums_get_item_type (GListModel *model)
{
  (void) model;
  return GTK_TYPE_STRING_OBJECT;
}

static guint
equivalent_albums_get_n_items (GListModel *model)
{
  return EQUIVALENT_ALBUMS (model)->count;
}

/* The album's title, as a new GtkStringObject (the caller owns it). */
static gpointer
equivalent_albums_get_item (GListModel *model, guint position)
{
  if (position >= EQUIVALENT_ALBUMS (model)->count)
    return NULL;
  char *title = album_field ("Album", position);
  GtkStringObject *item = gtk_string_object_new (title);
  g_free (title);
  return item;
}

static void
equivalent_albums_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = equivalent_albums_get_item_type;
  iface->get_n_items = equivalent_albums_get_n_items;
  iface->get_item = equivalent_albums_get_item;
}

G_DEFINE_TYPE_WITH_CODE (EquivalentAlbums, equivalent_albums, G_TYPE_OBJECT,
                         G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, equivalent_albums_list_model_init))

static void
equivalent_albums_class_init (EquivalentAlbumsClass *klass)
{
  (void) klass;
}

static void
equivalent_albums_init (EquivalentAlbums *self)
{
  self->count = 0;
}

static GListModel *
equivalent_albums_new (guint count)
{
  EquivalentAlbums *albums = g_object_new (EQUIVALENT_TYPE_ALBUMS, NULL);
  albums->count = count;
  return G_LIST_MODEL (albums);
}

/* MARK: - The cover strip's rows */

/* The strip's horizontal adjustment and the rows bound to an album: a row holds its cover
   only while it is on the screen or within a page of it, like the app's album views (GTK
   binds some 200 rows, most of them far off; decoding all their covers would cost 200
   decodes and 60 MB of textures that nobody sees). */
static GtkAdjustment *strip_adjustment = NULL;
static GPtrArray *bound_rows = NULL;

/* Whether the album at position is on the screen or within a page of it; FALSE before the
   strip is laid out. */
static gboolean
is_near_visible_range (guint position)
{
  if (strip_adjustment == NULL || album_count == 0)
    return FALSE;
  double page = gtk_adjustment_get_page_size (strip_adjustment);
  double upper = gtk_adjustment_get_upper (strip_adjustment);
  if (page <= 0 || upper <= 0)
    return FALSE;
  double row_width = upper / album_count;
  double value = gtk_adjustment_get_value (strip_adjustment);
  double first = (value - page) / row_width, end = (value + 2 * page) / row_width;
  return position + 1.0 > first && position < end;
}

/* The row's cover picture (an overlay over its placeholder). */
static GtkWidget *
row_picture (GtkListItem *row)
{
  GtkWidget *frame = gtk_widget_get_first_child (gtk_list_item_get_child (row));
  return gtk_widget_get_last_child (frame);
}

/* Loads the row's cover when it comes near the visible range, lets it go when it leaves. */
static void
update_cover (GtkListItem *row)
{
  GtkWidget *picture = row_picture (row);
  guint position = gtk_list_item_get_position (row);
  gboolean near = position != GTK_INVALID_LIST_POSITION && is_near_visible_range (position);
  if (near == GPOINTER_TO_INT (g_object_get_data (G_OBJECT (picture), "near")))
    return;
  g_object_set_data (G_OBJECT (picture), "near", GINT_TO_POINTER (near));
  gboolean shown = FALSE;
  if (near && cover_folder != NULL)
    {
      char name[32];
      g_snprintf (name, sizeof name, "%u.png", position);
      char *path = g_build_filename (cover_folder, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          gtk_picture_set_filename (GTK_PICTURE (picture), path);
          shown = gtk_picture_get_paintable (GTK_PICTURE (picture)) != NULL;
        }
      g_free (path);
    }
  else
    gtk_picture_set_paintable (GTK_PICTURE (picture), NULL);
  gtk_widget_set_visible (picture, shown);
}

/* After a scroll or a new layout: every bound row checks whether it is near now. */
static void
on_strip_moved (GtkAdjustment *adjustment, gpointer user_data)
{
  (void) adjustment;
  (void) user_data;
  for (guint i = 0; i < bound_rows->len; i++)
    update_cover (g_ptr_array_index (bound_rows, i));
}

/* A row: a column of the cover's frame (an empty 144x144 placeholder box with the picture
   over it, so that a cover's own size never sizes the row) and the caption. */
static void
on_setup_row (GtkSignalListItemFactory *factory, GtkListItem *row, gpointer user_data)
{
  (void) factory;
  (void) user_data;
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  GtkWidget *placeholder = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_size_request (placeholder, COVER_SIZE, COVER_SIZE);
  GtkWidget *frame = gtk_overlay_new ();
  gtk_widget_set_halign (frame, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (frame, GTK_ALIGN_START);
  gtk_overlay_set_child (GTK_OVERLAY (frame), placeholder);
  GtkWidget *picture = gtk_picture_new ();
  gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_COVER);
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  gtk_widget_set_visible (picture, FALSE);
  gtk_overlay_add_overlay (GTK_OVERLAY (frame), picture);
  gtk_box_append (GTK_BOX (column), frame);

  GtkWidget *caption = gtk_label_new (NULL);
  gtk_label_set_ellipsize (GTK_LABEL (caption), PANGO_ELLIPSIZE_END);
  gtk_widget_set_size_request (caption, COVER_SIZE, -1);
  gtk_box_append (GTK_BOX (column), caption);

  gtk_list_item_set_child (row, column);
}

/* Shows the row's album: its caption at once, its cover if it is near the visible range and
   the folder has one. */
static void
on_bind_row (GtkSignalListItemFactory *factory, GtkListItem *row, gpointer user_data)
{
  (void) factory;
  (void) user_data;
  GtkWidget *caption = gtk_widget_get_last_child (gtk_list_item_get_child (row));
  GtkStringObject *item = gtk_list_item_get_item (row);
  gtk_label_set_text (GTK_LABEL (caption), gtk_string_object_get_string (item));
  g_ptr_array_add (bound_rows, row);
  update_cover (row);
}

/* Lets go of the cover of a row given to another album or dropped. */
static void
on_unbind_row (GtkSignalListItemFactory *factory, GtkListItem *row, gpointer user_data)
{
  (void) factory;
  (void) user_data;
  g_ptr_array_remove_fast (bound_rows, row);
  GtkWidget *picture = row_picture (row);
  g_object_set_data (G_OBJECT (picture), "near", GINT_TO_POINTER (FALSE));
  gtk_picture_set_paintable (GTK_PICTURE (picture), NULL);
  gtk_widget_set_visible (picture, FALSE);
}

/* MARK: - The properties */

enum { ARTIST, ALBUM, GENRE, YEAR, PROPERTY_COUNT };

static const char *const property_titles[PROPERTY_COUNT] = { "Artist", "Album", "Genre", "Year" };

/* The grid and its value labels, and the selection they follow. */
typedef struct
{
  GtkWidget *grid;
  GtkWidget *values[PROPERTY_COUNT];
} Properties;

static Properties *
properties_new (void)
{
  Properties *properties = g_new0 (Properties, 1);
  properties->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (properties->grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (properties->grid), 12);
  gtk_widget_set_halign (properties->grid, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (properties->grid, GTK_ALIGN_START);
  gtk_widget_set_margin_top (properties->grid, 18);
  gtk_widget_set_margin_bottom (properties->grid, 18);
  for (int row = 0; row < PROPERTY_COUNT; row++)
    {
      GtkWidget *title = gtk_label_new (property_titles[row]);
      gtk_widget_set_halign (title, GTK_ALIGN_END);
      gtk_widget_add_css_class (title, "dim-label");
      GtkWidget *value = gtk_label_new (NULL);
      gtk_widget_set_halign (value, GTK_ALIGN_START);
      gtk_label_set_selectable (GTK_LABEL (value), TRUE);
      gtk_label_set_wrap (GTK_LABEL (value), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (value), 40);
      gtk_grid_attach (GTK_GRID (properties->grid), title, 0, row, 1, 1);
      gtk_grid_attach (GTK_GRID (properties->grid), value, 1, row, 1, 1);
      properties->values[row] = value;
    }
  return properties;
}

/* Shows the selected album's properties; none when nothing is selected. */
static void
on_selection_changed (GtkSingleSelection *selection, GParamSpec *pspec, gpointer user_data)
{
  (void) pspec;
  Properties *properties = user_data;
  guint index = gtk_single_selection_get_selected (selection);
  gboolean selected = index != GTK_INVALID_LIST_POSITION;
  char *texts[PROPERTY_COUNT] = { NULL };
  if (selected)
    {
      texts[ARTIST] = album_field ("Artist", index);
      texts[ALBUM] = album_field ("Album", index);
      texts[GENRE] = g_strdup (genres[index % G_N_ELEMENTS (genres)]);
      texts[YEAR] = g_strdup_printf ("%u", 1950 + index % 75);
    }
  for (int row = 0; row < PROPERTY_COUNT; row++)
    {
      gtk_label_set_text (GTK_LABEL (properties->values[row]), texts[row] != NULL ? texts[row] : "");
      g_free (texts[row]);
    }
  gtk_widget_set_visible (properties->grid, selected);
}

/* MARK: - The window */

static GtkWidget *
header_bar_new (void)
{
  GtkWidget *bar = gtk_header_bar_new ();

  GtkWidget *undo = gtk_button_new_from_icon_name ("edit-undo-symbolic");
  gtk_widget_set_tooltip_text (undo, "Undo (Ctrl+Z)");
  gtk_widget_set_sensitive (undo, FALSE);  /* nothing to undo on a fresh library */
  gtk_widget_set_focus_on_click (undo, FALSE);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (bar), undo);

  GtkWidget *trash = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_tooltip_text (trash, "Delete Album (Delete)");
  gtk_widget_set_focus_on_click (trash, FALSE);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (bar), trash);

  GMenu *menu = g_menu_new ();
  g_menu_append (menu, "_Import Albums…", "win.import");
  g_menu_append (menu, "_Export Library…", "win.export");
  g_menu_append (menu, "_Keyboard Shortcuts", "win.show-help-overlay");
  g_menu_append (menu, "_About BlueLibrary", "app.about");
  g_menu_append (menu, "_Quit", "app.quit");
  GtkWidget *menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu_button), "open-menu-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (menu_button), G_MENU_MODEL (menu));
  gtk_menu_button_set_primary (GTK_MENU_BUTTON (menu_button), TRUE);
  gtk_widget_set_tooltip_text (menu_button, "Main Menu");
  gtk_widget_set_focus_on_click (menu_button, FALSE);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (bar), menu_button);
  g_object_unref (menu);

  return bar;
}

static void
on_activate (GtkApplication *app, gpointer user_data)
{
  (void) user_data;
  GtkWidget *window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (window), "BlueLibrary");
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 600);
  gtk_window_set_titlebar (GTK_WINDOW (window), header_bar_new ());

  GtkSingleSelection *selection = gtk_single_selection_new (equivalent_albums_new (album_count));
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (on_setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (on_bind_row), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (on_unbind_row), NULL);
  /* The list view takes both. */
  GtkWidget *strip = gtk_list_view_new (GTK_SELECTION_MODEL (selection), factory);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (strip), GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *strip_scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (strip_scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (strip_scroller), strip);
  bound_rows = g_ptr_array_new ();
  strip_adjustment = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (strip));
  g_signal_connect (strip_adjustment, "changed", G_CALLBACK (on_strip_moved), NULL);
  g_signal_connect (strip_adjustment, "value-changed", G_CALLBACK (on_strip_moved), NULL);

  Properties *properties = properties_new ();  /* lives as long as the process */
  GtkWidget *properties_scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (properties_scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (properties_scroller), properties->grid);
  gtk_widget_set_vexpand (properties_scroller, TRUE);
  g_signal_connect (selection, "notify::selected", G_CALLBACK (on_selection_changed), properties);
  on_selection_changed (selection, NULL, properties);

  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (column), strip_scroller);
  gtk_box_append (GTK_BOX (column), properties_scroller);
  gtk_window_set_child (GTK_WINDOW (window), column);

  exit_after_first_frame_if_requested (window);

  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_grab_focus (strip);
}

/* Reads ALBUMS and COVER_FOLDER; FALSE (after a message) if they make no sense. */
static gboolean
read_arguments (int argc, char **argv)
{
  if (argc > 3)
    {
      fprintf (stderr, "usage: %s [ALBUMS [COVER_FOLDER]]\n", argv[0]);
      return FALSE;
    }
  if (argc > 1)
    {
      char *end = NULL;
      errno = 0;
      unsigned long count = strtoul (argv[1], &end, 10);
      if (errno != 0 || end == argv[1] || *end != '\0' || argv[1][0] == '-' || count > G_MAXUINT / 2)
        {
          fprintf (stderr, "%s: ALBUMS must be a whole number, not \"%s\"\n", argv[0], argv[1]);
          return FALSE;
        }
      album_count = (guint) count;
    }
  if (argc > 2 && argv[2][0] != '\0')
    cover_folder = argv[2];
  number_digits = 5;
  for (guint last = album_count > 0 ? album_count - 1 : 0, limit = 100000; last >= limit && limit <= G_MAXUINT / 10; limit *= 10)
    number_digits++;
  return TRUE;
}

int
main (int argc, char **argv)
{
  if (!read_arguments (argc, argv))
    return 2;
  GtkApplication *app = gtk_application_new ("io.github.bluelibrary.Equivalent", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);
  /* The arguments are ours, not GApplication's (it would take them for files to open). */
  int status = g_application_run (G_APPLICATION (app), 1, argv);
  g_object_unref (app);
  return status;
}
