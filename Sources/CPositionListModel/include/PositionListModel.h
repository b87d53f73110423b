// A GListModel of positions: `count` interchangeable items, none of them stored.
//
// GTK's list views need a GListModel; the strip only needs its length. GtkStringList kept
// one GObject per album (100,000 allocated, or freed, each time a search widened or narrowed
// the strip); this model keeps a count and makes an item only when GTK asks for one (the
// rows it binds, about 200).

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define BL_TYPE_POSITION_LIST_MODEL (bl_position_list_model_get_type())
G_DECLARE_FINAL_TYPE(BlPositionListModel, bl_position_list_model, BL, POSITION_LIST_MODEL, GObject)

/// A new, empty model (a full reference).
BlPositionListModel *bl_position_list_model_new(void);

/// The model's `GListModel` interface.
GListModel *bl_position_list_model_as_list_model(BlPositionListModel *self);

/// Removes `removed` positions at `position` and inserts `added` there, in one
/// `items-changed`. Out-of-range requests are clamped.
void bl_position_list_model_splice(BlPositionListModel *self, guint position, guint removed, guint added);

G_END_DECLS
