/* crash-helper.c: plays a match and saves after every move, exactly as the
 * window does, so that tests/crash-resume.sh can kill it at any moment
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: crash-helper SEED     resume the saved match (or start one) and play on for ever,
 *                              writing "saved N" after each save, N the moves in the match
 *        crash-helper --check  resume the saved match and write "resumed N", or
 *                              "damaged: …" when it could not be read
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "crapette-game.h"
#include "crapette-match.h"
#include "crapette-random.h"
#include "crapette-savegame.h"

static void
save_or_die (CrapetteMatch *match)
{
  g_autoptr(GError) error = NULL;

  if (!crapette_savegame_save (match, &error))
    {
      g_printerr ("%s\n", error->message);
      exit (2);
    }
  printf ("saved %u\n", crapette_match_count_moves (match));
  fflush (stdout);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *kept_as = NULL;
  CrapetteRandom random;
  guint64 seed;

  if (argc != 2)
    {
      g_printerr ("Usage: %s SEED | --check\n", argv[0]);
      return 2;
    }

  match = crapette_savegame_load (game, &kept_as, &error);
  if (error != NULL)
    {
      printf ("damaged: %s\n", error->message);
      return 1;
    }

  if (g_str_equal (argv[1], "--check"))
    {
      printf ("resumed %u\n", match != NULL ? crapette_match_count_moves (match) : 0);
      return 0;
    }

  seed = g_ascii_strtoull (argv[1], NULL, 10);
  if (match == NULL)
    {
      CrapetteRules rules;

      /* Few idle turns, so that rounds end and new ones are dealt and saved too. */
      crapette_rules_init_default (&rules);
      rules.idle_turn_limit = 10;
      match = crapette_match_new (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 100000, seed);
      crapette_match_set_players (match, CRAPETTE_OPPONENT_COMPUTER_EASY, "", "");
    }
  crapette_random_init (&random, seed ^ crapette_match_count_moves (match));

  for (;;)
    {
      gsize n_moves;
      const CrapetteMove *legal;
      CrapetteMove move;

      if (!crapette_match_is_round_in_play (match))
        {
          if (!crapette_match_deal_next_round (match))
            return 0;
          save_or_die (match);
          continue;
        }
      legal = crapette_game_get_legal_moves (game, &n_moves);
      move = legal[crapette_random_below (&random, (guint32) n_moves)];
      if (!crapette_game_play (game, &move, &error))
        {
          g_printerr ("%s\n", error->message);
          return 2;
        }
      save_or_die (match);
    }
}
