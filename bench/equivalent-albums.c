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
  /* The album at each position once the list was changed (a deletion, a search's answer);
     NULL while position and album are the same, as at the start. */
  GArray *order;
};

/* The album shown at position. */
static guint
album_at (EquivalentAlbums *albums, guint position)
{
  return albums->order != NULL ? g_array_index (albums->order, guint, position) : position;
}

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
  char *title = album_field ("Album", album_at (EQUIVALENT_ALBUMS (model), position));
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
equivalent_albums_finalize (GObject *object)
{
  EquivalentAlbums *albums = EQUIVALENT_ALBUMS (object);
  if (albums->order != NULL)
    g_array_unref (albums->order);
  G_OBJECT_CLASS (equivalent_albums_parent_class)->finalize (object);
}

static void
equivalent_albums_class_init (EquivalentAlbumsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = equivalent_albums_finalize;
}

static void
equivalent_albums_init (EquivalentAlbums *self)
{
  self->count = 0;
  self->order = NULL;
}

GListModel *
equivalent_albums_new (guint count)
{
  EquivalentAlbums *albums = g_object_new (EQUIVALENT_TYPE_ALBUMS, NULL);
  albums->count = count;
  return G_LIST_MODEL (albums);
}

/* MARK: - Changes (bench/equivalent-interactions.c) */

guint
equivalent_albums_album_at (GListModel *model, guint position)
{
  return album_at (EQUIVALENT_ALBUMS (model), position);
}

/* The order array, made from the identity the first time the list changes. */
static GArray *
order_of (EquivalentAlbums *albums)
{
  if (albums->order == NULL)
    {
      albums->order = g_array_sized_new (FALSE, FALSE, sizeof (guint), albums->count + 1);
      for (guint position = 0; position < albums->count; position++)
        g_array_append_val (albums->order, position);
    }
  return albums->order;
}

gboolean
equivalent_albums_remove (GListModel *model, guint position, guint *album)
{
  EquivalentAlbums *albums = EQUIVALENT_ALBUMS (model);
  if (position >= albums->count)
    return FALSE;
  *album = album_at (albums, position);
  g_array_remove_index (order_of (albums), position);
  albums->count--;
  g_list_model_items_changed (model, position, 1, 0);
  return TRUE;
}

void
equivalent_albums_insert (GListModel *model, guint position, guint album)
{
  EquivalentAlbums *albums = EQUIVALENT_ALBUMS (model);
  position = MIN (position, albums->count);
  g_array_insert_val (order_of (albums), position, album);
  albums->count++;
  g_list_model_items_changed (model, position, 0, 1);
}

GListModel *
equivalent_albums_new_matching (guint count, guint last_digit)
{
  EquivalentAlbums *albums = g_object_new (EQUIVALENT_TYPE_ALBUMS, NULL);
  albums->order = g_array_sized_new (FALSE, FALSE, sizeof (guint), count / 10 + 1);
  for (guint album = last_digit % 10; album < count; album += 10)
    g_array_append_val (albums->order, album);
  albums->count = albums->order->len;
  return G_LIST_MODEL (albums);
}
