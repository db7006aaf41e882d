/* net-test-mistakes.h: the mistakes the network tests make on purpose, to be called
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-refusal.h"
#include "crapette-round.h"

/* Whether @after, the round a move has made of @before, is one a test looks for. */
typedef gboolean (*NetTestMoveFits) (const CrapetteRound *before,
                                     const CrapetteRound *after);

/* A legal move for the player to move that breaks a duty (mistakes called) and leaves the
 * round in play, the round it makes one @fits (if not %NULL) accepts: the first found, or with
 * @rand one of those that fit, each as likely. */
static inline gboolean
net_test_find_breaking_move (const CrapetteRound *round,
                             NetTestMoveFits      fits,
                             GRand               *rand,
                             CrapetteMove        *found)
{
  const CrapettePosition *position = crapette_round_get_position (round);
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  gsize n = crapette_position_legal_moves (position, moves);
  gsize n_found = 0;

  for (gsize i = 0; i < n; i++)
    {
      CrapetteRound *copy;
      gboolean fit;

      if (crapette_position_duty_broken (position, &moves[i], NULL) == CRAPETTE_REFUSAL_NONE)
        continue;
      copy = crapette_round_copy (round);
      fit = crapette_round_play (copy, &moves[i], NULL) &&
            crapette_round_get_position (copy)->outcome == CRAPETTE_OUTCOME_PLAYING &&
            (fits == NULL || fits (round, copy));
      crapette_round_free (copy);
      if (!fit)
        continue;
      if (rand == NULL)
        {
          *found = moves[i];
          return TRUE;
        }
      if (g_rand_int_range (rand, 0, (gint32) ++n_found) == 0)
        *found = moves[i];
    }
  return n_found > 0;
}
