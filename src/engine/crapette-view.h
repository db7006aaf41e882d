/* crapette-view.h: what a player at the table can see of a position
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-position.h"

G_BEGIN_DECLS

/**
 * A view is a #CrapettePosition in which every card lying face down is
 * replaced by %CRAPETTE_CARD_UNKNOWN. Both players see the same cards (every
 * face-up card is in plain sight of both), so one view serves both seats, the
 * table and every computer player. Legal moves can be listed on a view: no
 * rule looks at a card face down.
 */

void     crapette_view_init            (CrapettePosition       *view,
                                        const CrapettePosition *position);
gsize    crapette_view_unseen_cards    (const CrapettePosition *view,
                                        CrapetteCard           *cards);
gsize    crapette_view_hidden_slots    (const CrapettePosition *view,
                                        CrapettePileId         *piles,
                                        guint8                 *depths);
void     crapette_view_fill            (CrapettePosition       *view,
                                        const CrapetteCard     *cards);

G_END_DECLS
