/* crapette-names.h: the names people read — games, seats, piles, opponents — written once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "crapette-enums.h"
#include "crapette-types.h"

G_BEGIN_DECLS

const char *crapette_variant_name         (CrapetteVariant  variant);
const char *crapette_seat_name            (CrapetteSeat     seat);
char       *crapette_pile_name            (CrapetteVariant  variant,
                                           CrapettePileId   pile);
const char *crapette_pile_kind_name       (CrapetteVariant  variant,
                                           CrapettePileKind kind);
const char *crapette_opponent_name        (CrapetteOpponent opponent);
const char *crapette_opponent_short_name  (CrapetteOpponent opponent);
const char *crapette_opponent_player_kind (CrapetteOpponent opponent);

const char *crapette_enum_to_nick         (GType            enum_type,
                                           int              value);
gboolean    crapette_enum_from_nick       (GType            enum_type,
                                           const char      *nick,
                                           int             *value);

G_END_DECLS
