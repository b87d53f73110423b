#include "PositionListModel.h"

struct _BlPositionListModel {
    GObject parent_instance;
    guint count;
};

static void bl_position_list_model_list_model_init(GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(BlPositionListModel, bl_position_list_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, bl_position_list_model_list_model_init))

// MARK: GListModel

static GType bl_position_list_model_get_item_type(GListModel *list) {
    return G_TYPE_OBJECT;
}

static guint bl_position_list_model_get_n_items(GListModel *list) {
    return BL_POSITION_LIST_MODEL(list)->count;
}

// Each call makes a new, empty object: an item carries nothing but the position it is asked
// at, and GTK keeps the one it got for as long as its row shows it.
static gpointer bl_position_list_model_get_item(GListModel *list, guint position) {
    if (position >= BL_POSITION_LIST_MODEL(list)->count) return NULL;
    return g_object_new(G_TYPE_OBJECT, NULL);
}

static void bl_position_list_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = bl_position_list_model_get_item_type;
    iface->get_n_items = bl_position_list_model_get_n_items;
    iface->get_item = bl_position_list_model_get_item;
}

// MARK: Life cycle

static void bl_position_list_model_class_init(BlPositionListModelClass *klass) {}

static void bl_position_list_model_init(BlPositionListModel *self) {
    self->count = 0;
}

BlPositionListModel *bl_position_list_model_new(void) {
    return g_object_new(BL_TYPE_POSITION_LIST_MODEL, NULL);
}

GListModel *bl_position_list_model_as_list_model(BlPositionListModel *self) {
    return G_LIST_MODEL(self);
}

// MARK: Changes

void bl_position_list_model_splice(BlPositionListModel *self, guint position, guint removed, guint added) {
    g_return_if_fail(BL_IS_POSITION_LIST_MODEL(self));
    position = MIN(position, self->count);
    removed = MIN(removed, self->count - position);
    if (removed == 0 && added == 0) return;
    self->count = self->count - removed + added;
    g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
}
