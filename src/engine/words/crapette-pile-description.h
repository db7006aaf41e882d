/* crapette-pile-description.h: a pile in words, as a screen reader says what the eye sees
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-player-names.h"
#include "crapette-view.h"

G_BEGIN_DECLS

/* The pile as a screen reader names it: "House 3, 2 cards, top card Six of Hearts", "Your
 * reserve, 10 cards, …", its owner named by @names (%NULL: by seat). */
char *crapette_describe_pile       (const CrapetteView        *view,
                                    CrapettePileId             pile,
                                    const CrapettePlayerNames *names);

/* The cards of @pile one sees, from the bottom up ("From the bottom: …"); %NULL when only
 * its top card shows, which its name already says. */
char *crapette_describe_pile_cards (const CrapetteView *view,
                                    CrapettePileId      pile);

/* The top card of @pile by its spoken name ("Seven of Clubs"), or %NULL when it has none
 * face up. */
char *crapette_describe_top_card   (const CrapetteView *view,
                                    CrapettePileId      pile);

G_END_DECLS
