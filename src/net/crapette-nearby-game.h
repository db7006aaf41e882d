/* crapette-nearby-game.h: a game announced on the same network, as a list shows it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One row of the list of games nearby (crapette-nearby-browser.h): who hosts it, which game,
 * and the join address to hand to crapette_direct_address_parse(). Read-only once made.
 *
 *   :name     the host's name as announced (made unique on the network, e.g. "Ann #2")
 *   :variant  #CrapetteVariant of the host's game
 *   :address  the full join address, crapette-direct://HOST:PORT/?pin=…&key=…
 */

#pragma once

#include <gio/gio.h>

#include "crapette-types.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_NEARBY_GAME (crapette_nearby_game_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteNearbyGame, crapette_nearby_game, CRAPETTE, NEARBY_GAME, GObject)

/* Makes a game hosted by @name, playing @variant, joined at @address. */
CrapetteNearbyGame *crapette_nearby_game_new         (const char         *name,
                                                      CrapetteVariant     variant,
                                                      const char         *address);

/* Returns the host's name as announced. */
const char         *crapette_nearby_game_get_name    (CrapetteNearbyGame *self);

/* Returns the host's game. */
CrapetteVariant     crapette_nearby_game_get_variant (CrapetteNearbyGame *self);

/* Returns the join address. */
const char         *crapette_nearby_game_get_address (CrapetteNearbyGame *self);

G_END_DECLS
