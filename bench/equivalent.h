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

/* The cover strip over selection, in its scrolled window (bench/equivalent-strip.c); the
   list view itself, to focus, in *strip. */
GtkWidget *cover_strip_new (GtkSingleSelection *selection, GtkWidget **strip);

#endif
