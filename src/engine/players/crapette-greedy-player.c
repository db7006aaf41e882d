/* crapette-greedy-player.c: the baseline of the known Russian Bank programs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Greedy searches every order of the moves of its own turn up to the next
 * card it must turn (or the end of the turn), and picks where they lead by a
 * fixed ordering (crapette_search_greedy_key()). It never looks into the
 * opponent's turn. It keeps no plan between calls: the search is fast, and
 * starting afresh makes every choice depend on the view alone.
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-player-private.h"
#include "crapette-search.h"

static void
greedy_player_choose (CrapettePlayer         *player,
                      const CrapettePosition *view,
                      CrapetteMove           *move)
{
  crapette_search_choose (view, crapette_player_get_turn_memory (player),
                          CRAPETTE_SEARCH_DEFAULT_NODES, crapette_search_greedy_key, move);
}

struct _CrapetteGreedyPlayer
{
  CrapettePlayer parent_instance;
};

G_DEFINE_FINAL_TYPE (CrapetteGreedyPlayer, crapette_greedy_player, CRAPETTE_TYPE_PLAYER)

static void
crapette_greedy_player_class_init (CrapetteGreedyPlayerClass *klass)
{
  CrapettePlayerClass *player_class = CRAPETTE_PLAYER_CLASS (klass);

  player_class->kind = "greedy";
  player_class->choose = greedy_player_choose;
  /* The baselines never err on purpose; greedy, as sharp-eyed as Hard, calls
   * everything, so that Hard's advantage over it is not a matter of calls. */
  player_class->notice_rate = 1000;
}

static void
crapette_greedy_player_init (CrapetteGreedyPlayer *self)
{
}
