/*
 * bench/equivalent.c's library: the made-up albums, and the list model that makes each row's
 * item when GTK asks for it, so it costs next to nothing at 100,000 albums.
 */
#include "equivalent.h"

const char *const genres[8] = { "Pop", "Rock", "Jazz", "Electronic", "Classical", "Folk", "Hip-Hop", "Soundtrack" };

/* The library: how many albums, where their covers are, how wide their numbers are. */
guint album_count = 5;
const char *cover_folder = NULL;
int number_digits = 5;

/* "Album 00042": the numbers have at least 5 digits, more if the last index needs them. */
char *
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

GListModel *
equivalent_albums_new (guint count)
{
  EquivalentAlbums *albums = g_object_new (EQUIVALENT_TYPE_ALBUMS, NULL);
  albums->count = count;
  return G_LIST_MODEL (albums);
}
