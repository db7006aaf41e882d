/* test-properties.c: properties that must hold in thousands of random rounds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "crapette-notation.h"
#include "crapette-position.h"
#include "crapette-random.h"
#include "crapette-round.h"
#include "crapette-variant-private.h"

/* Generous: random rounds end by the idle-turn and repetition rules long before. */
#define MOVE_BOUND 100000

static guint n_rounds = 1500;

/* Every move of every kind, legal or not, that could be tried in @position. */
static gsize
all_candidate_moves (const CrapettePosition *position,
                     CrapetteMove           *moves)
{
  gsize n = 0;

  for (guint from = 0; from < CRAPETTE_N_PILES; from++)
    {
      for (guint to = 0; to < CRAPETTE_N_PILES; to++)
        {
          if (from == to || position->piles[from].count == 0)
            continue;
          moves[n++] = (CrapetteMove) { CRAPETTE_MOVE_CARD, from, to,
                                        crapette_position_top (position, from) };
        }
    }
  moves[n++] = (CrapetteMove) { CRAPETTE_MOVE_TURN, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE,
                                CRAPETTE_CARD_NONE };
  moves[n++] = (CrapetteMove) { CRAPETTE_MOVE_END_TURN, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE,
                                CRAPETTE_CARD_NONE };
  return n;
}

/* The generator lists exactly the moves the judge accepts, each once. */
static void
assert_generator_matches_judge (const CrapettePosition *position)
{
  CrapetteMove legal[CRAPETTE_MAX_MOVES];
  CrapetteMove candidates[CRAPETTE_N_PILES * CRAPETTE_N_PILES + 2];
  gsize n_legal = crapette_position_legal_moves (position, legal);
  gsize n_candidates = all_candidate_moves (position, candidates);
  gsize n_accepted = 0;

  for (gsize i = 0; i < n_candidates; i++)
    {
      gboolean accepted = crapette_position_is_legal (position, &candidates[i]);
      gsize found = 0;

      for (gsize j = 0; j < n_legal; j++)
        found += crapette_move_same_action (&candidates[i], &legal[j]);

      if (accepted != (found == 1))
        g_error ("Move kind %u %u→%u: judge says %s, generator lists it %" G_GSIZE_FORMAT " times",
                 candidates[i].kind, candidates[i].from, candidates[i].to,
                 accepted ? "legal" : "illegal", found);
      n_accepted += accepted;
    }
  g_assert_cmpuint (n_accepted, ==, n_legal);
}

static void
assert_face_up_rules (const CrapettePosition *position)
{
  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      CrapettePileId stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat);
      CrapettePileId turned = crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, seat);
      CrapettePileId waste = crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, seat);
      CrapettePileId reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, seat);
      guint n_reserve = position->piles[reserve].count;

      for (guint i = 0; i < position->piles[stock].count; i++)
        g_assert_false (crapette_position_is_face_up (position, stock, i));
      for (guint i = 0; i < position->piles[waste].count; i++)
        g_assert_true (crapette_position_is_face_up (position, waste, i));
      g_assert_cmpuint (position->piles[turned].count, <=, 1);
      for (guint i = 0; i < n_reserve; i++)
        g_assert_true (crapette_position_is_face_up (position, reserve, i) == (i + 1 == n_reserve));
    }
  for (guint house = 0; house < CRAPETTE_N_HOUSES; house++)
    {
      CrapettePileId pile = crapette_pile_house (house);

      for (guint i = 0; i < position->piles[pile].count; i++)
        g_assert_true (crapette_position_is_face_up (position, pile, i));
    }
}

/* A random legal move, preferring those that lead to a position not seen
 * before: purely random players repeat themselves within a turn and end
 * nearly every round by repetition, long before the deeper rules (waste
 * turn-over, completed sequences, wins) come into play. */
static const CrapetteMove *
choose_fresh_move (const CrapettePosition *position,
                   const CrapetteMove     *moves,
                   gsize                   n_moves,
                   GHashTable             *seen,
                   CrapetteRandom         *random)
{
  guint fresh[CRAPETTE_MAX_MOVES];
  gsize n_fresh = 0;
  const CrapetteMove *chosen;
  CrapettePosition after;
  gint64 hash;

  for (gsize i = 0; i < n_moves; i++)
    {
      after = *position;
      crapette_position_apply_move (&after, &moves[i]);
      hash = (gint64) crapette_position_hash (&after);
      if (!g_hash_table_contains (seen, &hash))
        fresh[n_fresh++] = (guint) i;
    }
  chosen = n_fresh > 0 ? &moves[fresh[crapette_random_below (random, (guint32) n_fresh)]]
                       : &moves[crapette_random_below (random, (guint32) n_moves)];

  after = *position;
  crapette_position_apply_move (&after, chosen);
  hash = (gint64) crapette_position_hash (&after);
  g_hash_table_add (seen, g_memdup2 (&hash, sizeof hash));
  return chosen;
}

/* With mistakes called, the opponent calls a breach now and then; after the
 * call every invariant must hold and the turn must be the caller's. */
static void
maybe_call (CrapetteRound  *round,
            CrapetteRandom *random)
{
  CrapetteBreach breach;
  g_autoptr(GError) error = NULL;

  if (!crapette_round_get_breach (round, &breach) || crapette_random_below (random, 3) != 0)
    return;
  g_assert_true (crapette_round_may_call (round, crapette_seat_opponent (breach.offender)));
  g_assert_true (crapette_round_call (round, crapette_seat_opponent (breach.offender), &error));
  g_assert_no_error (error);
  if (crapette_round_get_position (round)->outcome == CRAPETTE_OUTCOME_PLAYING)
    g_assert_cmpint (crapette_round_get_position (round)->to_move, !=, breach.offender);
}

/* A record of @round reads back to the same position. */
static void
assert_record_reads_back (const CrapetteRound *round)
{
  g_autofree char *text = crapette_notation_format_round (round);
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteRound) read = crapette_notation_parse_round (text, -1, &error);

  g_assert_no_error (error);
  g_assert_true (crapette_position_equal (crapette_round_get_position (read),
                                          crapette_round_get_position (round)));
  g_assert_cmpuint (crapette_round_count_repetitions (read), ==,
                    crapette_round_count_repetitions (round));
}

/* Plays a random round to its end, checking everything after every move. */
static CrapetteRound *
play_checked_round (CrapetteVariant  variant,
                    guint64          deal_number,
                    gboolean         deep_checks,
                    CrapetteMistakes mistakes)
{
  CrapetteRules rules;
  CrapetteRandom random;
  CrapetteRound *round;
  g_autoptr(GHashTable) seen = NULL;

  crapette_rules_init_default (&rules);
  rules.mistakes = mistakes;
  crapette_random_init (&random, deal_number ^ G_GUINT64_CONSTANT (0x5eed));
  round = crapette_round_new_deal (variant, &rules, deal_number, 0);
  seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  while (crapette_round_get_position (round)->outcome == CRAPETTE_OUTCOME_PLAYING)
    {
      const CrapettePosition *position = crapette_round_get_position (round);
      CrapetteMove moves[CRAPETTE_MAX_MOVES];
      gsize n_moves = crapette_position_legal_moves (position, moves);
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (n_moves, >, 0);
      g_assert_cmpuint (crapette_round_get_n_moves (round), <, MOVE_BOUND);
      if (deep_checks)
        assert_generator_matches_judge (position);

      g_assert_true (crapette_round_play (round, choose_fresh_move (position, moves, n_moves,
                                                                    seen, &random),
                                          &error));
      g_assert_no_error (error);

      maybe_call (round, &random);
      position = crapette_round_get_position (round);
      if (!crapette_position_check_invariants (position, &error))
        g_error ("Deal %" G_GUINT64_FORMAT ", move %u: %s", deal_number,
                 crapette_round_get_n_moves (round), error->message);
      assert_face_up_rules (position);
    }
  if (deep_checks && mistakes == CRAPETTE_MISTAKES_CALLED)
    assert_record_reads_back (round);
  return round;
}

static void
check_random_rounds (CrapetteVariant  variant,
                     CrapetteMistakes mistakes,
                     guint            count)
{
  guint outcomes[3] = { 0 };
  guint64 moves = 0;

  for (guint i = 0; i < count; i++)
    {
      /* The generator-versus-judge comparison is slow; every tenth round has it. */
      g_autoptr(CrapetteRound) round = play_checked_round (variant, 1000 + i, i % 10 == 0,
                                                           mistakes);
      const CrapettePosition *position = crapette_round_get_position (round);
      CrapetteRoundResult result;

      crapette_position_score (position, &result);
      g_assert_cmpint (result.outcome, !=, CRAPETTE_OUTCOME_PLAYING);
      if (result.outcome == CRAPETTE_OUTCOME_WON)
        {
          g_assert_cmpuint (result.winner, <, CRAPETTE_N_SEATS);
          g_assert_cmpuint (crapette_position_cards_left (position, result.winner), ==, 0);
        }
      outcomes[result.outcome]++;
      moves += crapette_round_get_n_moves (round);
    }
  g_test_message ("%u rounds: %u won, %u blocked, %" G_GUINT64_FORMAT " moves", count,
                  outcomes[CRAPETTE_OUTCOME_WON], outcomes[CRAPETTE_OUTCOME_BLOCKED], moves);
}

static void
test_russian_random_rounds (void)
{
  check_random_rounds (CRAPETTE_VARIANT_RUSSIAN, CRAPETTE_MISTAKES_PREVENTED, n_rounds);
}

static void
test_american_random_rounds (void)
{
  check_random_rounds (CRAPETTE_VARIANT_AMERICAN, CRAPETTE_MISTAKES_PREVENTED, n_rounds);
}

/* With mistakes called the generator lists more moves, and rounds have calls
 * in them; a third as many rounds keeps the test within seconds. */
static void
test_russian_random_rounds_called (void)
{
  check_random_rounds (CRAPETTE_VARIANT_RUSSIAN, CRAPETTE_MISTAKES_CALLED, n_rounds / 3);
}

static void
test_american_random_rounds_called (void)
{
  check_random_rounds (CRAPETTE_VARIANT_AMERICAN, CRAPETTE_MISTAKES_CALLED, n_rounds / 3);
}

/* The same deal and the same moves give the same position, move by move. */
static void
check_determinism (CrapetteVariant variant)
{
  for (guint64 deal = 1; deal <= 50; deal++)
    {
      g_autoptr(CrapetteRound) played = play_checked_round (variant, deal * 7919, FALSE,
                                                            CRAPETTE_MISTAKES_PREVENTED);
      CrapetteRules rules;
      g_autoptr(CrapetteRound) replayed = NULL;
      CrapettePosition dealt_again;

      crapette_rules_init_default (&rules);
      crapette_position_deal (&dealt_again, variant, &rules, deal * 7919, 0);
      g_assert_true (crapette_position_equal (&dealt_again, crapette_round_get_start (played)));

      replayed = crapette_round_new_deal (variant, &rules, deal * 7919, 0);
      for (guint i = 0; i < crapette_round_get_n_moves (played); i++)
        {
          g_autoptr(GError) error = NULL;

          g_assert_true (crapette_round_play (replayed, crapette_round_get_move (played, i), &error));
          g_assert_no_error (error);
        }
      g_assert_true (crapette_position_equal (crapette_round_get_position (played),
                                              crapette_round_get_position (replayed)));
      g_assert_cmpuint (crapette_position_hash (crapette_round_get_position (played)), ==,
                        crapette_position_hash (crapette_round_get_position (replayed)));
    }
}

static void
test_russian_determinism (void)
{
  check_determinism (CRAPETTE_VARIANT_RUSSIAN);
}

static void
test_american_determinism (void)
{
  check_determinism (CRAPETTE_VARIANT_AMERICAN);
}

/* Deals do not depend on the machine: these are the first cards of fixed deals. */
static void
test_deal_is_fixed (void)
{
  CrapetteRules rules;
  CrapettePosition a, b;

  crapette_rules_init_default (&rules);
  crapette_position_deal (&a, CRAPETTE_VARIANT_RUSSIAN, &rules, 12345, 0);
  crapette_position_deal (&b, CRAPETTE_VARIANT_RUSSIAN, &rules, 12346, 0);
  g_assert_false (crapette_position_equal (&a, &b));
  g_assert_cmpuint (crapette_position_hash (&a), !=, crapette_position_hash (&b));

  crapette_position_deal (&b, CRAPETTE_VARIANT_RUSSIAN, &rules, 12345, 0);
  g_assert_true (crapette_position_equal (&a, &b));
  g_assert_true (memcmp (a.piles, b.piles, sizeof a.piles) == 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (g_getenv ("CRAPETTE_PROPERTY_ROUNDS") != NULL)
    n_rounds = (guint) g_ascii_strtoull (g_getenv ("CRAPETTE_PROPERTY_ROUNDS"), NULL, 10);

  g_test_add_func ("/properties/russian/random-rounds", test_russian_random_rounds);
  g_test_add_func ("/properties/american/random-rounds", test_american_random_rounds);
  g_test_add_func ("/properties/russian/random-rounds-called", test_russian_random_rounds_called);
  g_test_add_func ("/properties/american/random-rounds-called",
                   test_american_random_rounds_called);
  g_test_add_func ("/properties/russian/determinism", test_russian_determinism);
  g_test_add_func ("/properties/american/determinism", test_american_determinism);
  g_test_add_func ("/properties/deal-is-fixed", test_deal_is_fixed);

  return g_test_run ();
}
