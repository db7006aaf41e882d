/* test-round.c: a round's moves and the repetition rule
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "crapette-notation.h"
#include "crapette-random.h"
#include "crapette-refusal.h"
#include "crapette-round.h"

#include "engine-test-helpers.h"

/* Two black eights in the houses and a red seven that can hop between them
 * for ever: only the repetition rule ends such a turn. */
static const char ping_pong[] =
  "Crapette position\n"
  "Variant: russian\n"
  "To move: south\n"
  "\n"
  "SR: 3♦\n"
  "NR: 3♣*\n"
  "H1: 8♠ 7♥\n"
  "H2: 8♣*\n"
  "Rest: SD ND\n";

static void
test_third_repetition_blocks (void)
{
  CrapettePosition start;
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteRound) round = NULL;
  CrapetteMove there = card_move (crapette_pile_house (0), crapette_pile_house (1));
  CrapetteMove back = card_move (crapette_pile_house (1), crapette_pile_house (0));

  g_assert_true (crapette_notation_parse_position (ping_pong, -1, &start, &error));
  g_assert_no_error (error);
  round = crapette_round_new_from_position (&start, FALSE);

  /* The start position, then again after two moves: seen twice, play goes on. */
  g_assert_true (crapette_round_play (round, &there, &error));
  g_assert_true (crapette_round_play (round, &back, &error));
  g_assert_true (crapette_round_play (round, &there, &error));
  g_assert_cmpint (crapette_round_get_position (round)->outcome, ==, CRAPETTE_OUTCOME_PLAYING);
  g_assert_cmpuint (crapette_round_count_repetitions (round), ==, 2);

  /* The third time the start position comes back, the round is blocked. */
  g_assert_true (crapette_round_play (round, &back, &error));
  g_assert_no_error (error);
  g_assert_cmpint (crapette_round_get_position (round)->outcome, ==, CRAPETTE_OUTCOME_BLOCKED);
  g_assert_cmpint (crapette_round_get_position (round)->block_reason, ==, CRAPETTE_BLOCK_REPETITION);

  /* Nothing more can be played. */
  g_assert_false (crapette_round_play (round, &there, &error));
  g_assert_error (error, CRAPETTE_MOVE_ERROR, CRAPETTE_REFUSAL_ROUND_OVER);
  g_assert_cmpuint (crapette_round_get_n_moves (round), ==, 4);
}

/* The ping-pong, but the repeated position is the one after a first move that cannot be
 * undone by playing: the reserve's three onto a black four. */
static const char ping_pong_after_a_move[] =
  "Crapette position\n"
  "Variant: russian\n"
  "To move: south\n"
  "\n"
  "SR: 3♦\n"
  "NR: 3♣*\n"
  "H1: 8♠ 7♥\n"
  "H2: 8♣*\n"
  "H3: 4♠*\n"
  "Rest: SD ND\n";

static void
assert_occurrences (const CrapetteRound *round,
                    const guint         *expected,
                    guint                n_expected)
{
  g_autoptr(GArray) occurrences = crapette_round_find_position_occurrences (round);

  g_assert_cmpuint (occurrences->len, ==, n_expected);
  for (guint i = 0; i < n_expected; i++)
    g_assert_cmpuint (g_array_index (occurrences, guint, i), ==, expected[i]);
}

/* The round tells after which moves its position came up: the start, or a later position. */
static void
test_repeated_position_found (void)
{
  static const guint at_start[] = { 0, 2, 4 };
  static const guint after_first[] = { 1, 3, 5 };
  static const guint once[] = { 1 };
  CrapettePosition start;
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteRound) round = NULL;
  CrapetteMove there = card_move (crapette_pile_house (0), crapette_pile_house (1));
  CrapetteMove back = card_move (crapette_pile_house (1), crapette_pile_house (0));
  CrapetteMove reserve = card_move (crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE,
                                                           CRAPETTE_SOUTH),
                                    crapette_pile_house (2));

  g_assert_true (crapette_notation_parse_position (ping_pong, -1, &start, &error));
  round = crapette_round_new_from_position (&start, FALSE);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (crapette_round_play (round, &there, &error));
      g_assert_true (crapette_round_play (round, &back, &error));
    }
  g_assert_cmpint (crapette_round_get_position (round)->block_reason, ==,
                   CRAPETTE_BLOCK_REPETITION);
  assert_occurrences (round, at_start, G_N_ELEMENTS (at_start));
  g_clear_pointer (&round, crapette_round_free);

  g_assert_true (crapette_notation_parse_position (ping_pong_after_a_move, -1, &start, &error));
  g_assert_no_error (error);
  round = crapette_round_new_from_position (&start, FALSE);
  g_assert_true (crapette_round_play (round, &reserve, &error));
  g_assert_no_error (error);
  assert_occurrences (round, once, G_N_ELEMENTS (once));
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (crapette_round_play (round, &there, &error));
      g_assert_true (crapette_round_play (round, &back, &error));
    }
  g_assert_no_error (error);
  g_assert_cmpint (crapette_round_get_position (round)->outcome, ==, CRAPETTE_OUTCOME_BLOCKED);
  assert_occurrences (round, after_first, G_N_ELEMENTS (after_first));
}

static void
test_refused_move_changes_nothing (void)
{
  CrapettePosition start;
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteRound) round = NULL;
  CrapetteMove onto_foundation = card_move (crapette_pile_house (0), crapette_pile_foundation (0));

  g_assert_true (crapette_notation_parse_position (ping_pong, -1, &start, &error));
  round = crapette_round_new_from_position (&start, FALSE);

  g_assert_false (crapette_round_play (round, &onto_foundation, &error));
  g_assert_error (error, CRAPETTE_MOVE_ERROR, CRAPETTE_REFUSAL_FOUNDATION_NEEDS_ACE);
  g_assert_cmpuint (crapette_round_get_n_moves (round), ==, 0);
  g_assert_true (crapette_position_equal (crapette_round_get_position (round), &start));
}

static void
test_moves_record_their_cards (void)
{
  CrapetteRules rules;
  g_autoptr(CrapetteRound) round = NULL;
  g_autoptr(CrapetteRound) copy = NULL;
  CrapetteMove moves[CRAPETTE_MAX_MOVES];

  crapette_rules_init_default (&rules);
  round = crapette_round_new_deal (CRAPETTE_VARIANT_AMERICAN, &rules, 77, 0);
  g_assert_true (crapette_round_is_from_deal (round));

  /* Play the first legal move a few times; every recorded move names its card. */
  for (guint i = 0; i < 20 && crapette_round_get_position (round)->outcome == CRAPETTE_OUTCOME_PLAYING; i++)
    {
      gsize n = crapette_position_legal_moves (crapette_round_get_position (round), moves);

      g_assert_cmpuint (n, >, 0);
      g_assert_true (crapette_round_play (round, &moves[n - 1], NULL));
      if (crapette_round_get_move (round, i)->kind != CRAPETTE_MOVE_END_TURN)
        g_assert_true (crapette_round_get_move (round, i)->card < CRAPETTE_MAX_CARDS);
    }

  copy = crapette_round_copy (round);
  g_assert_cmpuint (crapette_round_get_n_moves (copy), ==, crapette_round_get_n_moves (round));
  g_assert_true (crapette_position_equal (crapette_round_get_position (copy),
                                          crapette_round_get_position (round)));
  g_assert_true (crapette_position_equal (crapette_round_get_start (copy),
                                          crapette_round_get_start (round)));
}

/* The number of turns that ended during moves @from to the end of @round, counted by
 * replaying it. */
static guint
count_turn_ends (const CrapetteRound *round,
                 guint                from)
{
  g_autoptr(CrapetteRound) replay =
    crapette_round_new_from_position (crapette_round_get_start (round),
                                      crapette_round_is_from_deal (round));
  guint ends = 0;

  for (guint i = 0; i < crapette_round_get_n_moves (round); i++)
    {
      guint32 turn = crapette_round_get_position (replay)->turn_number;

      g_assert_true (crapette_round_play (replay, crapette_round_get_move (round, i), NULL));
      if (i >= from && crapette_round_get_position (replay)->turn_number != turn)
        ends++;
    }
  return ends;
}

/* A round blocked by passes or by the idle-turn rule tells where the turns that blocked it
 * began: from there to the end, exactly the turns the rule counts, in both games. */
static void
test_idle_stretch_found (void)
{
  CrapetteRules rules;
  CrapetteRandom random;
  guint n_idle = 0, n_passes = 0, n_late = 0;

  crapette_rules_init_default (&rules);
  rules.idle_turn_limit = CRAPETTE_IDLE_TURN_LIMIT_MIN;
  crapette_random_init (&random, 7);
  for (guint deal = 1; deal <= 120; deal++)
    {
      CrapetteVariant variant = deal % 2 ? CRAPETTE_VARIANT_RUSSIAN : CRAPETTE_VARIANT_AMERICAN;
      g_autoptr(CrapetteRound) round = crapette_round_new_deal (variant, &rules, deal, 0);
      const CrapettePosition *position = crapette_round_get_position (round);
      CrapetteMove moves[CRAPETTE_MAX_MOVES];
      guint stretch;

      for (guint n = 0; position->outcome == CRAPETTE_OUTCOME_PLAYING && n < 5000; n++)
        {
          gsize n_legal = crapette_position_legal_moves (position, moves);

          g_assert_true (crapette_round_play (round,
                                              &moves[crapette_random_below (&random, (guint32) n_legal)],
                                              NULL));
        }
      stretch = crapette_round_find_idle_stretch (round);
      if (position->outcome != CRAPETTE_OUTCOME_BLOCKED ||
          position->block_reason == CRAPETTE_BLOCK_REPETITION)
        {
          g_assert_cmpuint (stretch, ==, crapette_round_get_n_moves (round));
          continue;
        }
      g_assert_cmpuint (stretch, <, crapette_round_get_n_moves (round));
      n_late += stretch > 0;
      if (position->block_reason == CRAPETTE_BLOCK_PASSES)
        {
          n_passes++;
          g_assert_cmpuint (count_turn_ends (round, stretch), ==, 2);
        }
      else
        {
          n_idle++;
          g_assert_cmpuint (count_turn_ends (round, stretch), ==, rules.idle_turn_limit);
        }
    }
  g_test_message ("%u rounds blocked by idle turns, %u by passes, %u of them after move 0",
                  n_idle, n_passes, n_late);
  g_assert_cmpuint (n_idle, >, 0);
  g_assert_cmpuint (n_late, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/round/third-repetition-blocks", test_third_repetition_blocks);
  g_test_add_func ("/round/repeated-position-found", test_repeated_position_found);
  g_test_add_func ("/round/idle-stretch-found", test_idle_stretch_found);
  g_test_add_func ("/round/refused-move-changes-nothing", test_refused_move_changes_nothing);
  g_test_add_func ("/round/moves-record-their-cards", test_moves_record_their_cards);

  return g_test_run ();
}
