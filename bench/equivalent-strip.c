/*
 * bench/equivalent.c's cover strip: a horizontal GtkListView of 144x144 covers with their
 * titles, each row holding its cover only while it is on the screen or within a page of it.
 *
 * Its covers are had as the app has them (Sources/BlueLibrary/Views/CoverTextures.swift): a
 * cover's file is read and decoded at its size on screen (144 pixels at 1x) on another thread,
 * only the texture is made on the GTK thread, and the textures of the 600 covers shown last
 * are kept, so a cover that comes back (a selection moved back, the rows rebound after a
 * deletion) is not decoded again. The first covers are decoded while the window is built
 * (cover_strip_prefetch, as the app's prefetchFirstCovers), and the first-frame exit waits
 * for the frame that shows every cover on screen, as the app's does. (Until issue 57 it read
 * and decoded each PNG on the GTK thread with gtk_picture_set_filename, inside the frames it
 * timed: work the app does not do.)
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

/* MARK: - Covers decoded off the GTK thread */

/* As many textures as the app's CoverTextures keeps at 1x (48 MiB of 144x144 textures is
   more; the app's 600 is its 2x figure's four times). */
#define KEPT_TEXTURES 600

/* The textures decoded, by cover number + 1, and their numbers from the one used last. */
static GHashTable *textures = NULL;
static GQueue recently_used = G_QUEUE_INIT;
/* The cover numbers being decoded (+ 1). */
static GHashTable *decoding = NULL;

static gpointer
cover_key (guint number)
{
  return GUINT_TO_POINTER (number + 1);
}

/* The texture of cover number, if it was decoded and is still kept (it becomes the one used
   last). */
static GdkTexture *
kept_texture (guint number)
{
  GdkTexture *texture = g_hash_table_lookup (textures, cover_key (number));
  if (texture != NULL)
    {
      GList *link = g_queue_find (&recently_used, cover_key (number));
      g_queue_unlink (&recently_used, link);
      g_queue_push_head_link (&recently_used, link);
    }
  return texture;
}

static void
keep_texture (guint number, GdkTexture *texture)
{
  g_hash_table_insert (textures, cover_key (number), texture);
  g_queue_push_head (&recently_used, cover_key (number));
  while (g_queue_get_length (&recently_used) > KEPT_TEXTURES)
    g_hash_table_remove (textures, g_queue_pop_tail (&recently_used));
}

/* On a worker thread: the cover file read and decoded at its size on screen. */
static void
decode_in_thread (GTask *task, gpointer source, gpointer path, GCancellable *cancellable)
{
  (void) source;
  (void) cancellable;
  GError *error = NULL;
  GdkPixbuf *pixbuf = gdk_pixbuf_new_from_file_at_scale (path, COVER_SIZE, COVER_SIZE, TRUE, &error);
  if (pixbuf != NULL)
    g_task_return_pointer (task, pixbuf, g_object_unref);
  else
    g_task_return_error (task, error);
}

static void show_cover (GtkWidget *picture, GdkTexture *texture);
static GtkWidget *row_picture (GtkListItem *row);

/* On the GTK thread: the decoded cover made a texture, kept, and shown by the row that wants
   it now (rows are reused while a cover is decoded); the row no longer waits for it. */
static void
on_decoded (GObject *source, GAsyncResult *result, gpointer number_pointer)
{
  (void) source;
  guint number = GPOINTER_TO_UINT (number_pointer);
  g_hash_table_remove (decoding, cover_key (number));
  GdkPixbuf *pixbuf = g_task_propagate_pointer (G_TASK (result), NULL);
  GdkTexture *texture = pixbuf != NULL ? gdk_texture_new_for_pixbuf (pixbuf) : NULL;
  g_clear_object (&pixbuf);
  if (texture != NULL)
    keep_texture (number, texture);
  /* A cover that cannot be decoded leaves its placeholder. */
  for (guint i = 0; i < bound_rows->len; i++)
    {
      GtkWidget *picture = row_picture (g_ptr_array_index (bound_rows, i));
      if (g_object_get_data (G_OBJECT (picture), "wanted") != cover_key (number))
        continue;
      g_object_set_data (G_OBJECT (picture), "wanted", NULL);
      show_cover (picture, texture);
    }
}

/* Starts decoding cover number, unless it is on its way. */
static void
decode_cover (guint number, const char *path)
{
  if (!g_hash_table_add (decoding, cover_key (number)))
    return;
  GTask *task = g_task_new (NULL, NULL, on_decoded, GUINT_TO_POINTER (number));
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, decode_in_thread);
  g_object_unref (task);
}

/* The file of cover number, if the folder has one (g_free it). */
static char *
cover_path (guint number)
{
  if (cover_folder == NULL)
    return NULL;
  char name[32];
  g_snprintf (name, sizeof name, "%u.png", number);
  char *path = g_build_filename (cover_folder, name, NULL);
  if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return path;
  g_free (path);
  return NULL;
}

void
cover_strip_prefetch (guint first, guint count)
{
  for (guint number = first; number < first + count && number < album_count; number++)
    {
      char *path = cover_path (number);
      if (path != NULL)
        decode_cover (number, path);
      g_free (path);
    }
}

/* MARK: - The rows' covers */

static void
show_cover (GtkWidget *picture, GdkTexture *texture)
{
  gtk_picture_set_paintable (GTK_PICTURE (picture), GDK_PAINTABLE (texture));
  gtk_widget_set_visible (picture, texture != NULL);
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
  g_object_set_data (G_OBJECT (picture), "wanted", NULL);
  GdkTexture *texture = near ? kept_texture (position) : NULL;
  char *path = near && texture == NULL ? cover_path (position) : NULL;
  if (path != NULL)
    {
      g_object_set_data (G_OBJECT (picture), "wanted", cover_key (position));
      decode_cover (position, path);
      g_free (path);
    }
  show_cover (picture, texture);
}

gboolean
cover_strip_visible_covers_placed (void)
{
  if (album_count == 0)
    return TRUE;
  if (strip_adjustment == NULL || gtk_adjustment_get_upper (strip_adjustment) <= 0)
    return FALSE;
  double row_width = gtk_adjustment_get_upper (strip_adjustment) / album_count;
  double first = gtk_adjustment_get_value (strip_adjustment) / row_width;
  double end = (gtk_adjustment_get_value (strip_adjustment) + gtk_adjustment_get_page_size (strip_adjustment)) / row_width;
  for (guint i = 0; i < bound_rows->len; i++)
    {
      GtkListItem *row = g_ptr_array_index (bound_rows, i);
      guint position = gtk_list_item_get_position (row);
      gboolean on_screen = position != GTK_INVALID_LIST_POSITION && position + 1.0 > first && position < end;
      if (on_screen && g_object_get_data (G_OBJECT (row_picture (row)), "wanted") != NULL)
        return FALSE;
    }
  return TRUE;
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
  g_object_set_data (G_OBJECT (picture), "wanted", NULL);
  show_cover (picture, NULL);
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
  textures = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  decoding = g_hash_table_new (NULL, NULL);
  strip_adjustment = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (*strip));
  g_signal_connect (strip_adjustment, "changed", G_CALLBACK (on_strip_moved), NULL);
  g_signal_connect (strip_adjustment, "value-changed", G_CALLBACK (on_strip_moved), NULL);
  return strip_scroller;
}
