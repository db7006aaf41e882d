/* bench-engine.c: how fast the rules run, for bench/engine.sh
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plays random rounds with the raw position API (generate the legal moves,
 * pick one, apply it) on one core and prints, per variant, the legal moves
 * generated-and-applied per second and the rounds per second. The repetition
 * rule needs a round's history and is left to bench "sim" below, which plays
 * through CrapetteRound and the players' views as crapette-sim does.
 */

#include "config.h"

#include <stdlib.h>

#include "crapette-position.h"
#include "crapette-random.h"
#include "crapette-round.h"
#include "crapette-view.h"

/* Rounds without the repetition rule can go on for ever; cut them here. */
#define MOVES_PER_ROUND_CAP 2000

static void
bench_raw (CrapetteVariant variant,
           guint64         total_moves)
{
  CrapetteRules rules;
  CrapetteRandom random;
  CrapettePosition position;
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  guint64 moves_done = 0, generated = 0, rounds = 0;
  gint64 started;
  gdouble seconds;

  crapette_rules_init_default (&rules);
  crapette_random_init (&random, 42);
  started = g_get_monotonic_time ();
  while (moves_done < total_moves)
    {
      guint in_round = 0;

      crapette_position_deal (&position, variant, &rules, rounds + 1, 0);
      while (position.outcome == CRAPETTE_OUTCOME_PLAYING && in_round < MOVES_PER_ROUND_CAP)
        {
          gsize n = crapette_position_legal_moves (&position, moves);

          generated += n;
          crapette_position_apply_move (&position, &moves[crapette_random_below (&random, (guint32) n)]);
          in_round++;
        }
      moves_done += in_round;
      rounds++;
    }
  seconds = (g_get_monotonic_time () - started) / 1e6;
  g_print ("%s raw: %.0f moves/s (generate + apply), %.0f legal moves listed/s, %.0f rounds/s\n",
           variant == CRAPETTE_VARIANT_RUSSIAN ? "russian" : "american",
           moves_done / seconds, generated / seconds, rounds / seconds);
}

static void
bench_rounds (CrapetteVariant variant,
              guint           n_rounds)
{
  CrapetteRules rules;
  CrapetteRandom random;
  guint64 moves_done = 0;
  gint64 started;
  gdouble seconds;

  crapette_rules_init_default (&rules);
  crapette_random_init (&random, 7);
  started = g_get_monotonic_time ();
  for (guint i = 0; i < n_rounds; i++)
    {
      g_autoptr(CrapetteRound) round = crapette_round_new_deal (variant, &rules, i + 1, 0);

      while (crapette_round_get_position (round)->outcome == CRAPETTE_OUTCOME_PLAYING)
        {
          CrapettePosition view;
          CrapetteMove moves[CRAPETTE_MAX_MOVES];
          gsize n;

          crapette_view_init (&view, crapette_round_get_position (round));
          n = crapette_position_legal_moves (&view, moves);
          crapette_round_play (round, &moves[crapette_random_below (&random, (guint32) n)], NULL);
        }
      moves_done += crapette_round_get_n_moves (round);
    }
  seconds = (g_get_monotonic_time () - started) / 1e6;
  g_print ("%s rounds: %.0f moves/s through views and CrapetteRound, %.0f rounds/s\n",
           variant == CRAPETTE_VARIANT_RUSSIAN ? "russian" : "american",
           moves_done / seconds, n_rounds / seconds);
}

int
main (int   argc,
      char *argv[])
{
  guint64 moves = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 3000000;

  bench_raw (CRAPETTE_VARIANT_RUSSIAN, moves);
  bench_raw (CRAPETTE_VARIANT_AMERICAN, moves);
  bench_rounds (CRAPETTE_VARIANT_RUSSIAN, 2000);
  bench_rounds (CRAPETTE_VARIANT_AMERICAN, 2000);
  return 0;
}
