/*
 * bench/equivalent.c's interactions: with BLUELIBRARY_EQUIVALENT_INTERACTIONS=<repetitions>
 * in the environment, the C window does what bluelibrary-bench (bench/InProcess/Interactions.swift)
 * does to the app, measured the same way, and prints the figures as the same JSON lines:
 *
 *   - select next (Right key): the next album selected and scrolled to (list.scroll-to-item),
 *     back and forth at the ends;
 *   - select by click: two albums to the left, then two to the right (both on screen);
 *   - delete (Delete key): the selected album removed from the list (the next one selected,
 *     and scrolled to); undo (Ctrl+Z): put back where it was, selected and scrolled to;
 *   - swap the strip's model (a search's answer): the strip shown a list of a tenth of the
 *     albums (those whose number ends in a digit), then all of them again, selecting the
 *     first and scrolling to it (at most 50 times there and back).
 *
 * Each sample is the operation (timed around it) plus the next frame's layout and paint (from
 * the frame clock's "before-paint" to its "after-paint"), as FrameWatcher measures the app's.
 * It starts in the middle of the library, as the app's bench does, once the window has painted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "equivalent.h"

/* MARK: - The figures */

/* The samples of one interaction: the operation's times and its frames', in milliseconds. */
typedef struct
{
  const char *name;
  GArray *operation;
  GArray *frame;
} Samples;

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Median, 99th percentile (the sample of rank ⌈0.99 n⌉) and maximum, as BenchResult does. */
static void
print_distribution (const char *section, const char *name, GArray *values)
{
  if (values->len == 0)
    return;
  double *sorted = g_memdup2 (values->data, values->len * sizeof (double));
  qsort (sorted, values->len, sizeof (double), compare_doubles);
  guint median = (guint) (0.5 * values->len + 0.999999) - 1, p99 = (guint) (0.99 * values->len + 0.999999) - 1;
  printf ("{\"count\":%u,\"max\":%.2f,\"median\":%.2f,\"name\":\"%s\",\"p99\":%.2f,\"section\":\"%s\",\"unit\":\"ms\"}\n",
          values->len, sorted[values->len - 1], sorted[median], name, sorted[p99], section);
  g_free (sorted);
}

static void
print_samples (Samples *samples)
{
  GArray *whole = g_array_sized_new (FALSE, FALSE, sizeof (double), samples->operation->len);
  for (guint i = 0; i < samples->operation->len; i++)
    {
      double sum = g_array_index (samples->operation, double, i) + g_array_index (samples->frame, double, i);
      g_array_append_val (whole, sum);
    }
  print_distribution ("interactions", samples->name, whole);
  char *operation = g_strdup_printf ("%s: the operation", samples->name);
  char *frame = g_strdup_printf ("%s: layout and paint", samples->name);
  print_distribution ("interactions, split", operation, samples->operation);
  print_distribution ("interactions, split", frame, samples->frame);
  g_free (operation);
  g_free (frame);
  g_array_unref (whole);
}

static double
now_milliseconds (void)
{
  return g_get_monotonic_time () / 1000.0;
}

/* MARK: - The interactions */

enum { SELECT_NEXT, SELECT_BY_CLICK, DELETE, UNDO, SWAP_MODEL, INTERACTION_COUNT };
/* Before the first interaction: waiting for the window's first frame, then for the frame
   that shows the middle of the library. */
enum { STARTING = -2, SETTLING = -1 };

static const char *const interaction_names[INTERACTION_COUNT] = {
  "select next (Right key)", "select by click", "delete (Delete key)", "undo (Ctrl+Z)", "swap the strip's model (a search's answer)",
};

/* The window under measurement and where the run is. */
typedef struct
{
  GtkWidget *strip;
  GtkSingleSelection *selection;
  GListModel *all_albums;
  GdkFrameClock *clock;
  guint repetitions;
  Samples samples[INTERACTION_COUNT];
  /* The interaction running (or STARTING, SETTLING), how many of its steps are taken, and
     the time of the one waiting for its frame. */
  int interaction;
  guint done;
  double operation_time;
  double frame_start;
  gboolean waiting_for_frame;
  /* Between steps: the direction of select next, the step of a click, the album deleted
     (and where), which model the strip shows. */
  gboolean forward;
  int click_step;
  guint deleted_album, deleted_position;
  gboolean showing_matches;
} Driver;

static void
scroll_to (Driver *driver, guint position)
{
  gtk_widget_activate_action (driver->strip, "list.scroll-to-item", "u", position);
}

/* What the step about to be taken (or just taken) does: in the deletion phase, a deletion
   and its undo alternate. */
static int
step_kind (Driver *driver)
{
  return driver->interaction == DELETE && driver->done % 2 == 1 ? UNDO : driver->interaction;
}

/* How many steps the interaction running takes: delete and undo two per repetition; the
   swap two (there and back) per repetition, at most SWAP_REPETITIONS of them (a swap costs as
   much as the app's search, sort and filter changes, of which the app's bench times some 50). */
#define SWAP_REPETITIONS 50

static guint
step_count (Driver *driver)
{
  switch (driver->interaction)
    {
    case DELETE:
      return 2 * driver->repetitions;
    case SWAP_MODEL:
      return 2 * MIN (driver->repetitions, SWAP_REPETITIONS);
    default:
      return driver->repetitions;
    }
}

/* Does one step. */
static void
perform (Driver *driver, int kind)
{
  guint selected = gtk_single_selection_get_selected (driver->selection);
  guint count = g_list_model_get_n_items (G_LIST_MODEL (driver->selection));
  switch (kind)
    {
    case SELECT_NEXT:
      if (selected + 1 >= count)
        driver->forward = FALSE;
      else if (selected == 0)
        driver->forward = TRUE;
      selected = driver->forward ? selected + 1 : selected - 1;
      gtk_single_selection_set_selected (driver->selection, selected);
      scroll_to (driver, selected);
      break;
    case SELECT_BY_CLICK:
      driver->click_step = -driver->click_step;
      gtk_single_selection_set_selected (driver->selection, (guint) CLAMP ((int) selected + driver->click_step, 0, (int) count - 1));
      break;
    case DELETE:
      driver->deleted_position = selected;
      if (equivalent_albums_remove (driver->all_albums, selected, &driver->deleted_album))
        scroll_to (driver, gtk_single_selection_get_selected (driver->selection));
      break;
    case UNDO:
      equivalent_albums_insert (driver->all_albums, driver->deleted_position, driver->deleted_album);
      gtk_single_selection_set_selected (driver->selection, driver->deleted_position);
      scroll_to (driver, driver->deleted_position);
      break;
    case SWAP_MODEL:
      driver->showing_matches = !driver->showing_matches;
      if (driver->showing_matches)
        {
          GListModel *matches = equivalent_albums_new_matching (album_count, driver->done / 2 % 10);
          gtk_single_selection_set_model (driver->selection, matches);
          g_object_unref (matches);
        }
      else
        gtk_single_selection_set_model (driver->selection, driver->all_albums);
      gtk_single_selection_set_selected (driver->selection, 0);
      scroll_to (driver, 0);
      break;
    }
}

/* The next step, from the main loop, after the frame before it was painted. */
static gboolean
next_step (gpointer user_data)
{
  Driver *driver = user_data;
  double start = now_milliseconds ();
  perform (driver, step_kind (driver));
  driver->operation_time = now_milliseconds () - start;
  driver->waiting_for_frame = TRUE;
  gdk_frame_clock_request_phase (driver->clock, GDK_FRAME_CLOCK_PHASE_PAINT);
  return G_SOURCE_REMOVE;
}

static void
on_before_paint (GdkFrameClock *clock, gpointer user_data)
{
  (void) clock;
  ((Driver *) user_data)->frame_start = now_milliseconds ();
}

/* The first frames: the window's first (then the strip goes to the middle of the library, as
   the app's bench starts there), and the one that shows the middle (not a sample). */
static void
start_when_settled (Driver *driver)
{
  if (driver->interaction == STARTING)
    {
      guint middle = album_count / 2;
      gtk_single_selection_set_selected (driver->selection, middle);
      scroll_to (driver, middle);
      driver->interaction = SETTLING;
      gdk_frame_clock_request_phase (driver->clock, GDK_FRAME_CLOCK_PHASE_PAINT);
    }
  else
    {
      driver->interaction = SELECT_NEXT;
      driver->done = 0;
      g_idle_add (next_step, driver);
    }
}

/* A frame painted: a sample is complete; on to the next step, the next interaction, or the end. */
static void
on_after_paint (GdkFrameClock *clock, gpointer user_data)
{
  (void) clock;
  Driver *driver = user_data;
  if (driver->interaction == STARTING || driver->interaction == SETTLING)
    {
      start_when_settled (driver);
      return;
    }
  if (!driver->waiting_for_frame)
    return;
  driver->waiting_for_frame = FALSE;
  double frame = now_milliseconds () - driver->frame_start;
  Samples *samples = &driver->samples[step_kind (driver)];
  g_array_append_val (samples->operation, driver->operation_time);
  g_array_append_val (samples->frame, frame);
  if (++driver->done >= step_count (driver))
    {
      driver->done = 0;
      driver->interaction = driver->interaction == DELETE ? SWAP_MODEL : driver->interaction + 1;
    }
  if (driver->interaction >= INTERACTION_COUNT)
    {
      for (int i = 0; i < INTERACTION_COUNT; i++)
        print_samples (&driver->samples[i]);
      fflush (stdout);
      exit (0);
    }
  g_idle_add (next_step, driver);
}

/* Once the window is mapped it has its frame clock: watch it from its first paint on. */
static void
on_map (GtkWidget *window, gpointer user_data)
{
  Driver *driver = user_data;
  driver->clock = gtk_widget_get_frame_clock (window);
  if (driver->clock == NULL)
    return;
  g_signal_connect (driver->clock, "before-paint", G_CALLBACK (on_before_paint), driver);
  g_signal_connect (driver->clock, "after-paint", G_CALLBACK (on_after_paint), driver);
}

void
equivalent_interactions_run_if_requested (GtkWidget *window, GtkWidget *strip, GtkSingleSelection *selection)
{
  const char *value = g_getenv ("BLUELIBRARY_EQUIVALENT_INTERACTIONS");
  if (value == NULL || value[0] == '\0')
    return;
  guint64 repetitions = g_ascii_strtoull (value, NULL, 10);
  if (repetitions == 0 || repetitions > 100000 || album_count < 3)
    {
      fprintf (stderr, "equivalent: BLUELIBRARY_EQUIVALENT_INTERACTIONS needs a number of repetitions and 3 albums or more\n");
      exit (2);
    }
  Driver *driver = g_new0 (Driver, 1);  /* lives as long as the process */
  driver->strip = strip;
  driver->selection = selection;
  driver->all_albums = g_object_ref (gtk_single_selection_get_model (selection));  /* kept through a swap */
  driver->repetitions = (guint) repetitions;
  driver->forward = TRUE;
  driver->click_step = 2;
  driver->interaction = STARTING;
  for (int i = 0; i < INTERACTION_COUNT; i++)
    {
      driver->samples[i].name = interaction_names[i];
      driver->samples[i].operation = g_array_new (FALSE, FALSE, sizeof (double));
      driver->samples[i].frame = g_array_new (FALSE, FALSE, sizeof (double));
    }
  g_signal_connect (window, "map", G_CALLBACK (on_map), driver);
}
