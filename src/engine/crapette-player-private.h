/* crapette-player-private.h: what the players share with each other
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-player.h"
#include "crapette-random.h"

G_BEGIN_DECLS

extern const CrapettePlayerClass crapette_random_player_class;
extern const CrapettePlayerClass crapette_greedy_player_class;
extern const CrapettePlayerClass crapette_easy_player_class;
extern const CrapettePlayerClass crapette_medium_player_class;
extern const CrapettePlayerClass crapette_hard_player_class;

/* The player's own random generator: each player's state starts with it. */
static inline CrapetteRandom *
crapette_player_random (CrapettePlayer *player)
{
  return (CrapetteRandom *) &player->random_state;
}

G_END_DECLS
