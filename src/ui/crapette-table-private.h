/* crapette-table-private.h: what the tests may ask a table about its inner state
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-table.h"
#include "crapette-table-layout.h"

G_BEGIN_DECLS

/* Returns the gesture that drags cards; tests emit its signals to play a drag. */
GtkGesture                *crapette_table_get_drag_gesture  (CrapetteTable  *self);

/* Returns the gesture that takes clicks and double-clicks. */
GtkGesture                *crapette_table_get_click_gesture (CrapetteTable  *self);

/* Returns the pile whose card is picked up, or %CRAPETTE_NO_PILE. */
CrapettePileId             crapette_table_get_selected_pile (CrapetteTable  *self);

/* Returns whether @pile is highlighted as a place the card in hand may go. */
gboolean                   crapette_table_pile_is_target    (CrapetteTable  *self,
                                                             CrapettePileId  pile);

/* Returns the focusable widget standing for @pile. */
GtkWidget                 *crapette_table_get_pile_view     (CrapetteTable  *self,
                                                             CrapettePileId  pile);

/* Returns the pile that has the keyboard focus, or %CRAPETTE_NO_PILE. */
CrapettePileId             crapette_table_get_focus_pile    (CrapetteTable  *self);

/* Returns the geometry the table was last laid out with. */
const CrapetteTableLayout *crapette_table_get_layout        (CrapetteTable  *self);

/* Returns the pile under the point (@x, @y) of the table, or %CRAPETTE_NO_PILE. */
CrapettePileId             crapette_table_pile_at           (CrapetteTable  *self,
                                                             double          x,
                                                             double          y);

G_END_DECLS
