/*
 * The first-frame exit shared by bench/baseline.c and bench/equivalent.c, as the app does it:
 * with BLUELIBRARY_EXIT_AFTER_FIRST_FRAME=1 the process exits right after its window's first
 * frame is painted (the first "after-paint" of its frame clock), so the wall time of the
 * process is its time to first frame. A window whose first frame must show more (the C
 * window's covers on screen, as the app's FirstFrameProbe waits for them) says so with a
 * function that tells whether the frame just painted showed it.
 */
#ifndef BLUELIBRARY_FIRST_FRAME_EXIT_H
#define BLUELIBRARY_FIRST_FRAME_EXIT_H

#include <gtk/gtk.h>
#include <stdlib.h>
#include <string.h>

/* Whether the frame just painted is complete; NULL: any frame is. */
typedef gboolean (*FirstFrameIsComplete) (void);
static FirstFrameIsComplete first_frame_is_complete = NULL;

/* Exits on the first complete frame painted; the process ends here, so nothing is
   disconnected. */
static void
on_after_paint (GdkFrameClock *clock, gpointer user_data)
{
  (void) clock;
  (void) user_data;
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
  g_signal_connect (window, "map", G_CALLBACK (on_map), NULL);
}

#endif
