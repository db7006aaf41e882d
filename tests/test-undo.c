/* test-undo.c: taking moves back, and playing them again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "crapette-notation.h"
#include "crapette-random.h"
#include "crapette-round.h"

#include "crapette-variant-private.h"
#include "engine-test-helpers.h"

/* Random rounds of each game for the property test, and the moves each may last. */
#define N_RANDOM_ROUNDS 1000
#define MOVE_BOUND 3000
/* Moves played, then taken back, at each checked moment. */
#define MAX_MOVES_TAKEN_BACK 4

/* Two black eights in the houses and a red seven that can hop between them,
 * with a card on South's stock to turn. */
static const char russian_houses[] =
  "Crapette position\n"
  "Variant: russian\n"
  "To move: south\n"
  "\n"
  "SR: 9♦ 3♦\n"
  "NR: 3♣*\n"
  "H1: 8♠ 7♥\n"
  "H2: 8♣*\n"
  "H3: K♣\n"
  "H4: 2♣\n"
  "H5: 5♥\n"
  "H6: 9♥\n"
  "H7: Q♦\n"
  "H8: J♦\n"
  "Rest: SD ND\n";

static void
test_russian_move_between_houses (void)
{
  g_autoptr(CrapetteRound) round = round_from_text (russian_houses);
  CrapettePosition start = *crapette_round_get_position (round);
  CrapetteMove there = card_move (crapette_pile_house (0), crapette_pile_house (1));
  CrapettePosition after;

  g_assert_false (crapette_round_can_undo (round));
  g_assert_false (crapette_round_undo (round));

  play (round, &there);
  after = *crapette_round_get_position (round);
  g_assert_true (crapette_round_can_undo (round));
  g_assert_false (crapette_round_can_redo (round));

  g_assert_true (crapette_round_undo (round));
  g_assert_cmpuint (crapette_round_get_n_moves (round), ==, 0);
  g_assert_true (crapette_position_equal (crapette_round_get_position (round), &start));
  g_assert_true (crapette_round_can_redo (round));
  g_assert_true (crapette_move_same_action (crapette_round_get_redo_move (round), &there));

  g_assert_true (crapette_round_redo (round));
  g_assert_true (crapette_position_equal (crapette_round_get_position (round), &after));
  g_assert_false (crapette_round_can_redo (round));
  g_assert_true (crapette_round_can_undo (round));
}

static void
test_russian_repetitions_taken_back (void)
{
  g_autoptr(CrapetteRound) round = round_from_text (russian_houses);
  CrapetteMove there = card_move (crapette_pile_house (0), crapette_pile_house (1));
  CrapetteMove back = card_move (crapette_pile_house (1), crapette_pile_house (0));

  /* The start comes back once: one repetition. Taken back, it is gone. */
  play (round, &there);
  play (round, &back);
  g_assert_cmpuint (crapette_round_count_repetitions (round), ==, 1);
  g_assert_true (crapette_round_undo (round));
  g_assert_cmpuint (crapette_round_count_repetitions (round), ==, 0);

  /* Played again, twice more: the third time still blocks the round. */
  play (round, &back);
  play (round, &there);
  play (round, &back);
  g_assert_cmpint (crapette_round_get_position (round)->outcome, ==, CRAPETTE_OUTCOME_BLOCKED);
  /* A round that is over cannot be taken back. */
  g_assert_false (crapette_round_can_undo (round));
}

static void
test_russian_turn_cannot_be_taken_back (void)
{
  g_autoptr(CrapetteRound) round = round_from_text (russian_houses);
  CrapetteMove there = card_move (crapette_pile_house (0), crapette_pile_house (1));
  CrapetteMove turn = plain_move (CRAPETTE_MOVE_TURN);
  guint floor;

  play (round, &there);
  g_assert_true (crapette_round_can_undo (round));

  /* The reserve's 3♦ has nowhere to go, so South turns a card from the stock:
   * that card is seen now, so neither the turn nor the move before it can be
   * taken back. */
  play (round, &turn);
  floor = crapette_round_get_undo_floor (round);
  g_assert_cmpuint (floor, ==, 2);
  g_assert_false (crapette_round_can_undo (round));
  g_assert_false (crapette_round_undo (round));
  g_assert_cmpuint (crapette_round_get_n_moves (round), ==, 2);
}

/* South's reserve has a seven on top of a four; a black eight waits in a house. */
static const char russian_reserve[] =
  "Crapette position\n"
  "Variant: russian\n"
  "To move: south\n"
  "\n"
  "SR: 4♦ 7♥\n"
  "NR: 3♣*\n"
  "H1: 8♠\n"
  "H2: 8♣*\n"
  "H3: 10♣\n"
  "Rest: SD ND\n";

static void
test_russian_uncovered_reserve_card (void)
{
  g_autoptr(CrapetteRound) round = round_from_text (russian_reserve);
  CrapetteMove reserve_out = card_move (crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE,
                                                               CRAPETTE_SOUTH),
                                        crapette_pile_house (0));
  CrapetteMove eight_across = card_move (crapette_pile_house (0), crapette_pile_house (1));

  /* Playing the reserve's seven shows the four under it: no way back. */
  play (round, &reserve_out);
  g_assert_false (crapette_round_can_undo (round));
  g_assert_cmpuint (crapette_round_get_undo_floor (round), ==, 1);

  /* Moves after it can be taken back, but only down to it. */
  play (round, &eight_across);
  g_assert_true (crapette_round_can_undo (round));
  g_assert_true (crapette_round_undo (round));
  g_assert_false (crapette_round_can_undo (round));
  g_assert_cmpuint (crapette_round_get_n_moves (round), ==, 1);
}

/* South's turned card can only go to the waste, which ends the turn. */
static const char russian_discard[] =
  "Crapette position\n"
  "Variant: russian\n"
  "To move: south\n"
  "\n"
  "SR: 4♦\n"
  "SC: 2♣\n"
  "NR: 3♣*\n"
  "H1: 8♠\n"
  "Rest: SD ND\n";

static void
test_russian_end_of_turn (void)
{
  g_autoptr(CrapetteRound) round = round_from_text (russian_discard);
  CrapetteMove discard = card_move (crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED,
                                                           CRAPETTE_SOUTH),
                                    crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE,
                                                           CRAPETTE_SOUTH));

  play (round, &discard);
  g_assert_cmpint (crapette_round_get_position (round)->to_move, ==, CRAPETTE_NORTH);
  g_assert_false (crapette_round_can_undo (round));
}

static void
test_american_turn_from_hand (void)
{
  g_autoptr(CrapetteRound) round = round_from_text ("Crapette position\n"
                                                    "Variant: american\n"
                                                    "Rest: SD ND\n"
                                                    "NW: 3♣\n"
                                                    "T1: 5♣\n"
                                                    "T2: 6♠\n"
                                                    "T3: 10♦ J♥\n");
  CrapetteMove turn = plain_move (CRAPETTE_MOVE_TURN);
  CrapetteMove across = card_move (crapette_pile_house (1), crapette_pile_house (0));

  play (round, &turn);
  g_assert_false (crapette_round_can_undo (round));
  g_assert_cmpuint (crapette_round_get_undo_floor (round), ==, 1);

  /* A move between tableau piles after it shows nothing new. */
  play (round, &across);
  g_assert_true (crapette_round_undo (round));
  g_assert_false (crapette_round_can_undo (round));
  g_assert_true (crapette_round_redo (round));
  g_assert_true (crapette_round_can_undo (round));
}

static void
test_american_tableau_move (void)
{
  g_autoptr(CrapetteRound) round = round_from_text ("Crapette position\n"
                                                    "Variant: american\n"
                                                    "Rest: SD ND\n"
                                                    "SC: 9♥\n"
                                                    "NW: 3♣\n"
                                                    "T1: 8♦\n"
                                                    "T2: 5♥ 6♦ 7♥\n");
  CrapettePosition start = *crapette_round_get_position (round);
  CrapetteMove down = card_move (crapette_pile_house (1), crapette_pile_house (0));
  CrapetteMove up = card_move (crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_SOUTH),
                               crapette_pile_house (0));

  play (round, &down);
  g_assert_true (crapette_round_can_undo (round));
  g_assert_true (crapette_round_undo (round));
  g_assert_true (crapette_position_equal (crapette_round_get_position (round), &start));

  /* A new move forgets the one taken back. */
  play (round, &up);
  g_assert_false (crapette_round_can_redo (round));
  g_assert_true (crapette_round_can_undo (round));
}

static void
test_american_completed_sequence (void)
{
  g_autoptr(CrapetteRound) round = round_from_text ("Crapette position\n"
                                                    "Variant: american\n"
                                                    "Rest: SD ND\n"
                                                    "SC: 7♦\n"
                                                    "T1: 8♦ 9♥ 10♦ J♥ Q♦ K♥ A♦ 2♥ 3♦ 4♥ 5♦ 6♥\n"
                                                    "T2: 5♥ 6♦\n"
                                                    "X1: A♣ 2♠ 3♣ 4♠ 5♣ 6♠ 7♣ 8♠ 9♣ 10♠ J♣ Q♠ K♣\n");
  CrapetteMove complete = card_move (crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED,
                                                            CRAPETTE_SOUTH),
                                     crapette_pile_house (0));

  /* The seven completes the sequence, which goes face down: no way back. */
  play (round, &complete);
  g_assert_cmpuint (crapette_round_get_position (round)->piles[crapette_pile_house (0)].count, ==, 0);
  g_assert_false (crapette_round_can_undo (round));
}

/* What must be exactly as it was after a move is taken back. */
typedef struct
{
  CrapettePosition position;
  guint64 hash;
  guint n_moves;
  guint repetitions;
  gsize n_legal;
  CrapetteMove legal[CRAPETTE_MAX_MOVES];
} State;

static void
state_take (State               *state,
            const CrapetteRound *round)
{
  state->position = *crapette_round_get_position (round);
  state->hash = crapette_position_hash (&state->position);
  state->n_moves = crapette_round_get_n_moves (round);
  state->repetitions = crapette_round_count_repetitions (round);
  state->n_legal = crapette_position_legal_moves (&state->position, state->legal);
}

static void
state_assert_same (const State         *state,
                   const CrapetteRound *round)
{
  State now;

  state_take (&now, round);
  g_assert_true (crapette_position_equal (&now.position, &state->position));
  g_assert_cmpuint (now.hash, ==, state->hash);
  g_assert_cmpuint (now.n_moves, ==, state->n_moves);
  g_assert_cmpuint (now.repetitions, ==, state->repetitions);
  g_assert_cmpuint (now.n_legal, ==, state->n_legal);
  for (gsize i = 0; i < now.n_legal; i++)
    g_assert_true (crapette_move_equal (&now.legal[i], &state->legal[i]));
}

/* The round asks only the piles of the game's hiding_pile_kinds whether a move uncovered
 * a card: every other pile must show all its cards. */
static void
assert_hidden_only_where_told (const CrapettePosition *position)
{
  const CrapetteVariantOps *ops = crapette_variant_ops (position->variant);

  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    if (!((ops->hiding_pile_kinds >> crapette_pile_kind (pile)) & 1) &&
        position->piles[pile].count > 0)
      g_assert_true (crapette_position_is_face_up (position, pile, 0));
}

/* Plays a random legal move, preferring card moves so turns last. */
static void
play_random (CrapetteRound  *round,
             CrapetteRandom *random)
{
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  gsize n = crapette_position_legal_moves (crapette_round_get_position (round), moves);

  g_assert_cmpuint (n, >, 0);
  play (round, &moves[crapette_random_below (random, (guint32) n)]);
  assert_hidden_only_where_told (crapette_round_get_position (round));
}

/* Random rounds: at a few moments, play up to four moves, take back all that
 * may be taken back, and check that every state comes back exactly, then play
 * them again and check the state after them. */
static void
check_random_rounds (CrapetteVariant variant)
{
  CrapetteRules rules;
  CrapetteRandom random;
  guint checked_full = 0, checked_partial = 0;

  crapette_rules_init_default (&rules);
  crapette_random_init (&random, 0x756e646f + variant);

  for (guint deal = 1; deal <= N_RANDOM_ROUNDS; deal++)
    {
      g_autoptr(CrapetteRound) round = crapette_round_new_deal (variant, &rules, deal, 0);
      guint next_check = crapette_random_below (&random, 60);

      while (crapette_round_get_position (round)->outcome == CRAPETTE_OUTCOME_PLAYING &&
             crapette_round_get_n_moves (round) < MOVE_BOUND)
        {
          State states[MAX_MOVES_TAKEN_BACK + 1];
          guint k, played = 0, taken_back = 0;

          if (crapette_round_get_n_moves (round) < next_check)
            {
              play_random (round, &random);
              continue;
            }
          next_check += 100 + crapette_random_below (&random, 400);

          k = 1 + crapette_random_below (&random, MAX_MOVES_TAKEN_BACK);
          state_take (&states[0], round);
          for (; played < k && crapette_round_get_position (round)->outcome == CRAPETTE_OUTCOME_PLAYING;
               played++)
            {
              play_random (round, &random);
              state_take (&states[played + 1], round);
            }

          while (taken_back < played && crapette_round_can_undo (round))
            {
              g_assert_true (crapette_round_undo (round));
              taken_back++;
              state_assert_same (&states[played - taken_back], round);
            }
          if (taken_back == played)
            checked_full++;
          else
            {
              /* Stopped early: the move before showed a card or ended the turn. */
              g_assert_false (crapette_round_undo (round));
              g_assert_cmpuint (crapette_round_get_undo_floor (round), ==,
                                crapette_round_get_n_moves (round));
              checked_partial++;
            }

          for (guint i = 0; i < taken_back; i++)
            g_assert_true (crapette_round_redo (round));
          g_assert_false (crapette_round_can_redo (round));
          state_assert_same (&states[played], round);

          /* Written and read back, as a saved game is, the round can take back
           * exactly what it could before. */
          if (deal % 10 == 0)
            {
              g_autofree char *record = crapette_notation_format_round (round);
              g_autoptr(CrapetteRound) resumed = crapette_notation_parse_round (record, -1, NULL);

              g_assert_nonnull (resumed);
              g_assert_cmpuint (crapette_round_get_undo_floor (resumed), ==,
                                crapette_round_get_undo_floor (round));
              g_assert_cmpuint (crapette_round_get_n_moves (resumed), ==,
                                crapette_round_get_n_moves (round));
            }
        }
    }

  /* Both kinds of moment must have come up often, or the test proves little. */
  g_test_message ("%u moments taken back whole, %u stopped by a card shown",
                  checked_full, checked_partial);
  g_assert_cmpuint (checked_full, >, 100);
  g_assert_cmpuint (checked_partial, >, 100);
}

static void
test_russian_random_rounds (void)
{
  check_random_rounds (CRAPETTE_VARIANT_RUSSIAN);
}

static void
test_american_random_rounds (void)
{
  check_random_rounds (CRAPETTE_VARIANT_AMERICAN);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/undo/russian/move-between-houses", test_russian_move_between_houses);
  g_test_add_func ("/undo/russian/repetitions-taken-back", test_russian_repetitions_taken_back);
  g_test_add_func ("/undo/russian/turn", test_russian_turn_cannot_be_taken_back);
  g_test_add_func ("/undo/russian/uncovered-reserve-card", test_russian_uncovered_reserve_card);
  g_test_add_func ("/undo/russian/end-of-turn", test_russian_end_of_turn);
  g_test_add_func ("/undo/american/turn-from-hand", test_american_turn_from_hand);
  g_test_add_func ("/undo/american/tableau-move", test_american_tableau_move);
  g_test_add_func ("/undo/american/completed-sequence", test_american_completed_sequence);
  g_test_add_func ("/undo/russian/random-rounds", test_russian_random_rounds);
  g_test_add_func ("/undo/american/random-rounds", test_american_random_rounds);

  return g_test_run ();
}
