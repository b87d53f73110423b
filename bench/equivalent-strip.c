/*
 * bench/equivalent.c's cover strip: a horizontal GtkListView of 144x144 covers with their
 * titles, each row holding its cover only while it is on the screen or within a page of it.
 */
#include "equivalent.h"

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

GtkWidget *
cover_strip_new (GtkSingleSelection *selection, GtkWidget **strip)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (on_setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (on_bind_row), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (on_unbind_row), NULL);
  /* The list view takes both. */
  *strip = gtk_list_view_new (GTK_SELECTION_MODEL (selection), factory);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (*strip), GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *strip_scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (strip_scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (strip_scroller), *strip);
  bound_rows = g_ptr_array_new ();
  strip_adjustment = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (*strip));
  g_signal_connect (strip_adjustment, "changed", G_CALLBACK (on_strip_moved), NULL);
  g_signal_connect (strip_adjustment, "value-changed", G_CALLBACK (on_strip_moved), NULL);
  return strip_scroller;
}
