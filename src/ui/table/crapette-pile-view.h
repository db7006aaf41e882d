/* crapette-pile-view.h: one pile of the table, as keyboard focus and screen readers see it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "crapette-types.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_PILE_VIEW (crapette_pile_view_get_type ())

G_DECLARE_FINAL_TYPE (CrapettePileView, crapette_pile_view, CRAPETTE, PILE_VIEW, GtkWidget)

/* Creates the focusable stand-in for @pile; the table draws the cards. */
GtkWidget      *crapette_pile_view_new      (CrapettePileId    pile);

/* Returns the pile this widget stands for. */
CrapettePileId  crapette_pile_view_get_pile (CrapettePileView *self);
CrapettePileId  crapette_pile_view_get_focused_pile (GtkWidget *parent);

G_END_DECLS
