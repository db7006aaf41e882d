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
 *
 * A known view is what a player who remembers the table also knows: every
 * move is made in the open, so a card that was once face up can be followed
 * wherever it goes — into a stock made by turning the waste over, under a
 * card loaded onto a reserve, into an American Bank completed sequence —
 * and is shown although it lies face down. Computer players (and hints)
 * decide from the known view; the table draws the plain view.
 */

void     crapette_view_init            (CrapettePosition       *view,
                                        const CrapettePosition *position);
void     crapette_view_init_known      (CrapettePosition       *view,
                                        const CrapettePosition *position);
gsize    crapette_view_unseen_cards    (const CrapettePosition *view,
                                        CrapetteCard           *cards);
gsize    crapette_view_hidden_slots    (const CrapettePosition *view,
                                        CrapettePileId         *piles,
                                        guint8                 *depths);
void     crapette_view_fill            (CrapettePosition       *view,
                                        const CrapetteCard     *cards);

G_END_DECLS
