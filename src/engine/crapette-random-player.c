/* crapette-random-player.c: a uniformly random legal move, the baseline
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-player-private.h"

static void
random_player_choose (CrapettePlayer         *player,
                      const CrapettePosition *view,
                      CrapetteMove           *move)
{
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  gsize n_moves = crapette_position_legal_moves (view, moves);

  g_assert (n_moves > 0);
  *move = moves[crapette_random_below (crapette_player_random (player), (guint32) n_moves)];
}

const CrapettePlayerClass crapette_random_player_class = {
  .name = "random",
  .instance_size = sizeof (CrapettePlayer),
  .choose = random_player_choose,
};
