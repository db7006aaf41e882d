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
  *move = moves[crapette_random_below (crapette_player_get_random (player),
                                         (guint32) n_moves)];
}

struct _CrapetteRandomPlayer
{
  CrapettePlayer parent_instance;
};

G_DEFINE_FINAL_TYPE (CrapetteRandomPlayer, crapette_random_player, CRAPETTE_TYPE_PLAYER)

static void
crapette_random_player_class_init (CrapetteRandomPlayerClass *klass)
{
  CrapettePlayerClass *player_class = CRAPETTE_PLAYER_CLASS (klass);

  player_class->kind = "random";
  player_class->choose = random_player_choose;
  player_class->notice_rate = 500;
}

static void
crapette_random_player_init (CrapetteRandomPlayer *self)
{
}
