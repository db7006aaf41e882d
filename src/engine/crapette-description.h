/* crapette-description.h: moves and piles in words, for screen readers and messages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-position.h"

G_BEGIN_DECLS

const char *crapette_seat_name        (CrapetteSeat            seat);
char       *crapette_describe_pile    (const CrapettePosition *position,
                                       CrapettePileId          pile);
char       *crapette_describe_move    (const CrapettePosition *position,
                                       const CrapetteMove     *move);

G_END_DECLS
