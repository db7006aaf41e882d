/* test-turn-limit.c: a long computer turn is brought to its end (docs/computer-players.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Once a turn has made its level's limit of moves, Medium and Hard end it by
 * the shortest way the rules allow (crapette-turn-limit.c): what the order of
 * play requires first, then the turned card (card in hand) on the own waste
 * (talon). Below the limit a turn is played as before.
 */

#include "config.h"

#include <string.h>

#include "crapette-notation.h"
#include "crapette-player.h"
#include "crapette-player-private.h"
#include "crapette-refusal.h"
#include "crapette-round.h"
#include "crapette-search.h"
#include "crapette-view.h"

/* Far above any real turn. */
#define TURN_BOUND 2000

static void
parse (const char       *text,
       CrapettePosition *position)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (crapette_notation_parse_position (text, -1, position, &error));
  g_assert_no_error (error);
}

/* Checks that @move is legal in @position and, were mistakes called, would
 * break no duty of the order of play. */
static void
assert_keeps_duties (const CrapettePosition *position,
                     const CrapetteMove     *move)
{
  CrapettePosition called = *position;

  g_assert_true (crapette_position_is_legal (position, move));
  called.rules.mistakes = CRAPETTE_MISTAKES_CALLED;
  g_assert_cmpint (crapette_position_duty_broken (&called, move, NULL), ==, CRAPETTE_REFUSAL_NONE);
}

/* Plays the turn of the player to move in @position to its end with
 * crapette_turn_limit_choose(), as a player past its limit does, from the
 * known view and with a memory of a turn 30 moves long; returns the moves,
 * written in the notation, one a line. */
static char *
play_to_the_end (CrapettePosition *position)
{
  GString *played = g_string_new (NULL);
  CrapetteSeat seat = position->to_move;
  CrapetteTurnMemory memory;
  guint moves = 0;

  crapette_turn_memory_clear (&memory);
  memory.n_moves = 30;
  g_assert_true (crapette_turn_limit_reached (&memory, 30));
  while (position->outcome == CRAPETTE_OUTCOME_PLAYING && position->to_move == seat)
    {
      CrapettePosition view;
      CrapetteMove move;
      g_autofree char *text = NULL;

      g_assert_cmpuint (moves++, <, TURN_BOUND);
      crapette_view_init_known (&view, position);
      g_assert_true (crapette_turn_limit_choose (&view, &memory, &move));
      assert_keeps_duties (position, &move);
      text = crapette_notation_format_move (position, &move);
      g_string_append_printf (played, "%s\n", text);
      crapette_position_apply_move (position, &move);
      crapette_turn_memory_record (&memory, &move, position);
    }
  return g_string_free (played, FALSE);
}

/* Russian Bank: the A♣ must go up first, which empties H2; the emptied house
 * must then be filled from the reserve, which shows the K♠ under the 3♦; only
 * then may the turned 9♥ go on the waste. The 9♥ could be played on the 10♠
 * and more cards turned, but the turn ends at the first point the rules
 * allow. */
static void
test_russian_duties_first (void)
{
  CrapettePosition position;
  g_autofree char *played = NULL;

  parse ("Crapette position\n"
         "Variant: russian\n"
         "To move: south\n"
         "Moved: yes\n"
         "SC: 9♥\n"
         "SR: K♠ 3♦\n"
         "NR: 7♥*\n"
         "H1: 10♠\n"
         "H2: A♣\n"
         "H3: 4♠\n"
         "H4: Q♦\n"
         "H5: 8♣*\n"
         "H6: J♣*\n"
         "H7: 6♠*\n"
         "H8: 2♦*\n"
         "Rest: SD ND\n",
         &position);
  played = play_to_the_end (&position);
  g_test_message ("%s", played);
  g_assert_cmpstr (played, ==,
                   "S: H2 A♣ → F1\n"
                   "S: R 3♦ → H2\n"
                   "S: C 9♥ → W\n");
  g_assert_cmpint (position.to_move, ==, CRAPETTE_NORTH);
}

/* Russian Bank with no turned card: the reserve's 5♥ fits on the 6♠, so it
 * must be played before the stock may be turned; then a card is turned and,
 * whatever it is, put on the waste unless a foundation calls for it. */
static void
test_russian_reserve_before_stock (void)
{
  CrapettePosition position;
  g_autofree char *played = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_lines;

  parse ("Crapette position\n"
         "Variant: russian\n"
         "To move: south\n"
         "Moved: yes\n"
         "SR: 5♥\n"
         "NR: 7♥*\n"
         "H1: 10♠\n"
         "H2: 6♠\n"
         "H3: 4♠\n"
         "H4: Q♦\n"
         "H5: 8♣*\n"
         "H6: J♣*\n"
         "H7: 6♣*\n"
         "H8: 2♦*\n"
         "Rest: SD ND\n",
         &position);
  played = play_to_the_end (&position);
  g_test_message ("%s", played);
  lines = g_strsplit (played, "\n", -1);
  n_lines = g_strv_length (lines) - 1;
  g_assert_cmpuint (n_lines, >=, 3);
  /* The reserve card goes on a black six first. */
  g_assert_true (g_str_has_prefix (lines[0], "S: R 5♥ → "));
  g_assert_true (g_str_has_prefix (lines[1], "S: turn "));
  g_assert_true (g_str_has_suffix (lines[n_lines - 1], "→ W"));
  g_assert_cmpint (position.to_move, ==, CRAPETTE_NORTH);
}

/* American Bank: South emptied T3 this turn and owes it a card before
 * discarding. The 7♣ at the foot of T1 (a pile of two) fills it, and the
 * card in hand goes on the talon, though the K♥ could go on the Q♦. */
static void
test_american_space_first (void)
{
  CrapettePosition position;
  g_autofree char *played = NULL;

  parse ("Crapette position\n"
         "Variant: american\n"
         "To move: south\n"
         "Moved: yes\n"
         "Opened: T3\n"
         "SC: K♥\n"
         "NW: 3♣\n"
         "SW: 9♦\n"
         "T1: 8♠ 7♣\n"
         "T2: Q♦\n"
         "T4: 2♠\n"
         "T5: 5♥\n"
         "T6: J♣\n"
         "T7: 4♦\n"
         "T8: 10♥\n"
         "Rest: SD ND\n",
         &position);
  played = play_to_the_end (&position);
  g_test_message ("%s", played);
  g_assert_cmpstr (played, ==,
                   "S: T1 7♣ → T3\n"
                   "S: C K♥ → W\n");
  g_assert_cmpint (position.to_move, ==, CRAPETTE_NORTH);
}

typedef struct
{
  const char *level;
  CrapetteVariant variant;
  guint rounds;
} Pairing;

/* Plays whole rounds of @data's level against itself with its own limit, and
 * asks a twin of each player with no limit about every view: until a turn has
 * made 30 moves both choose alike, so a turn under the limit is unchanged;
 * a turn that reaches it ends within a few moves, and every move is legal. */
static void
test_under_the_limit (gconstpointer data)
{
  const Pairing *pairing = data;
  guint64 turns = 0, limited = 0, decisions = 0;
  guint longest = 0;

  for (guint r = 0; r < pairing->rounds; r++)
    {
      CrapettePlayer *players[2], *twins[2];
      g_autoptr(CrapetteRound) round = NULL;
      CrapetteRules rules;
      guint32 turn = G_MAXUINT32;
      guint moves = 0;

      for (guint s = 0; s < 2; s++)
        {
          players[s] = crapette_player_new (pairing->level, 2 * r + s + 1, NULL);
          twins[s] = crapette_player_new (pairing->level, 2 * r + s + 1, NULL);
          crapette_player_set_turn_limit (twins[s], 0);
        }
      crapette_rules_init_default (&rules);
      round = crapette_round_new_deal (pairing->variant, &rules, 40 + r, 0);
      while (crapette_round_get_position (round)->outcome == CRAPETTE_OUTCOME_PLAYING)
        {
          const CrapettePosition *position = crapette_round_get_position (round);
          CrapetteSeat seat = position->to_move;
          CrapettePosition view;
          CrapetteMove move, twin_move;

          if (position->turn_number != turn)
            {
              turn = position->turn_number;
              turns++;
              moves = 0;
            }
          g_assert_cmpuint (turns, <, 100000);
          crapette_view_init_known (&view, position);
          crapette_player_choose (players[seat], &view, &move);
          crapette_player_choose (twins[seat], &view, &twin_move);
          if (moves < 30)
            {
              g_assert_true (crapette_move_equal (&move, &twin_move));
              decisions++;
            }
          else if (moves == 30)
            {
              limited++;
            }
          assert_keeps_duties (position, &move);
          g_assert_true (crapette_round_play (round, &move, NULL));
          moves++;
          longest = MAX (longest, moves);
        }
      for (guint s = 0; s < 2; s++)
        {
          g_object_unref (players[s]);
          g_object_unref (twins[s]);
        }
    }
  g_test_message ("%s: %" G_GUINT64_FORMAT " turns, %" G_GUINT64_FORMAT " at the limit, "
                  "%" G_GUINT64_FORMAT " decisions compared, longest %u moves",
                  pairing->level, turns, limited, decisions, longest);
  g_assert_cmpuint (turns, >, 50);
  g_assert_cmpuint (decisions, >, 400);
  /* Long turns come up often enough in these rounds for the limit to be used. */
  g_assert_cmpuint (limited, >, 0);
  g_assert_cmpuint (longest, <=, 30 + 30);
}

static const Pairing pairings[] = {
  { "medium", CRAPETTE_VARIANT_RUSSIAN, 4 },
  { "medium", CRAPETTE_VARIANT_AMERICAN, 4 },
  { "hard", CRAPETTE_VARIANT_RUSSIAN, 2 },
  { "hard", CRAPETTE_VARIANT_AMERICAN, 3 },
};

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/turn-limit/russian-duties-first", test_russian_duties_first);
  g_test_add_func ("/turn-limit/russian-reserve-before-stock", test_russian_reserve_before_stock);
  g_test_add_func ("/turn-limit/american-space-first", test_american_space_first);
  for (guint i = 0; i < G_N_ELEMENTS (pairings); i++)
    {
      g_autofree char *path = g_strdup_printf ("/turn-limit/under-the-limit/%s/%s",
                                               pairings[i].level,
                                               pairings[i].variant == CRAPETTE_VARIANT_RUSSIAN
                                                 ? "russian" : "american");

      g_test_add_data_func (path, &pairings[i], test_under_the_limit);
    }
  return g_test_run ();
}
