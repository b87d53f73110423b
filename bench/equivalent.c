/*
 * The second reference for bench/run: BlueLibrary's window written by hand in C, with GTK 4.8
 * and libadwaita 1.2 as the app is (no Swift), on a library of the same size as the app's.
 *
 *   - a 900x600 AdwApplicationWindow titled "BlueLibrary", of an AdwApplication (libadwaita's
 *     style sheet and style manager, as the app has);
 *   - an AdwHeaderBar: Undo (edit-undo-symbolic) and Trash (user-trash-symbolic) at the start,
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
 * With BLUELIBRARY_EXIT_AFTER_FIRST_FRAME=1 in the environment it exits right after the first
 * frame it paints with every cover on screen in place (an "after-paint" of the window's frame
 * clock), like the app does, so the wall time of the process is its time until visually
 * complete; BLUELIBRARY_FIRST_PAINT_FILE=<file> gets the time of its very first frame
 * (bench/first-frame-exit.h). With
 * BLUELIBRARY_EQUIVALENT_INTERACTIONS=<repetitions> it measures the interactions that
 * bluelibrary-bench measures of the app, prints them as JSON lines and exits
 * (bench/equivalent-interactions.c).
 *
 * In four files: this one (the properties, the window, main), bench/equivalent-albums.c (the
 * library and its list model), bench/equivalent-strip.c (the cover strip's rows) and
 * bench/equivalent-interactions.c (the measured interactions), with bench/equivalent.h
 * between them. Built by bench/run:
 *   cc $(pkg-config --cflags libadwaita-1) bench/equivalent.c bench/equivalent-albums.c bench/equivalent-strip.c \
 *      bench/equivalent-interactions.c -o .build/bench/equivalent $(pkg-config --libs libadwaita-1) -O2
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <adwaita.h>

#include "equivalent.h"
#include "first-frame-exit.h"

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
      guint album = equivalent_albums_album_at (gtk_single_selection_get_model (selection), index);
      texts[ARTIST] = album_field ("Artist", album);
      texts[ALBUM] = album_field ("Album", album);
      texts[GENRE] = g_strdup (genres[album % G_N_ELEMENTS (genres)]);
      texts[YEAR] = g_strdup_printf ("%u", 1950 + album % 75);
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
  GtkWidget *bar = adw_header_bar_new ();

  GtkWidget *undo = gtk_button_new_from_icon_name ("edit-undo-symbolic");
  gtk_widget_set_tooltip_text (undo, "Undo (Ctrl+Z)");
  gtk_widget_set_sensitive (undo, FALSE);  /* nothing to undo on a fresh library */
  gtk_widget_set_focus_on_click (undo, FALSE);
  adw_header_bar_pack_start (ADW_HEADER_BAR (bar), undo);

  GtkWidget *trash = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_tooltip_text (trash, "Delete Album (Delete)");
  gtk_widget_set_focus_on_click (trash, FALSE);
  adw_header_bar_pack_start (ADW_HEADER_BAR (bar), trash);

  GMenu *menu = g_menu_new ();
  g_menu_append (menu, "_Import Album List…", "win.import");
  g_menu_append (menu, "_Export Album List…", "win.export");
  g_menu_append (menu, "_Keyboard Shortcuts", "win.show-help-overlay");
  g_menu_append (menu, "_About BlueLibrary", "app.about");
  g_menu_append (menu, "_Quit", "app.quit");
  GtkWidget *menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu_button), "open-menu-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (menu_button), G_MENU_MODEL (menu));
  gtk_menu_button_set_primary (GTK_MENU_BUTTON (menu_button), TRUE);
  gtk_widget_set_tooltip_text (menu_button, "Main Menu");
  gtk_widget_set_focus_on_click (menu_button, FALSE);
  adw_header_bar_pack_end (ADW_HEADER_BAR (bar), menu_button);
  g_object_unref (menu);

  return bar;
}

static void
on_activate (GtkApplication *app, gpointer user_data)
{
  (void) user_data;
  GtkWidget *window = adw_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (window), "BlueLibrary");
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 600);

  GtkSingleSelection *selection = gtk_single_selection_new (equivalent_albums_new (album_count));
  GtkWidget *strip = NULL;
  GtkWidget *strip_scroller = cover_strip_new (selection, &strip);
  /* The first album is selected: the covers from it to a window's width past it. */
  cover_strip_prefetch (0, 900 / COVER_SIZE + 2);

  Properties *properties = properties_new ();  /* lives as long as the process */
  GtkWidget *properties_scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (properties_scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (properties_scroller), properties->grid);
  gtk_widget_set_vexpand (properties_scroller, TRUE);
  g_signal_connect (selection, "notify::selected", G_CALLBACK (on_selection_changed), properties);
  on_selection_changed (selection, NULL, properties);

  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (column), header_bar_new ());
  gtk_box_append (GTK_BOX (column), strip_scroller);
  gtk_box_append (GTK_BOX (column), properties_scroller);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), column);

  exit_after_first_frame_if_requested (window, cover_strip_visible_covers_placed);
  equivalent_interactions_run_if_requested (window, strip, selection);

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
  AdwApplication *app = adw_application_new ("io.github.bluelibrary.Equivalent", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);
  /* The arguments are ours, not GApplication's (it would take them for files to open). */
  int status = g_application_run (G_APPLICATION (app), 1, argv);
  g_object_unref (app);
  return status;
}
