/*
 * What the files of bench/equivalent.c share: the library the window shows (its size, its
 * covers, its made-up albums) and the two parts of the window that live in files of their own.
 */
#ifndef BLUELIBRARY_EQUIVALENT_H
#define BLUELIBRARY_EQUIVALENT_H

#include <gtk/gtk.h>

#define COVER_SIZE 144

/* The library: how many albums, where their covers are, how wide their numbers are. */
extern guint album_count;
extern const char *cover_folder;
extern int number_digits;
extern const char *const genres[8];

/* "Album 00042": the numbers have at least 5 digits, more if the last index needs them. */
char *album_field (const char *name, guint index);

/* The albums as a list model of their titles, made when GTK asks for them
   (bench/equivalent-albums.c). */
GListModel *equivalent_albums_new (guint count);

/* The album (its index among the made-up ones) at position of the list. */
guint equivalent_albums_album_at (GListModel *albums, guint position);

/* Removes the album at position, telling which it was in *album; FALSE if there is none. */
gboolean equivalent_albums_remove (GListModel *albums, guint position, guint *album);

/* Puts album back at position (a deletion undone). */
void equivalent_albums_insert (GListModel *albums, guint position, guint album);

/* A search's answer: the albums of a library of count whose numbers end in last_digit, in
   a list of their own. */
GListModel *equivalent_albums_new_matching (guint count, guint last_digit);

/* The cover strip over selection, in its scrolled window (bench/equivalent-strip.c); the
   list view itself, to focus, in *strip. */
GtkWidget *cover_strip_new (GtkSingleSelection *selection, GtkWidget **strip);

/* Starts decoding the covers of the albums at positions first to first + count - 1, off
   the GTK thread, before the window is laid out: the covers its first frame shows, as the
   app's prefetchFirstCovers does. */
void cover_strip_prefetch (guint first, guint count);

/* Whether every row on screen shows its cover (or has none): what the app's first-frame
   exit waits for (WindowDiagnostics' visibleCoversArePlaced). */
gboolean cover_strip_visible_covers_placed (void);

/* With BLUELIBRARY_EQUIVALENT_INTERACTIONS=<repetitions> in the environment, once the window
   is on screen: measures what bluelibrary-bench measures of the app (select next, select by
   click, delete, undo, and a search's swap of the strip's model), prints the figures as JSON
   lines and exits (bench/equivalent-interactions.c). */
void equivalent_interactions_run_if_requested (GtkWidget *window, GtkWidget *strip, GtkSingleSelection *selection);

#endif
