/*
 * The first-frame exit shared by bench/baseline.c and bench/equivalent.c, as the app does it:
 * with BLUELIBRARY_EXIT_AFTER_FIRST_FRAME=1 the process exits right after the first frame its
 * window paints that is complete (the first "after-paint" of its frame clock, or the first
 * one that shows what a window whose first frame must show more asks for: the C window's
 * covers on screen, as the app's FirstFrameProbe waits for them), so the wall time of the
 * process is its time until it is visually complete. With BLUELIBRARY_FIRST_PAINT_FILE=<file>
 * as well, the time of the very first frame painted, complete or not, is written to that
 * file (seconds on the monotonic clock, as the app writes it): the time to first frame.
 */
#ifndef BLUELIBRARY_FIRST_FRAME_EXIT_H
#define BLUELIBRARY_FIRST_FRAME_EXIT_H

#include <gtk/gtk.h>
#include <stdlib.h>
#include <string.h>

/* Whether the frame just painted is complete; NULL: any frame is. */
typedef gboolean (*FirstFrameIsComplete) (void);
static FirstFrameIsComplete first_frame_is_complete = NULL;

/* Where the first frame's time goes; NULL once it is written (or when none is asked for). */
static const char *first_paint_file = NULL;

/* Writes the time of the first frame painted to first_paint_file, once. */
static void
record_first_paint (void)
{
  if (first_paint_file == NULL)
    return;
  char text[G_ASCII_DTOSTR_BUF_SIZE + 1];
  g_ascii_dtostr (text, sizeof text - 1, g_get_monotonic_time () / 1e6);
  strcat (text, "\n");
  GError *error = NULL;
  if (!g_file_set_contents_full (first_paint_file, text, -1, G_FILE_SET_CONTENTS_NONE, 0644, &error))
    {
      g_warning ("the first frame's time could not be written: %s", error->message);
      g_error_free (error);
    }
  first_paint_file = NULL;
}

/* Exits on the first complete frame painted; the process ends here, so nothing is
   disconnected. */
static void
on_after_paint (GdkFrameClock *clock, gpointer user_data)
{
  (void) clock;
  (void) user_data;
  record_first_paint ();
  if (first_frame_is_complete == NULL || first_frame_is_complete ())
    exit (0);
}

/* Once the window is mapped it has its frame clock: watch it for the first paint. */
static void
on_map (GtkWidget *window, gpointer user_data)
{
  (void) user_data;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  if (clock != NULL)
    g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), NULL);
}

/* Makes `window` exit the process after its first frame for which `is_complete` (NULL:
   any) holds, when the environment asks. */
static void
exit_after_first_frame_if_requested (GtkWidget *window, FirstFrameIsComplete is_complete)
{
  const char *value = g_getenv ("BLUELIBRARY_EXIT_AFTER_FIRST_FRAME");
  if (value == NULL || strcmp (value, "1") != 0)
    return;
  first_frame_is_complete = is_complete;
  first_paint_file = g_getenv ("BLUELIBRARY_FIRST_PAINT_FILE");
  g_signal_connect (window, "map", G_CALLBACK (on_map), NULL);
}

#endif
