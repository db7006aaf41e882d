/* fuzz-match-record.c: libFuzzer target for the match record, the saved game's format
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Arbitrary bytes are read as a match record, as the game does at every start. A record
 * that reads must write back to text that reads as the same match (the same rounds,
 * moves, scores, players and position), and that text must write back unchanged.
 */

#define G_LOG_DOMAIN "crapette-fuzz"

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "crapette-match.h"
#include "crapette-match-record.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Criticals and warnings mean the reader handed the engine something it should have
 * refused; the fuzzer must see them as crashes. */
int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

static void
assert_same_match (CrapetteMatch *a,
                   CrapetteMatch *b,
                   const char    *written)
{
  CrapetteGame *game_a = crapette_match_get_game (a);
  CrapetteGame *game_b = crapette_match_get_game (b);

  if (crapette_match_get_variant (a) != crapette_match_get_variant (b) ||
      crapette_match_get_length (a) != crapette_match_get_length (b) ||
      crapette_match_get_seed (a) != crapette_match_get_seed (b) ||
      crapette_match_count_moves (a) != crapette_match_count_moves (b) ||
      crapette_match_get_n_finished_rounds (a) != crapette_match_get_n_finished_rounds (b) ||
      crapette_match_is_round_in_play (a) != crapette_match_is_round_in_play (b) ||
      crapette_match_is_finished (a) != crapette_match_is_finished (b) ||
      crapette_match_get_score (a, CRAPETTE_SOUTH) != crapette_match_get_score (b, CRAPETTE_SOUTH) ||
      crapette_match_get_score (a, CRAPETTE_NORTH) != crapette_match_get_score (b, CRAPETTE_NORTH) ||
      crapette_match_get_opponent (a) != crapette_match_get_opponent (b) ||
      crapette_game_get_current_player (game_a) != crapette_game_get_current_player (game_b) ||
      !crapette_position_equal (crapette_round_get_position (crapette_game_get_round (game_a)),
                                crapette_round_get_position (crapette_game_get_round (game_b))))
    g_error ("A match reads back different:\n%s", written);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteGame) game_again = NULL;
  g_autoptr(CrapetteMatch) match = NULL;
  g_autoptr(CrapetteMatch) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;

  match = crapette_match_new_from_record (game, (const char *) data, (gssize) size, &error);
  if (match == NULL)
    {
      g_assert (error != NULL && error->message != NULL && *error->message != '\0');
      return 0;
    }
  g_assert (error == NULL);

  written = crapette_match_to_record (match);
  game_again = crapette_game_new ();
  again = crapette_match_new_from_record (game_again, written, -1, &error);
  if (again == NULL)
    g_error ("A written match does not read back: %s\n%s", error->message, written);
  assert_same_match (match, again, written);
  rewritten = crapette_match_to_record (again);
  if (strcmp (written, rewritten) != 0)
    g_error ("A match is written differently the second time:\n%s\n%s", written, rewritten);
  return 0;
}
