/* test-match.c: match scoring, match ends and who deals next, in both games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include "crapette-game.h"
#include "crapette-match.h"
#include "crapette-match-record.h"
#include "crapette-player-names.h"
#include "crapette-random.h"
#include "crapette-view-private.h"

/* Short rounds: random play blocks quickly when few idle turns are allowed. */
#define QUICK_IDLE_TURNS 10

typedef struct
{
  guint rounds_finished;
  guint matches_finished;
  guint last_index;
  CrapetteRoundResult last_result;
  guint winner;
} Watch;

static void
on_round_finished (CrapetteMatch       *match,
                   guint                index,
                   CrapetteRoundResult *result,
                   Watch               *watch)
{
  watch->rounds_finished++;
  watch->last_index = index;
  watch->last_result = *result;
}

static void
on_match_finished (CrapetteMatch *match,
                   guint          winner,
                   Watch         *watch)
{
  watch->matches_finished++;
  watch->winner = winner;
}

static void
watch_match (CrapetteMatch *match,
             Watch         *watch)
{
  memset (watch, 0, sizeof *watch);
  watch->winner = G_MAXUINT;
  g_signal_connect (match, "round-finished", G_CALLBACK (on_round_finished), watch);
  g_signal_connect (match, "match-finished", G_CALLBACK (on_match_finished), watch);
}

/* The foundations of a Russian Bank table on which only six cards are left
 * to play: Q♣ K♣ Q♦ K♦ of the first pack and Q♣ K♣ of the second. */
static char *
six_cards_left (const char *player_piles)
{
  static const char * const suits[] = { "♣", "♦", "♥", "♠" };
  static const char * const ranks[] = {
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
  };
  GString *text = g_string_new ("Crapette position\nVariant: russian\nTo move: south\n\n");

  g_string_append (text, player_piles);
  for (guint pack = 0; pack < 2; pack++)
    {
      for (guint suit = 0; suit < 4; suit++)
        {
          /* Clubs stop at the Jack in both packs, diamonds in the first only. */
          guint top = (suit == 0 || (suit == 1 && pack == 0)) ? 11 : 13;

          g_string_append_printf (text, "F%u:", pack * 4 + suit + 1);
          for (guint rank = 0; rank < top; rank++)
            g_string_append_printf (text, " %s%s%s", ranks[rank], suits[suit],
                                    pack == 1 ? "*" : "");
          g_string_append_c (text, '\n');
        }
    }
  return g_string_free (text, FALSE);
}

/* A match record whose round @round_number starts at @position_text; the
 * position header lines are turned into a round record's. */
static char *
match_record (guint       length,
              guint       round_number,
              const char *position_text)
{
  const char *variant_line = "Variant: russian\n";
  const char *body = strstr (position_text, variant_line) + strlen (variant_line);

  return g_strdup_printf ("Crapette match\nVersion: 1\nVariant: russian\nLength: %u\nSeed: 7\n\n"
                          "Crapette record\n%sRound: %u\n%s\nMoves:\n",
                          length, variant_line, round_number, body);
}

static CrapetteMatch *
load_match (CrapetteGame *game,
            const char   *text)
{
  g_autoptr(GError) error = NULL;
  CrapetteMatch *match = crapette_match_new_from_record (game, text, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (match);
  return match;
}

/* Plays the only kind of move the test positions leave: the first legal one. */
static void
play_first_legal (CrapetteGame *game)
{
  g_autoptr(GError) error = NULL;
  gsize n_moves;
  const CrapetteMove *moves = crapette_game_get_legal_moves (game, &n_moves);
  CrapetteMove move;

  g_assert_cmpuint (n_moves, >, 0);
  move = moves[0];
  g_assert_true (crapette_game_play (game, &move, &error));
  g_assert_no_error (error);
}

static void
play_end_of_turn (CrapetteGame *game)
{
  g_autoptr(GError) error = NULL;
  CrapetteMove end = { CRAPETTE_MOVE_END_TURN, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE,
                       CRAPETTE_CARD_NONE };

  g_assert_true (crapette_game_play (game, &end, &error));
  g_assert_no_error (error);
}

static void
test_russian_won_round (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autofree char *position = six_cards_left ("SR: Q♦\nNR: Q♣ K♣\nND: Q♣* K♣*\nNW: K♦\n");
  g_autofree char *text = match_record (100, 1, position);
  g_autoptr(CrapetteMatch) match = load_match (game, text);
  Watch watch;

  watch_match (match, &watch);
  g_assert_true (crapette_match_is_round_in_play (match));
  g_assert_cmpuint (crapette_match_get_round_number (match), ==, 1);

  /* South goes out; North keeps 2 reserve cards (2 × 2) and 3 others: 30 + 7. */
  play_first_legal (game);
  g_assert_cmpuint (watch.rounds_finished, ==, 1);
  g_assert_cmpuint (watch.last_index, ==, 0);
  g_assert_cmpint (watch.last_result.outcome, ==, CRAPETTE_OUTCOME_WON);
  g_assert_cmpuint (watch.last_result.points, ==, 37);
  g_assert_cmpuint (crapette_match_get_score (match, CRAPETTE_SOUTH), ==, 37);
  g_assert_cmpuint (crapette_match_get_score (match, CRAPETTE_NORTH), ==, 0);
  g_assert_false (crapette_match_is_finished (match));
  g_assert_cmpuint (watch.matches_finished, ==, 0);
  g_assert_false (crapette_match_is_round_in_play (match));
  g_assert_cmpuint (crapette_match_get_n_finished_rounds (match), ==, 1);

  /* The next round is the second of the match. */
  g_assert_true (crapette_match_deal_next_round (match));
  g_assert_false (crapette_match_deal_next_round (match));
  g_assert_cmpuint (crapette_match_get_round_number (match), ==, 2);
  g_assert_cmpuint (crapette_view_get_round_index (crapette_game_get_view (game)), ==, 1);
  g_assert_cmpuint (crapette_view_get_deal_number (crapette_game_get_view (game)), ==,
                    crapette_match_get_deal_number (match, 1));
}

static void
test_russian_target_reached_exactly (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autofree char *position = six_cards_left ("SR: Q♦\nNR: Q♣ K♣\nND: Q♣* K♣*\nNW: K♦\n");
  g_autofree char *exact = match_record (37, 1, position);
  g_autofree char *one_more = match_record (38, 1, position);
  g_autoptr(CrapetteMatch) match = load_match (game, exact);
  g_autoptr(CrapetteMatch) longer = NULL;
  Watch watch;

  watch_match (match, &watch);
  play_first_legal (game);
  g_assert_true (crapette_match_is_finished (match));
  g_assert_cmpuint (watch.matches_finished, ==, 1);
  g_assert_cmpuint (watch.winner, ==, CRAPETTE_SOUTH);
  g_assert_cmpuint (crapette_match_get_winner (match), ==, CRAPETTE_SOUTH);
  g_assert_false (crapette_match_deal_next_round (match));

  /* One point short of a target of 38, the match goes on. */
  g_clear_object (&match);
  longer = load_match (game, one_more);
  play_first_legal (game);
  g_assert_false (crapette_match_is_finished (longer));
  g_assert_cmpuint (crapette_match_get_score (longer, CRAPETTE_SOUTH), ==, 37);
}

static void
test_russian_blocked_round (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autofree char *wins = six_cards_left ("SR: Q♦ K♦\nNR: Q♣ Q♣* K♣* K♣\n");
  g_autofree char *ties = six_cards_left ("SR: Q♣ Q♦ K♦\nNR: Q♣* K♣* K♣\n");
  g_autofree char *text = match_record (100, 1, wins);
  g_autofree char *single = match_record (CRAPETTE_MATCH_SINGLE_ROUND, 1, ties);
  g_autoptr(CrapetteMatch) match = load_match (game, text);
  g_autoptr(CrapetteMatch) drawn = NULL;
  Watch watch;

  /* Both pass: blocked, South has 4 against North's 8 and scores the difference. */
  watch_match (match, &watch);
  play_end_of_turn (game);
  play_end_of_turn (game);
  g_assert_cmpuint (watch.rounds_finished, ==, 1);
  g_assert_cmpint (watch.last_result.outcome, ==, CRAPETTE_OUTCOME_BLOCKED);
  g_assert_cmpuint (crapette_match_get_score (match, CRAPETTE_SOUTH), ==, 4);
  g_assert_cmpuint (crapette_match_get_score (match, CRAPETTE_NORTH), ==, 0);
  g_assert_false (crapette_match_is_finished (match));

  /* Equal counts: nobody scores, and a single-round match ends drawn. */
  g_clear_object (&match);
  drawn = load_match (game, single);
  watch_match (drawn, &watch);
  play_end_of_turn (game);
  play_end_of_turn (game);
  g_assert_true (crapette_match_is_finished (drawn));
  g_assert_cmpuint (watch.winner, ==, CRAPETTE_NO_SEAT);
  g_assert_cmpuint (crapette_match_get_score (drawn, CRAPETTE_SOUTH), ==, 0);
  g_assert_cmpuint (crapette_match_get_score (drawn, CRAPETTE_NORTH), ==, 0);
}

/* Plays random legal moves until the round in play ends. */
static void
play_round_at_random (CrapetteGame   *game,
                      CrapetteRandom *random)
{
  for (guint moves = 0; crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING; moves++)
    {
      gsize n_moves;
      const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_moves);
      CrapetteMove move;

      g_assert_cmpuint (moves, <, 200000);
      g_assert_cmpuint (n_moves, >, 0);
      move = legal[crapette_random_below (random, (guint32) n_moves)];
      g_assert_true (crapette_game_play (game, &move, NULL));
    }
}

static void
test_american_best_of (void)
{
  CrapetteRules rules;
  gboolean ended_early = FALSE;
  CrapetteRandom random;

  crapette_rules_init_default (&rules);
  rules.idle_turn_limit = QUICK_IDLE_TURNS;
  crapette_random_init (&random, 99);

  for (guint64 seed = 1; seed <= 6; seed++)
    {
      g_autoptr(CrapetteGame) game = crapette_game_new ();
      g_autoptr(CrapetteMatch) match =
        crapette_match_new (game, CRAPETTE_VARIANT_AMERICAN, &rules, 3, seed);
      CrapetteSeat first_dealer = CRAPETTE_NO_SEAT;
      guint decided = 0;
      Watch watch;

      watch_match (match, &watch);
      while (!crapette_match_is_finished (match))
        {
          guint index = crapette_match_get_n_finished_rounds (match);
          CrapettePosition next;

          /* The deal alternates, from a first dealer drawn from the seed. */
          g_assert_true (crapette_match_peek_next_deal (match, &next));
          if (index == 0)
            first_dealer = next.dealer;
          g_assert_cmpuint (next.dealer, ==, first_dealer ^ (index & 1));
          g_assert_true (crapette_match_deal_next_round (match));
          g_assert_cmpuint (crapette_view_get_position (crapette_game_get_view (game))->dealer, ==,
                            next.dealer);
          g_assert_cmpuint (crapette_view_get_deal_number (crapette_game_get_view (game)), ==,
                            next.deal_number);
          g_assert_cmpuint (crapette_game_get_current_player (game), ==,
                            next.dealer ^ 1);

          play_round_at_random (game, &random);
          g_assert_cmpuint (watch.rounds_finished, ==, index + 1);
          if (watch.last_result.winner != CRAPETTE_NO_SEAT)
            {
              g_assert_cmpuint (watch.last_result.points, ==, 1);
              decided++;
            }
          g_assert_cmpuint (crapette_match_get_score (match, CRAPETTE_SOUTH) +
                            crapette_match_get_score (match, CRAPETTE_NORTH), ==, decided);
        }

      /* Best of three: over as soon as a player has two rounds, not before. */
      g_assert_cmpuint (watch.matches_finished, ==, 1);
      g_assert_cmpuint (crapette_match_get_score (match, watch.winner), ==, 2);
      g_assert_cmpuint (crapette_match_get_score (match, watch.winner ^ 1), <, 2);
      if (decided == 2)
        ended_early = TRUE;
      g_assert_false (crapette_match_deal_next_round (match));
    }
  g_assert_true (ended_early);
}

static void
test_american_best_of_one (void)
{
  CrapetteRules rules;
  CrapetteRandom random;
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;

  crapette_rules_init_default (&rules);
  rules.idle_turn_limit = QUICK_IDLE_TURNS;
  crapette_random_init (&random, 5);
  match = crapette_match_new (game, CRAPETTE_VARIANT_AMERICAN, &rules, 1, 11);

  while (crapette_match_deal_next_round (match))
    play_round_at_random (game, &random);
  g_assert_true (crapette_match_is_finished (match));
  g_assert_cmpuint (crapette_match_get_score (match, crapette_match_get_winner (match)), ==, 1);
}

/* A note is one comment line of the record's header (control characters made spaces), and
 * the record reads back the same without it being taken for anything. */
static void
test_record_note (void)
{
  CrapetteRules rules;
  CrapetteRandom random;
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteGame) other_game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  g_autoptr(CrapetteMatch) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *copied = NULL;

  crapette_rules_init_default (&rules);
  rules.idle_turn_limit = QUICK_IDLE_TURNS;
  crapette_random_init (&random, 8);
  match = crapette_match_new (game, CRAPETTE_VARIANT_AMERICAN, &rules, 1, 12);
  while (crapette_match_deal_next_round (match))
    play_round_at_random (game, &random);
  plain = crapette_match_to_record (match);
  g_assert_null (crapette_match_get_note (match));
  crapette_match_set_note (match, "Hidden deal refused\nSouth: forged");
  g_assert_cmpstr (crapette_match_get_note (match), ==, "Hidden deal refused South: forged");
  text = crapette_match_to_record (match);
  g_assert_nonnull (strstr (text, "\n# Hidden deal refused South: forged\n"));
  g_assert_cmpuint (strlen (text), ==, strlen (plain) + strlen ("# Hidden deal refused South: forged\n"));
  copy = crapette_match_new_from_record (other_game, text, -1, &error);
  g_assert_no_error (error);
  copied = crapette_match_to_record (copy);
  g_assert_cmpstr (copied, ==, plain);
  crapette_match_set_note (match, NULL);
  g_clear_pointer (&text, g_free);
  text = crapette_match_to_record (match);
  g_assert_cmpstr (text, ==, plain);
}

static void
test_russian_alternate_start (void)
{
  CrapetteRules rules;
  CrapetteRandom random;
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;

  crapette_rules_init_default (&rules);
  rules.first_player = CRAPETTE_FIRST_PLAYER_ALTERNATE;
  rules.idle_turn_limit = QUICK_IDLE_TURNS;
  crapette_random_init (&random, 3);
  match = crapette_match_new (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 100000, 42);

  /* The first round is deal 42 itself, so a deal can be replayed from its number. */
  g_assert_cmpuint (crapette_match_get_deal_number (match, 0), ==, 42);
  for (guint index = 0; index < 4; index++)
    {
      CrapettePosition next;

      g_assert_true (crapette_match_peek_next_deal (match, &next));
      g_assert_cmpuint (next.to_move, ==, index % 2 == 0 ? CRAPETTE_SOUTH : CRAPETTE_NORTH);
      g_assert_true (crapette_match_deal_next_round (match));
      g_assert_cmpuint (crapette_game_get_current_player (game), ==, next.to_move);
      g_assert_cmpuint (crapette_view_get_round_index (crapette_game_get_view (game)), ==, index);
      play_round_at_random (game, &random);
    }
  g_assert_cmpuint (crapette_match_get_n_finished_rounds (match), ==, 4);
}

static void
test_replay_and_foreign_round (void)
{
  CrapetteRules rules;
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  g_autofree CrapettePosition *start = NULL;
  gsize n_moves;
  CrapetteMove move;

  crapette_rules_init_default (&rules);
  match = crapette_match_new (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 300, 1234);
  g_assert_true (crapette_match_deal_next_round (match));
  start = g_memdup2 (crapette_round_get_start (crapette_game_get_round (game)),
                     sizeof (CrapettePosition));

  move = crapette_game_get_legal_moves (game, &n_moves)[0];
  g_assert_true (crapette_game_play (game, &move, NULL));
  g_assert_cmpuint (crapette_match_count_moves (match), ==, 1);

  /* "Replay this deal" starts the same deal again, still in the match. */
  crapette_match_replay_round (match);
  g_assert_true (crapette_match_is_round_in_play (match));
  g_assert_cmpuint (crapette_match_count_moves (match), ==, 0);
  g_assert_true (crapette_position_equal (crapette_round_get_start (crapette_game_get_round (game)),
                                          start));

  /* A round dealt behind the match's back is not the match's. */
  crapette_game_deal (game, CRAPETTE_VARIANT_AMERICAN, &rules, 5, 0);
  g_assert_false (crapette_match_is_round_in_play (match));
}

static void
test_record_round_trip (void)
{
  CrapetteRules rules;
  CrapetteRandom random;
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteGame) other_game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  g_autoptr(CrapetteMatch) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;

  crapette_rules_init_default (&rules);
  rules.idle_turn_limit = QUICK_IDLE_TURNS;
  rules.reserve_size = 12;
  crapette_random_init (&random, 8);
  match = crapette_match_new (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 500, 77);
  crapette_match_set_players (match, CRAPETTE_OPPONENT_TWO_PLAYERS, "Anne\nwith a line break", "Bertrand");
  for (guint round = 0; round < 2; round++)
    {
      g_assert_true (crapette_match_deal_next_round (match));
      play_round_at_random (game, &random);
    }
  g_assert_true (crapette_match_deal_next_round (match));
  for (guint i = 0; i < 5; i++)
    play_first_legal (game);

  text = crapette_match_to_record (match);
  copy = crapette_match_new_from_record (other_game, text, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (copy);
  g_assert_cmpuint (crapette_match_get_score (copy, CRAPETTE_SOUTH), ==,
                    crapette_match_get_score (match, CRAPETTE_SOUTH));
  g_assert_cmpuint (crapette_match_get_score (copy, CRAPETTE_NORTH), ==,
                    crapette_match_get_score (match, CRAPETTE_NORTH));
  g_assert_cmpuint (crapette_match_get_n_finished_rounds (copy), ==, 2);
  g_assert_true (crapette_match_is_round_in_play (copy));
  g_assert_cmpuint (crapette_match_get_length (copy), ==, 500);
  g_assert_cmpuint (crapette_match_get_seed (copy), ==, 77);
  g_assert_cmpuint (crapette_match_get_rules (copy)->reserve_size, ==, 12);
  g_assert_cmpint (crapette_match_get_opponent (copy), ==, CRAPETTE_OPPONENT_TWO_PLAYERS);
  g_assert_cmpstr (crapette_match_get_player_name (copy, CRAPETTE_SOUTH), ==,
                   "Anne with a line break");
  g_assert_true (crapette_position_equal (
    crapette_round_get_position (crapette_game_get_round (game)),
    crapette_round_get_position (crapette_game_get_round (other_game))));
  g_assert_cmpuint (crapette_match_count_moves (copy), ==, crapette_match_count_moves (match));

  /* Written again, the copy gives the same text, but for the cleaned name. */
  crapette_match_set_players (match, CRAPETTE_OPPONENT_TWO_PLAYERS, "Anne with a line break", "Bertrand");
  g_free (text);
  text = crapette_match_to_record (match);
  text_again = crapette_match_to_record (copy);
  g_assert_cmpstr (text, ==, text_again);
}

/* A match given up (a network match's resignation) says who resigned in its record, with a
 * comment for people; the record reads back with it, and a wrong seat is refused. */
static void
test_record_resigned (void)
{
  CrapetteRules rules;
  CrapetteRandom random;
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteGame) other_game = crapette_game_new ();
  g_autoptr(CrapetteGame) third_game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  g_autoptr(CrapetteMatch) copy = NULL;
  g_autoptr(CrapetteMatch) wrong = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *text = NULL;
  g_autofree char *copied = NULL;

  crapette_rules_init_default (&rules);
  rules.idle_turn_limit = QUICK_IDLE_TURNS;
  crapette_random_init (&random, 9);
  match = crapette_match_new (game, CRAPETTE_VARIANT_AMERICAN, &rules, 3, 21);
  g_assert_true (crapette_match_deal_next_round (match));
  play_round_at_random (game, &random);
  g_assert_true (crapette_match_deal_next_round (match));
  plain = crapette_match_to_record (match);
  g_assert_cmpint (crapette_match_get_resigned (match), ==, CRAPETTE_NO_SEAT);
  g_assert_null (strstr (plain, "Resigned:"));

  crapette_match_resign (match, CRAPETTE_NORTH);
  crapette_match_resign (match, CRAPETTE_SOUTH);  /* only the first resignation counts */
  g_assert_cmpint (crapette_match_get_resigned (match), ==, CRAPETTE_NORTH);
  text = crapette_match_to_record (match);
  g_assert_nonnull (strstr (text, "\nResigned: north\n"));

  copy = crapette_match_new_from_record (other_game, text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (crapette_match_get_resigned (copy), ==, CRAPETTE_NORTH);
  g_assert_cmpuint (crapette_match_get_n_finished_rounds (copy), ==, 1);
  copied = crapette_match_to_record (copy);
  g_assert_cmpstr (copied, ==, text);

  wrong = crapette_match_new_from_record (third_game, "Crapette match\nVersion: 1\n"
                                          "Variant: russian\nResigned: both\n", -1, &error);
  g_assert_null (wrong);
  g_assert_error (error, CRAPETTE_MATCH_RECORD_ERROR, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX);
}

static void
test_record_errors (void)
{
  static const struct
  {
    const char *text;
    int code;
  } cases[] = {
    { "", CRAPETTE_MATCH_RECORD_ERROR_SYNTAX },
    { "Crapette position\n", CRAPETTE_MATCH_RECORD_ERROR_SYNTAX },
    { "Crapette match\nVariant: russian\n", CRAPETTE_MATCH_RECORD_ERROR_VERSION },
    { "Crapette match\nVersion: 2\nVariant: russian\n", CRAPETTE_MATCH_RECORD_ERROR_VERSION },
    { "Crapette match\nVersion: 1\n", CRAPETTE_MATCH_RECORD_ERROR_SYNTAX },
    { "Crapette match\nVersion: 1\nVariant: chess\n", CRAPETTE_MATCH_RECORD_ERROR_SYNTAX },
    { "Crapette match\nVersion: 1\nVariant: american\nLength: 4\n",
      CRAPETTE_MATCH_RECORD_ERROR_INVALID },
    { "Crapette match\nVersion: 1\nVariant: russian\nRules: reserve=14\n",
      CRAPETTE_MATCH_RECORD_ERROR_INVALID },
    { "Crapette match\nVersion: 1\nVariant: russian\nColour: blue\n",
      CRAPETTE_MATCH_RECORD_ERROR_SYNTAX },
    { "Crapette match\nVersion: 1\nVariant: russian\nOpponent: me\n",
      CRAPETTE_MATCH_RECORD_ERROR_SYNTAX },
    { "Crapette match\nVersion: 1\nVariant: russian\n\nCrapette record\nVariant: american\n"
      "Moves:\n", CRAPETTE_MATCH_RECORD_ERROR_INVALID },
    { "Crapette match\nVersion: 1\nVariant: russian\n\nCrapette record\nVariant: russian\n"
      "Round: 2\nMoves:\n", CRAPETTE_MATCH_RECORD_ERROR_INVALID },
    { "Crapette match\nVersion: 1\nVariant: russian\n\nCrapette record\nVariant: russian\n"
      "Moves:\n\nCrapette record\nVariant: russian\nRound: 2\nMoves:\n",
      CRAPETTE_MATCH_RECORD_ERROR_INVALID },
    { "Crapette match\nVersion: 1\nVariant: russian\n\nCrapette record\nVariant: russian\n"
      "Moves:\nS: R K♠ → F1\n", CRAPETTE_MATCH_RECORD_ERROR_INVALID },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CrapetteGame) game = crapette_game_new ();
      g_autoptr(CrapetteRound) before = crapette_round_copy (crapette_game_get_round (game));
      g_autoptr(GError) error = NULL;
      CrapetteMatch *match;

      crapette_game_set_players (game, CRAPETTE_OPPONENT_COMPUTER_HARD, "Zoé", NULL);
      match = crapette_match_new_from_record (game, cases[i].text, -1, &error);
      g_test_message ("case %u: %s", i, error != NULL ? error->message : "(no error)");
      g_assert_null (match);
      g_assert_error (error, CRAPETTE_MATCH_RECORD_ERROR, cases[i].code);
      /* A refused record leaves the table as it was. */
      g_assert_true (crapette_position_equal (crapette_round_get_position (before),
                                              crapette_round_get_position (
                                                crapette_game_get_round (game))));
      /* And the players as they were named. */
      g_assert_cmpint (crapette_game_get_players (game)->opponent, ==,
                       CRAPETTE_OPPONENT_COMPUTER_HARD);
      g_assert_cmpstr (crapette_player_names_get (crapette_game_get_players (game),
                                                  CRAPETTE_SOUTH), ==, "Zoé");
    }
}

/* An error in a round of a match record names the line as an editor counts it, from the
 * top of the file, not from the round's own first line. */
static void
test_record_error_lines_count_from_the_file (void)
{
  static const char record[] =
    "Crapette match\n"                                     /* 1 */
    "Version: 1\n"
    "Variant: russian\n"
    "Length: 1\n"
    "Seed: 7\n"                                            /* 5 */
    "\n"
    "Crapette record\n"                                    /* 7 */
    "Variant: russian\n"
    "Rules: reserve=13 start=low-card idle-turns=50 mistakes=called\n"
    "Deal: 3\n"                                            /* 10 */
    "Round: 1\n"
    "\n"
    "Moves:\n"
    "S: H8 A♣ → F1\n"                                      /* 14 */
    "N: stop\n";                                           /* 15 */
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteMatch) match = crapette_match_new_from_record (game, record, -1, &error);

  g_assert_null (match);
  g_assert_error (error, CRAPETTE_MATCH_RECORD_ERROR, CRAPETTE_MATCH_RECORD_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "starting on line 7"));
  g_assert_nonnull (strstr (error->message, "Line 15: There is nothing to stop"));
}

static void
test_single_round_record_is_a_match (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  g_autoptr(GError) error = NULL;

  match = crapette_match_new_from_record (game,
                                          "Crapette record\nVariant: american\nDeal: 9\n"
                                          "Round: 3\nMoves:\n", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (crapette_match_get_variant (match), ==, CRAPETTE_VARIANT_AMERICAN);
  g_assert_cmpuint (crapette_match_get_length (match), ==, 1);
  g_assert_true (crapette_match_is_round_in_play (match));
  g_assert_cmpuint (crapette_view_get_deal_number (crapette_game_get_view (game)), ==, 9);
}

/* A record as a person's editor may leave it: a byte order mark, Windows line ends, a
 * comment of their own; a name with a "#" is a name, not a comment. The text is read by the
 * notation's lexer, so its limits hold here too. */
static void
test_record_as_edited (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteGame) other_game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  g_autoptr(CrapetteMatch) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *copied = NULL;
  g_autoptr(GString) edited = g_string_new ("\xef\xbb\xbf");
  g_autoptr(GString) long_line = g_string_new ("Crapette match\nVersion: 1\nSouth: ");
  g_auto(GStrv) lines = NULL;
  static const char zero_byte[] = "Crapette match\nVersion: 1\0\nVariant: russian\n";
  CrapetteRules rules;

  crapette_rules_init_default (&rules);
  match = crapette_match_new (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 100, 5);
  crapette_match_set_players (match, CRAPETTE_OPPONENT_TWO_PLAYERS, "Ann #1", "Bob");
  g_assert_true (crapette_match_deal_next_round (match));
  for (guint i = 0; i < 6; i++)
    play_first_legal (game);
  text = crapette_match_to_record (match);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_string_append_printf (edited, "%s\r\n", lines[i]);
      if (i == 0)
        g_string_append (edited, "   # Played on the train\r\n\r\n");
    }

  copy = crapette_match_new_from_record (other_game, edited->str, (gssize) edited->len, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (crapette_match_get_player_name (copy, CRAPETTE_SOUTH), ==, "Ann #1");
  g_assert_cmpstr (crapette_match_get_player_name (copy, CRAPETTE_NORTH), ==, "Bob");
  copied = crapette_match_to_record (copy);
  g_assert_cmpstr (copied, ==, text);

  g_assert_null (crapette_match_new_from_record (other_game, zero_byte, sizeof zero_byte - 1,
                                                 &error));
  g_assert_error (error, CRAPETTE_MATCH_RECORD_ERROR, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "2"));
  g_clear_error (&error);

  for (guint i = 0; i < 5000; i++)
    g_string_append_c (long_line, 'x');
  g_assert_null (crapette_match_new_from_record (other_game, long_line->str, -1, &error));
  g_assert_error (error, CRAPETTE_MATCH_RECORD_ERROR, CRAPETTE_MATCH_RECORD_ERROR_TOO_LARGE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/match/russian/won-round", test_russian_won_round);
  g_test_add_func ("/match/russian/target-reached-exactly", test_russian_target_reached_exactly);
  g_test_add_func ("/match/russian/blocked-round", test_russian_blocked_round);
  g_test_add_func ("/match/russian/alternate-start", test_russian_alternate_start);
  g_test_add_func ("/match/american/best-of-three", test_american_best_of);
  g_test_add_func ("/match/american/best-of-one", test_american_best_of_one);
  g_test_add_func ("/match/replay-and-foreign-round", test_replay_and_foreign_round);
  g_test_add_func ("/match/record/round-trip", test_record_round_trip);
  g_test_add_func ("/match/record/errors", test_record_errors);
  g_test_add_func ("/match/record/error-lines", test_record_error_lines_count_from_the_file);
  g_test_add_func ("/match/record/as-edited", test_record_as_edited);
  g_test_add_func ("/match/record/single-round", test_single_round_record_is_a_match);
  g_test_add_func ("/match/record/note", test_record_note);
  g_test_add_func ("/match/record/resigned", test_record_resigned);

  return g_test_run ();
}
