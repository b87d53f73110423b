/*
 * The comparison baseline for bench/run: the smallest GTK 4 window that looks like an app
 * (a GtkApplication, a 900x600 GtkApplicationWindow with a header bar and a centred label).
 * Built with -DBASELINE_LIBADWAITA it is the same window from libadwaita (AdwApplication,
 * AdwApplicationWindow, AdwHeaderBar), as the app is: the difference between the two is what
 * the platform itself costs (its style sheet, its style manager).
 *
 * With BLUELIBRARY_EXIT_AFTER_FIRST_FRAME=1 in the environment it exits right after its first
 * frame is painted (the first "after-paint" of the window's frame clock), like the app does,
 * so the wall time of the process is its time to first frame (and until visually complete: it
 * has no covers); BLUELIBRARY_FIRST_PAINT_FILE=<file> gets that frame's time
 * (bench/first-frame-exit.h).
 *
 * Built by bench/run:
 *   cc $(pkg-config --cflags gtk4) bench/baseline.c -o .build/bench/baseline $(pkg-config --libs gtk4) -O2
 *   cc -DBASELINE_LIBADWAITA $(pkg-config --cflags libadwaita-1) bench/baseline.c -o .build/bench/baseline-adw \
 *      $(pkg-config --libs libadwaita-1) -O2
 */
#ifdef BASELINE_LIBADWAITA
#include <adwaita.h>
#else
#include <gtk/gtk.h>
#endif

#include "first-frame-exit.h"

static void
on_activate (GtkApplication *app, gpointer user_data)
{
  (void) user_data;
  GtkWidget *label = gtk_label_new ("Baseline");
  gtk_widget_set_halign (label, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
#ifdef BASELINE_LIBADWAITA
  GtkWidget *window = adw_application_window_new (app);
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (content), adw_header_bar_new ());
  gtk_widget_set_vexpand (label, TRUE);
  gtk_box_append (GTK_BOX (content), label);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), content);
#else
  GtkWidget *window = gtk_application_window_new (app);
  gtk_window_set_titlebar (GTK_WINDOW (window), gtk_header_bar_new ());
  gtk_window_set_child (GTK_WINDOW (window), label);
#endif
  gtk_window_set_title (GTK_WINDOW (window), "Baseline");
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 600);

  exit_after_first_frame_if_requested (window, NULL);

  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
#ifdef BASELINE_LIBADWAITA
  GtkApplication *app = GTK_APPLICATION (adw_application_new ("io.github.bluelibrary.Baseline", G_APPLICATION_NON_UNIQUE));
#else
  GtkApplication *app = gtk_application_new ("io.github.bluelibrary.Baseline", G_APPLICATION_NON_UNIQUE);
#endif
  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);
  int status = g_application_run (G_APPLICATION (app), argc, argv);
  g_object_unref (app);
  return status;
}
