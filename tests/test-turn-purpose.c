/* test-turn-purpose.c: the computer's turn goes somewhere (docs/computer-players.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Within one turn no level puts a card back on a house it left, and none
 * moves a card from house to house twice before a card turns up: a person
 * watching should see a turn with a purpose, not cards shuffled about.
 */

#include "config.h"

#include <string.h>

#include "crapette-notation.h"
#include "crapette-player.h"
#include "crapette-round.h"
#include "crapette-view.h"

/* Far above any real turn. */
#define TURN_BOUND 2000

static const char * const levels[] = { "greedy", "easy", "medium", "hard" };

/* What one turn did wrong. */
typedef struct
{
  guint moves;
  guint returns;       /* a card put on a house it left this turn */
  guint house_repeats; /* a card moved to a house again, nothing turned up between */
  guint repeats;       /* a card moved again anywhere, nothing turned up between */
} TurnFaults;

/* Whether @move, from @position, puts a card on a house it left this turn
 * (@left) or moves one to a house again since a card turned up (@moved). */
static gboolean
is_faulty (const CrapettePosition *position,
           const CrapetteMove     *move,
           const guint32          *left,
           const gboolean         *moved)
{
  CrapetteCard card;

  if (move->kind != CRAPETTE_MOVE_CARD || crapette_pile_kind (move->to) != CRAPETTE_PILE_KIND_HOUSE)
    return FALSE;
  card = crapette_position_top (position, move->from);
  g_assert_cmpuint (card, <, CRAPETTE_MAX_CARDS);
  return (left[card] & (1u << move->to)) != 0 || moved[card];
}

/* Plays the turn in play of @round to its end with @player, choosing from the
 * known view as the window does, and counts its faults. */
static void
play_turn (CrapetteRound  *round,
           CrapettePlayer *player,
           TurnFaults     *faults)
{
  guint32 turn = crapette_round_get_position (round)->turn_number;
  guint32 left[CRAPETTE_MAX_CARDS] = { 0 };
  gboolean moved[CRAPETTE_MAX_CARDS] = { FALSE };

  memset (faults, 0, sizeof *faults);
  while (crapette_round_get_position (round)->outcome == CRAPETTE_OUTCOME_PLAYING &&
         crapette_round_get_position (round)->turn_number == turn)
    {
      const CrapettePosition *position = crapette_round_get_position (round);
      CrapettePosition view, after;
      CrapetteMove move, legal[CRAPETTE_MAX_MOVES];
      CrapetteCard card;
      gboolean forced = TRUE;
      CrapettePosition dutiful = *position;
      gsize n_legal;

      /* When every move the order of play allows is faulty, the player has
       * no choice (American Bank: a space to fill, and only cards that left it
       * or have moved already can). */
      dutiful.rules.mistakes = CRAPETTE_MISTAKES_PREVENTED;
      n_legal = crapette_position_legal_moves (&dutiful, legal);
      for (gsize i = 0; i < n_legal && forced; i++)
        forced = is_faulty (position, &legal[i], left, moved);

      crapette_view_init_known (&view, position);
      crapette_player_choose (player, &view, &move);
      faults->moves++;
      if (move.kind == CRAPETTE_MOVE_TURN)
        memset (moved, 0, sizeof moved);
      else if (move.kind == CRAPETTE_MOVE_CARD)
        {
          card = crapette_position_top (position, move.from);
          faults->repeats += moved[card];
          if (!forced && is_faulty (position, &move, left, moved))
            {
              faults->returns += (left[card] & (1u << move.to)) != 0;
              faults->house_repeats += moved[card];
            }
          left[card] |= 1u << move.from;
          moved[card] = TRUE;
          after = view;
          crapette_position_apply_move (&after, &move);
          if (crapette_position_top (&after, move.from) == CRAPETTE_CARD_UNKNOWN)
            memset (moved, 0, sizeof moved);
        }
      g_assert_true (crapette_round_play (round, &move, NULL));
    }
}

/* Deal 3 of Russian Bank after South's first turn, as Medium against Medium
 * played it before turns had a purpose (crapette-sim --players medium,medium
 * --seed 3 --records): North then moved Q♥ from H6 to H2 and, a card later,
 * back from H2 to H6, and South moved it over once more in the next turn. */
static const char shuffled_turn[] =
  "Crapette record\n"
  "Variant: russian\n"
  "Rules: reserve=13 start=low-card idle-turns=50\n"
  "Deal: 3\n"
  "Round: 1\n"
  "\n"
  "Moves:\n"
  "S: H8 A♣ → F1\n"
  "S: R 5♣ → H8\n"
  "S: R 2♣ → F1\n"
  "S: H8 5♣ → H3\n"
  "S: R 4♠ → H8\n"
  "S: R 10♦ → H5\n"
  "S: H2 9♠ → H5\n"
  "S: R 10♣ → H2\n"
  "S: R 3♣ → F1\n"
  "S: H6 9♥ → H2\n"
  "S: R K♣ → H6\n"
  "S: H7 Q♥ → H6\n"
  "S: R 2♦ → H7\n"
  "S: R A♣ → F2\n"
  "S: turn 6♣\n"
  "S: C 6♣ → H4\n"
  "S: turn 10♥\n"
  "S: C 10♥ → W\n";

/* In the turn where Medium used to move Q♥ there and back, no level now
 * puts a card back where it was, or moves one twice from house to house. */
static void
test_no_shuffle (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteRound) start = crapette_notation_parse_round (shuffled_turn, -1, &error);

  g_assert_no_error (error);
  g_assert_cmpint (crapette_round_get_position (start)->to_move, ==, CRAPETTE_NORTH);
  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      g_autoptr(CrapettePlayer) player = crapette_player_new (levels[i], 3, NULL);
      g_autoptr(CrapetteRound) round = crapette_round_copy (start);
      TurnFaults faults;

      play_turn (round, player, &faults);
      g_test_message ("%s: %u moves", levels[i], faults.moves);
      g_assert_cmpuint (faults.moves, >, 1);
      g_assert_cmpuint (faults.returns, ==, 0);
      g_assert_cmpuint (faults.house_repeats, ==, 0);
    }
}

/* Deal 5 of American Bank, Medium against Medium (crapette-sim --variant
 * american --players medium,medium --seed 1 --records, the ninth round), up
 * to North's longest turn. Searching afresh after every move, Medium played
 * it in 65 moves, 9 of them a card moving again with nothing turned up in
 * between: after building a run on T5 and loading its foot, a later search
 * (its node budget spent elsewhere) liked another plan, moved Q♠ from T1 to
 * T3 and walked the run's cards about again. */
static const char replanned_turn[] =
  "Crapette record\n"
  "Variant: american\n"
  "Rules: reserve=13 start=low-card idle-turns=50\n"
  "Deal: 5\n"
  "Round: 1\n"
  "\n"
  "Moves:\n"
  "N: turn 6♠\n"
  "N: C 6♠ → W\n"
  "S: T2 5♣ → NW\n"
  "S: turn A♥\n"
  "S: C A♥ → T2\n"
  "S: turn 6♣\n"
  "S: C 6♣ → W\n"
  "N: turn 10♥\n"
  "N: C 10♥ → T4\n"
  "N: turn Q♥\n"
  "N: C Q♥ → W\n"
  "S: turn 9♠\n"
  "S: C 9♠ → T6\n"
  "S: turn 2♠\n"
  "S: C 2♠ → W\n"
  "N: turn 5♥\n"
  "N: C 5♥ → T3\n"
  "N: turn 3♠\n"
  "N: C 3♠ → W\n"
  "S: turn 4♦\n"
  "S: C 4♦ → T3\n"
  "S: turn 3♦\n"
  "S: C 3♦ → W\n"
  "N: turn 4♣\n"
  "N: C 4♣ → W\n"
  "S: turn 6♥\n"
  "S: C 6♥ → T8\n"
  "S: turn 5♠\n"
  "S: C 5♠ → NW\n"
  "S: turn 4♠\n"
  "S: C 4♠ → W\n"
  "N: turn 9♥\n"
  "N: C 9♥ → W\n"
  "S: turn 7♥\n"
  "S: C 7♥ → W\n"
  "N: turn J♠\n"
  "N: C J♠ → T5\n"
  "N: turn K♦\n"
  "N: C K♦ → T2\n"
  "N: turn Q♠\n"
  "N: C Q♠ → W\n"
  "S: turn 8♦\n"
  "S: C 8♦ → W\n"
  "N: turn 7♣\n"
  "N: C 7♣ → T7\n"
  "N: turn 7♠\n"
  "N: C 7♠ → W\n"
  "S: turn 3♥\n"
  "S: C 3♥ → T3\n"
  "S: turn 8♣\n"
  "S: C 8♣ → NW\n"
  "S: T6 9♠ → NW\n"
  "S: T6 10♣ → NW\n"
  "S: T2 K♦ → T6\n"
  "S: T5 J♠ → NW\n"
  "S: T5 Q♣ → NW\n"
  "S: T4 10♥ → T5\n"
  "S: turn K♣\n"
  "S: C K♣ → T1\n"
  "S: turn 2♥\n"
  "S: T2 A♥ → T6\n"
  "S: C 2♥ → T2\n"
  "S: turn A♣\n"
  "S: T4 J♦ → T5\n"
  "S: C A♣ → T4\n"
  "S: turn 8♥\n"
  "S: C 8♥ → W\n"
  "N: turn K♠\n"
  "N: C K♠ → T4\n"
  "N: turn 10♦\n"
  "N: C 10♦ → W\n"
  "S: turn 3♣\n"
  "S: C 3♣ → W\n"
  "N: turn 2♣\n"
  "N: C 2♣ → W\n"
  "S: turn 5♦\n"
  "S: C 5♦ → T8\n"
  "S: turn 9♣\n"
  "S: C 9♣ → W\n"
  "N: turn K♥\n"
  "N: C K♥ → W\n"
  "S: turn Q♦\n"
  "S: C Q♦ → NW\n"
  "S: turn 9♦\n"
  "S: C 9♦ → W\n"
  "N: turn J♥\n"
  "N: C J♥ → W\n"
  "S: turn 6♣\n"
  "S: C 6♣ → W\n"
  "N: turn J♣\n"
  "N: C J♣ → W\n"
  "S: turn 2♠\n"
  "S: C 2♠ → W\n"
  "N: turn 2♦\n"
  "N: C 2♦ → T3\n"
  "N: T6 A♥ → T3\n"
  "N: T6 K♦ → T3\n"
  "N: T4 K♠ → T6\n"
  "N: T4 A♣ → SW\n"
  "N: T5 J♦ → T4\n"
  "N: T6 K♠ → SW\n"
  "N: T7 7♣ → T6\n"
  "N: turn A♦\n"
  "N: C A♦ → T2\n"
  "N: turn 4♥\n"
  "N: C 4♥ → T8\n"
  "N: turn 10♠\n"
  "N: T7 8♠ → T6\n"
  "N: C 10♠ → T7\n"
  "N: turn 6♠\n"
  "N: T5 10♥ → T4\n"
  "N: C 6♠ → T5\n"
  "N: turn 5♣\n"
  "N: C 5♣ → T5\n"
  "N: turn Q♥\n"
  "N: C Q♥ → T3\n"
  "N: turn 3♠\n"
  "N: C 3♠ → W\n"
  "S: turn 3♦\n"
  "S: C 3♦ → T8\n"
  "S: turn 4♠\n"
  "S: C 4♠ → T5\n"
  "S: turn 7♥\n"
  "S: C 7♥ → W\n"
  "N: turn 4♣\n"
  "N: C 4♣ → W\n"
  "S: turn 8♦\n"
  "S: C 8♦ → W\n"
  "N: turn 5♠\n"
  "N: C 5♠ → W\n"
  "S: turn 8♥\n"
  "S: C 8♥ → W\n"
  "N: turn 9♥\n"
  "N: C 9♥ → W\n"
  "S: turn 3♣\n"
  "S: C 3♣ → T5\n"
  "S: turn 9♣\n"
  "S: C 9♣ → T7\n"
  "S: turn 9♦\n"
  "S: C 9♦ → T4\n"
  "S: turn 6♣\n"
  "S: T6 8♠ → T7\n"
  "S: T6 7♣ → T7\n"
  "S: C 6♣ → T6\n"
  "S: turn 2♠\n"
  "S: C 2♠ → T5\n"
  "S: turn A♣\n"
  "S: C A♣ → T5\n"
  "S: turn K♠\n"
  "S: C K♠ → T5\n"
  "S: turn 7♥\n"
  "S: C 7♥ → W\n";

/* Medium now plays out the sequence it chose while the table follows it, and
 * in American Bank chooses a plan in which no card moves twice before a card
 * turns up (crapette-search-repeats.c), so that turn has no repeat at all
 * (it had one with the plan alone: a card built on a run and later loaded
 * from it) and is still a long one. */
static void
test_medium_keeps_plan (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteRound) round = crapette_notation_parse_round (replanned_turn, -1, &error);
  g_autoptr(CrapettePlayer) player = crapette_player_new ("medium", 1, NULL);
  TurnFaults faults;

  g_assert_no_error (error);
  g_assert_cmpint (crapette_round_get_position (round)->to_move, ==, CRAPETTE_NORTH);
  play_turn (round, player, &faults);
  g_test_message ("medium: %u moves, %u repeats", faults.moves, faults.repeats);
  g_assert_cmpuint (faults.moves, >, 40);
  g_assert_cmpuint (faults.repeats, ==, 0);
  g_assert_cmpuint (faults.returns, ==, 0);
}

/* Over many rounds of each level against itself, in both games and both
 * mistake rules: no card ever goes back to a house it left in the same turn,
 * and none goes from house to house twice with nothing turned up between. */
static void
test_no_return (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  guint rounds = g_test_thorough () ? 20 : 4;
  guint64 turns = 0, moves = 0;

  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      for (guint r = 0; r < rounds; r++)
        {
          g_autoptr(CrapettePlayer) south = crapette_player_new (levels[i], 2 * r + 1, NULL);
          g_autoptr(CrapettePlayer) north = crapette_player_new (levels[i], 2 * r + 2, NULL);
          g_autoptr(CrapetteRound) round = NULL;
          CrapetteRules rules;

          crapette_rules_init_default (&rules);
          /* Every other round with mistakes called; calls are left out, so
           * a mistake made on purpose simply stands. */
          if (r % 2 == 1)
            rules.mistakes = CRAPETTE_MISTAKES_CALLED;
          round = crapette_round_new_deal (variant, &rules, 700 + r, 0);
          while (crapette_round_get_position (round)->outcome == CRAPETTE_OUTCOME_PLAYING)
            {
              CrapetteSeat seat = crapette_round_get_position (round)->to_move;
              TurnFaults faults;

              g_assert_cmpuint (turns, <, 100000);
              play_turn (round, seat == CRAPETTE_SOUTH ? south : north, &faults);
              if (faults.returns > 0 || faults.house_repeats > 0)
                g_error ("%s, deal %u, turn %" G_GUINT64_FORMAT ": %u returns, %u repeats",
                         levels[i], 700 + r, turns, faults.returns, faults.house_repeats);
              turns++;
              moves += faults.moves;
            }
        }
    }
  g_test_message ("%" G_GUINT64_FORMAT " turns, %" G_GUINT64_FORMAT " moves", turns, moves);
  g_assert_cmpuint (turns, >, 100);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/turn-purpose/no-shuffle", test_no_shuffle);
  g_test_add_func ("/turn-purpose/medium-keeps-plan", test_medium_keeps_plan);
  g_test_add_data_func ("/turn-purpose/no-return/russian",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_no_return);
  g_test_add_data_func ("/turn-purpose/no-return/american",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_no_return);

  return g_test_run ();
}
