/* test-stop.c: "Stop!" — mistakes allowed with mistakes=called, and the call
 * that takes them back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each duty of the order of play has a hand-made position in which it is
 * broken, then called: the mistake is allowed, the call takes back exactly
 * the right moves, the turn passes, what was turned up stays known and the
 * repetition history is as if the taken-back moves had never been played.
 */

#include "config.h"

#include <string.h>

#include "crapette-card.h"
#include "crapette-description.h"
#include "crapette-notation.h"
#include "crapette-refusal.h"
#include "crapette-round.h"
#include "crapette-view.h"

#include "engine-test-helpers.h"

static void
assert_same_piles (const CrapettePosition *a,
                   const CrapettePosition *b)
{
  for (guint i = 0; i < CRAPETTE_N_PILES; i++)
    {
      g_assert_cmpuint (a->piles[i].count, ==, b->piles[i].count);
      g_assert_cmpmem (a->piles[i].cards, a->piles[i].count, b->piles[i].cards, b->piles[i].count);
    }
}

/* The record of @round read back holds the same moves and reaches the same
 * position, and writes back to the same text. */
static void
assert_record_round_trips (const CrapetteRound *round)
{
  g_autofree char *text = crapette_notation_format_round (round);
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteRound) read = crapette_notation_parse_round (text, -1, &error);
  g_autofree char *again = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (crapette_round_get_n_moves (read), ==, crapette_round_get_n_moves (round));
  for (guint i = 0; i < crapette_round_get_n_moves (round); i++)
    g_assert_true (crapette_move_same_action (crapette_round_get_move (read, i),
                                              crapette_round_get_move (round, i)));
  g_assert_true (crapette_position_equal (crapette_round_get_position (read),
                                          crapette_round_get_position (round)));
  g_assert_cmpuint (crapette_round_count_repetitions (read), ==,
                    crapette_round_count_repetitions (round));
  again = crapette_notation_format_round (read);
  g_assert_cmpstr (again, ==, text);
}

/* ---- Russian Bank: foundations first -------------------------------------- */

/* The 2♣ on H4 can go up on the A♣; the 7♥ can hop between the black eights. */
static const char foundation_first[] =
  "Crapette position\n"
  "Variant: russian\n"
  "Rules: reserve=13 start=low-card idle-turns=50 mistakes=called\n"
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
  "F1: A♣\n"
  "Rest: SD ND\n";

static void
test_prevented_refuses (void)
{
  CrapettePosition position;
  CrapetteMove hop = card_move (crapette_pile_house (0), crapette_pile_house (1));
  g_autoptr(GError) error = NULL;
  CrapetteMove legal[CRAPETTE_MAX_MOVES];
  gsize n_legal;

  /* The same table with today's rule refuses the hop, and lists only the 2♣. */
  g_assert_true (crapette_notation_parse_position (foundation_first, -1, &position, &error));
  g_assert_no_error (error);
  position.rules.mistakes = CRAPETTE_MISTAKES_PREVENTED;
  g_assert_false (crapette_position_check_move (&position, &hop, &error));
  g_assert_error (error, CRAPETTE_MOVE_ERROR, CRAPETTE_REFUSAL_FOUNDATION_FIRST);
  n_legal = crapette_position_legal_moves (&position, legal);
  g_assert_cmpuint (n_legal, ==, 1);

  /* Called, the hop is allowed and breaks the duty; a move no rule allows is
   * still refused. */
  position.rules.mistakes = CRAPETTE_MISTAKES_CALLED;
  g_assert_true (crapette_position_is_legal (&position, &hop));
  g_assert_cmpint (crapette_position_duty_broken (&position, &hop, NULL), ==,
                   CRAPETTE_REFUSAL_FOUNDATION_FIRST);
  g_assert_false (crapette_position_is_legal (&position, &(CrapetteMove) {
    CRAPETTE_MOVE_CARD, crapette_pile_house (0), crapette_pile_house (2), CRAPETTE_CARD_NONE }));
  g_assert_cmpuint (crapette_position_legal_moves (&position, legal), >, n_legal);
}

static void
test_russian_foundation_first (void)
{
  g_autoptr(CrapetteRound) round = round_from_text (foundation_first);
  CrapettePosition start = *crapette_round_get_position (round);
  CrapetteMove hop = card_move (crapette_pile_house (0), crapette_pile_house (1));
  CrapetteMove up = card_move (crapette_pile_house (3), crapette_pile_foundation (0));
  CrapetteMove fill = card_move (pile (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH),
                                 crapette_pile_house (3));
  CrapetteMove turn = plain_move (CRAPETTE_MOVE_TURN);
  CrapettePosition known;
  CrapetteBreach breach;
  CrapetteCard turned;
  const CrapettePosition *after;
  g_autoptr(GError) error = NULL;

  g_assert_false (crapette_round_get_breach (round, NULL));
  play (round, &hop);
  g_assert_true (crapette_round_get_breach (round, &breach));
  g_assert_cmpint (breach.offender, ==, CRAPETTE_SOUTH);
  g_assert_cmpuint (breach.move_index, ==, 0);
  g_assert_cmpint (breach.duty, ==, CRAPETTE_REFUSAL_FOUNDATION_FIRST);
  g_assert_cmpint (breach.detail, ==, card_named ("2♣"));

  /* South goes on: the 2♣ goes up, the reserve's 3♦ fills H4 and shows the
   * 9♦ under it, and a card is turned. The first breach stays the one. */
  play (round, &up);
  play (round, &fill);
  play (round, &turn);
  turned = crapette_position_top (crapette_round_get_position (round),
                                  pile (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_SOUTH));
  g_assert_true (crapette_round_get_breach (round, &breach));
  g_assert_cmpuint (breach.move_index, ==, 0);

  /* South cannot call their own mistake. */
  assert_nothing_to_stop (round, CRAPETTE_SOUTH);
  g_assert_true (crapette_round_may_call (round, CRAPETTE_NORTH));

  g_assert_true (crapette_round_call (round, CRAPETTE_NORTH, &error));
  g_assert_no_error (error);
  after = crapette_round_get_position (round);

  /* Every move from the hop is back; the turn is North's. */
  assert_same_piles (after, &start);
  g_assert_cmpint (after->to_move, ==, CRAPETTE_NORTH);
  g_assert_cmpuint (after->turn_number, ==, start.turn_number + 1);
  g_assert_cmpuint (crapette_round_get_n_moves (round), ==, 5);
  g_assert_cmpint (crapette_round_get_move (round, 4)->kind, ==, CRAPETTE_MOVE_STOP);
  g_assert_false (crapette_round_get_breach (round, NULL));
  g_assert_false (crapette_round_can_undo (round));

  /* Looked back at, the round replays the call: after it, the table is as it is now, and just
   * before it as South left it; the call itself turned nothing up. */
  {
    CrapettePosition replayed;

    crapette_round_get_position_after (round, 5, &replayed);
    assert_same_piles (&replayed, after);
    crapette_round_get_position_after (round, 4, &replayed);
    g_assert_cmpint (crapette_position_top (&replayed, pile (CRAPETTE_PILE_KIND_TURNED,
                                                             CRAPETTE_SOUTH)), ==, turned);
    g_assert_null (crapette_describe_revealed (&replayed, crapette_round_get_move (round, 4)));
  }

  /* The card turned and the 9♦ uncovered went back face down, but both
   * players saw them. */
  crapette_view_init_known (&known, after);
  g_assert_cmpint (crapette_position_top (&known, pile (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH)),
                   ==, turned);
  g_assert_cmpint (known.piles[pile (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH)].cards[0], ==,
                   card_named ("9♦"));
  crapette_view_init (&known, after);
  g_assert_cmpint (crapette_position_top (&known, pile (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH)),
                   ==, CRAPETTE_CARD_UNKNOWN);
  g_assert_true (crapette_position_check_invariants (after, &error));
  g_assert_no_error (error);

  /* A position written after the call keeps what is known. */
  {
    g_autofree char *text = crapette_notation_format_position (after);
    CrapettePosition read;

    g_assert_nonnull (strstr (text, "Stock top seen: 1 0\n"));
    g_assert_true (crapette_notation_parse_position (text, -1, &read, &error));
    g_assert_no_error (error);
    g_assert_true (crapette_position_equal (&read, after));
  }

  /* Replayed through a round, the call goes back as it did; in words, North calls. */
  {
    CrapettePosition replayed, before_call;
    g_autofree char *words = NULL;

    crapette_round_get_position_after (round, 5, &replayed);
    g_assert_true (crapette_position_equal (&replayed, after));
    crapette_round_get_position_after (round, 4, &before_call);
    words = crapette_describe_move (&before_call, crapette_round_get_move (round, 4));
    g_assert_nonnull (strstr (words, "North calls"));
  }

  /* A second call finds nothing to stop. */
  assert_nothing_to_stop (round, CRAPETTE_NORTH);

  assert_record_round_trips (round);
}

/* The taken-back moves' positions leave the repetition history. */
static void
test_russian_repetitions_after_call (void)
{
  g_autoptr(CrapetteRound) round = round_from_text (foundation_first);
  CrapetteMove hop = card_move (crapette_pile_house (0), crapette_pile_house (1));
  CrapetteMove back = card_move (crapette_pile_house (1), crapette_pile_house (0));
  g_autoptr(GError) error = NULL;

  g_autoptr(GArray) occurrences = NULL;

  play (round, &hop);
  play (round, &back);
  play (round, &hop);
  g_assert_cmpuint (crapette_round_count_repetitions (round), ==, 2);
  occurrences = crapette_round_find_position_occurrences (round);
  g_assert_cmpuint (occurrences->len, ==, 2);
  g_clear_pointer (&occurrences, g_array_unref);

  g_assert_true (crapette_round_call (round, CRAPETTE_NORTH, &error));
  g_assert_cmpuint (crapette_round_count_repetitions (round), ==, 0);
  /* The South's hops are gone from the round's history: the position after
   * the call stands once, after the fourth move, the call. */
  occurrences = crapette_round_find_position_occurrences (round);
  g_assert_cmpuint (occurrences->len, ==, 1);
  g_assert_cmpuint (g_array_index (occurrences, guint, 0), ==, 4);
  assert_record_round_trips (round);
}

/* A call with nothing to stop changes nothing; the call stays open until the
 * caller moves. The player who opens the round has no turn before it to call. */
static void
test_russian_false_call_and_window (void)
{
  g_autoptr(CrapetteRound) round = round_from_text (foundation_first);
  CrapetteMove up = card_move (crapette_pile_house (3), crapette_pile_foundation (0));

  g_assert_true (crapette_round_may_call (round, CRAPETTE_NORTH));
  g_assert_false (crapette_round_may_call (round, CRAPETTE_SOUTH));
  play (round, &up);
  assert_nothing_to_stop (round, CRAPETTE_NORTH);
  /* South to move, having moved: only North may call. */
  g_assert_true (crapette_round_may_call (round, CRAPETTE_NORTH));
  g_assert_false (crapette_round_may_call (round, CRAPETTE_SOUTH));
}

/* ---- Russian Bank: an emptied house is filled from the reserve at once -- */

/* No card can go up. Moving the lone 7♥ onto the 8♠ empties H2, which the
 * reserve's 3♦ must fill. */
static const char fill_from_reserve[] =
  "Crapette position\n"
  "Variant: russian\n"
  "Rules: reserve=13 start=low-card idle-turns=50 mistakes=called\n"
  "To move: south\n"
  "\n"
  "SR: 9♦ 3♦\n"
  "NR: 3♣*\n"
  "H1: 8♠\n"
  "H2: 7♥\n"
  "H3: K♣\n"
  "H4: 4♣\n"
  "H5: 5♥\n"
  "H6: 9♥\n"
  "H7: Q♦\n"
  "H8: J♦\n"
  "Rest: SD ND\n";

static void
test_russian_fill_from_reserve (void)
{
  g_autoptr(CrapetteRound) round = round_from_text (fill_from_reserve);
  CrapetteMove lone = card_move (crapette_pile_house (1), crapette_pile_house (0));
  CrapetteMove turn = plain_move (CRAPETTE_MOVE_TURN);
  CrapetteMove discard = card_move (pile (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_SOUTH),
                                    pile (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_SOUTH));
  CrapettePosition after_lone, known;
  CrapetteBreach breach;
  CrapetteCard turned;
  const CrapettePosition *after;
  g_autoptr(GError) error = NULL;

  play (round, &lone);
  g_assert_false (crapette_round_get_breach (round, NULL));
  after_lone = *crapette_round_get_position (round);

  /* Turning leaves H2 unfilled. */
  play (round, &turn);
  turned = crapette_position_top (crapette_round_get_position (round),
                                  pile (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_SOUTH));
  g_assert_true (crapette_round_get_breach (round, &breach));
  g_assert_cmpint (breach.duty, ==, CRAPETTE_REFUSAL_FILL_FROM_RESERVE);
  g_assert_cmpint (breach.detail, ==, card_named ("3♦"));
  g_assert_cmpuint (breach.move_index, ==, 1);

  /* The discard ends South's turn; North may still call before moving. */
  play (round, &discard);
  g_assert_cmpint (crapette_round_get_position (round)->to_move, ==, CRAPETTE_NORTH);
  g_assert_true (crapette_round_get_breach (round, NULL));
  g_assert_true (crapette_round_may_call (round, CRAPETTE_NORTH));
  g_assert_true (crapette_round_call (round, CRAPETTE_NORTH, &error));
  g_assert_no_error (error);

  /* The lone 7♥'s move stands; the turn and the discard are gone. */
  after = crapette_round_get_position (round);
  assert_same_piles (after, &after_lone);
  g_assert_cmpint (after->to_move, ==, CRAPETTE_NORTH);
  g_assert_cmpuint (after->turn_number, ==, after_lone.turn_number + 1);
  crapette_view_init_known (&known, after);
  g_assert_cmpint (crapette_position_top (&known, pile (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH)),
                   ==, turned);
  assert_record_round_trips (round);
}

/* ---- Russian Bank: the reserve before the stock ------------------------- */

static void
test_russian_reserve_first (void)
{
  g_autoptr(CrapetteRound) round = round_from_text (fill_from_reserve);
  CrapetteMove turn = plain_move (CRAPETTE_MOVE_TURN);
  CrapetteMove discard = card_move (pile (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_SOUTH),
                                    pile (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_SOUTH));
  CrapetteBreach breach;
  g_autofree char *message = NULL;
  g_autoptr(GError) error = NULL;

  /* The 3♦ could go on the 4♣, yet South turns. */
  play (round, &turn);
  g_assert_true (crapette_round_get_breach (round, &breach));
  g_assert_cmpint (breach.duty, ==, CRAPETTE_REFUSAL_RESERVE_FIRST);
  g_assert_cmpint (breach.detail, ==, card_named ("3♦"));
  message = crapette_refusal_breach_message (breach.duty, breach.detail, "North");
  g_assert_nonnull (strstr (message, "3♦"));
  g_assert_nonnull (strstr (message, "North"));

  play (round, &discard);
  /* North moves: the chance has passed. */
  play (round, &(CrapetteMove) { CRAPETTE_MOVE_TURN, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE,
                                 CRAPETTE_CARD_NONE });
  g_assert_false (crapette_round_get_breach (round, NULL));
  g_assert_false (crapette_round_may_call (round, CRAPETTE_NORTH));
  assert_nothing_to_stop (round, CRAPETTE_NORTH);
}

/* ---- American Bank: fill the space you opened -------------------------- */

static const char fill_space[] =
  "Crapette position\n"
  "Variant: american\n"
  "Rules: reserve=13 start=low-card idle-turns=50 mistakes=called\n"
  "Rest: SD ND\n"
  "NW: 3♣\n"
  "T1: 5♣\n"
  "T2: 6♠\n"
  "T3: 10♦ J♥\n";

static void
test_american_fill_space (void)
{
  g_autoptr(CrapetteRound) round = round_from_text (fill_space);
  CrapetteMove open = card_move (crapette_pile_house (0), crapette_pile_house (1));
  CrapetteMove turn = plain_move (CRAPETTE_MOVE_TURN);
  CrapetteMove discard = card_move (pile (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_SOUTH),
                                    pile (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_SOUTH));
  CrapettePosition after_open, known;
  CrapetteBreach breach;
  CrapetteCard turned;
  const CrapettePosition *after;
  g_autofree char *message = NULL;
  g_autoptr(GError) error = NULL;

  play (round, &open);
  after_open = *crapette_round_get_position (round);
  /* Called mode: the turn is allowed though the space is owed. */
  play (round, &turn);
  turned = crapette_position_top (crapette_round_get_position (round),
                                  pile (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_SOUTH));
  g_assert_true (crapette_round_get_breach (round, &breach));
  g_assert_cmpint (breach.duty, ==, CRAPETTE_REFUSAL_FILL_SPACE_FIRST);
  g_assert_cmpuint (breach.move_index, ==, 1);
  message = crapette_refusal_breach_message (breach.duty, breach.detail, NULL);
  g_assert_nonnull (strstr (message, "space"));

  play (round, &discard);
  g_assert_true (crapette_round_call (round, CRAPETTE_NORTH, &error));
  g_assert_no_error (error);
  after = crapette_round_get_position (round);
  assert_same_piles (after, &after_open);
  g_assert_cmpint (after->to_move, ==, CRAPETTE_NORTH);
  crapette_view_init_known (&known, after);
  g_assert_cmpint (crapette_position_top (&known, pile (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH)),
                   ==, turned);
  g_assert_true (crapette_position_check_invariants (after, &error));
  g_assert_no_error (error);
  assert_record_round_trips (round);
}

/* A call while the offender still holds a card turned before the mistake:
 * the card goes on their talon as the turn passes. */
static void
test_american_card_in_hand_at_call (void)
{
  g_autoptr(CrapetteRound) round = round_from_text (fill_space);
  CrapetteMove turn = plain_move (CRAPETTE_MOVE_TURN);
  CrapetteMove open = card_move (crapette_pile_house (0), crapette_pile_house (1));
  CrapetteMove discard = card_move (pile (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_SOUTH),
                                    pile (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_SOUTH));
  CrapetteCard in_hand;
  const CrapettePosition *after;
  g_autoptr(GError) error = NULL;

  play (round, &turn);
  in_hand = crapette_position_top (crapette_round_get_position (round),
                                   pile (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_SOUTH));
  play (round, &open);
  play (round, &discard);
  g_assert_true (crapette_round_call (round, CRAPETTE_NORTH, &error));
  g_assert_no_error (error);
  after = crapette_round_get_position (round);
  g_assert_cmpint (crapette_position_top (after, pile (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_SOUTH)),
                   ==, in_hand);
  g_assert_cmpuint (after->piles[pile (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_SOUTH)].count, ==, 0);
  g_assert_cmpint (after->to_move, ==, CRAPETTE_NORTH);
  assert_record_round_trips (round);
}

/* ---- Records ------------------------------------------------------------- */

static void
test_record_with_call (void)
{
  static const char record[] =
    "Crapette record\n"
    "Variant: russian\n"
    "Rules: reserve=13 start=low-card idle-turns=50 mistakes=called\n"
    "Deal: 3\n"
    "Round: 1\n"
    "\n"
    "Moves:\n"
    "S: R 5♣ → H3\n"
    "N: stop\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteRound) round = crapette_notation_parse_round (record, -1, &error);
  g_autofree char *text = NULL;
  g_autofree char *wrong = NULL;
  g_autoptr(CrapetteRound) refused = NULL;

  /* Deal 3 starts with the A♣ on H8, which must go up first. */
  g_assert_no_error (error);
  g_assert_cmpuint (crapette_round_get_n_moves (round), ==, 2);
  g_assert_cmpint (crapette_round_get_position (round)->to_move, ==, CRAPETTE_NORTH);
  text = crapette_notation_format_round (round);
  g_assert_nonnull (strstr (text, "mistakes=called"));
  g_assert_nonnull (strstr (text, "\nN: stop\n"));
  assert_record_round_trips (round);

  /* The caller must be the other player, and there must be something to stop. */
  wrong = g_strdup (record);
  *strstr (wrong, "N: stop") = 'S';
  refused = crapette_notation_parse_round (wrong, -1, &error);
  g_assert_null (refused);
  g_assert_error (error, CRAPETTE_NOTATION_ERROR, CRAPETTE_NOTATION_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "Line 9"));
  /* South has moved in this turn: the call is refused as a call, not as a move out of turn. */
  g_assert_nonnull (strstr (error->message,
                            "South has moved in this turn: only North may call “Stop!” now"));
  g_clear_error (&error);

  refused = crapette_notation_parse_round ("Crapette record\nVariant: russian\n"
                                           "Rules: mistakes=called\nDeal: 3\n\nMoves:\n"
                                           "S: H8 A♣ → F1\nN: stop\n", -1, &error);
  g_assert_null (refused);
  g_assert_error (error, CRAPETTE_NOTATION_ERROR, CRAPETTE_NOTATION_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "nothing to stop"));
  g_clear_error (&error);

  /* In the mode that prevents mistakes, the mistake itself is refused. */
  refused = crapette_notation_parse_round ("Crapette record\nVariant: russian\n"
                                           "Deal: 3\n\nMoves:\nS: R 5♣ → H3\n", -1, &error);
  g_assert_null (refused);
  g_assert_error (error, CRAPETTE_NOTATION_ERROR, CRAPETTE_NOTATION_ERROR_ILLEGAL);
}

static void
test_rules_text (void)
{
  CrapetteRules rules;
  g_autofree char *plain = NULL;
  g_autofree char *called = NULL;
  g_autoptr(GError) error = NULL;

  crapette_rules_init_default (&rules);
  plain = crapette_notation_format_rules (&rules);
  g_assert_cmpstr (plain, ==, "reserve=13 start=low-card idle-turns=50");
  g_assert_true (crapette_notation_parse_rules ("mistakes=called", &rules, &error));
  g_assert_cmpuint (rules.mistakes, ==, CRAPETTE_MISTAKES_CALLED);
  called = crapette_notation_format_rules (&rules);
  g_assert_cmpstr (called, ==, "reserve=13 start=low-card idle-turns=50 mistakes=called");
  g_assert_false (crapette_notation_parse_rules ("mistakes=sometimes", &rules, &error));
  g_assert_error (error, CRAPETTE_NOTATION_ERROR, CRAPETTE_NOTATION_ERROR_SYNTAX);
  g_assert_cmpuint (rules.mistakes, ==, CRAPETTE_MISTAKES_CALLED);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stop/rules-text", test_rules_text);
  g_test_add_func ("/stop/prevented-refuses", test_prevented_refuses);
  g_test_add_func ("/stop/russian/foundation-first", test_russian_foundation_first);
  g_test_add_func ("/stop/russian/repetitions", test_russian_repetitions_after_call);
  g_test_add_func ("/stop/russian/false-call", test_russian_false_call_and_window);
  g_test_add_func ("/stop/russian/fill-from-reserve", test_russian_fill_from_reserve);
  g_test_add_func ("/stop/russian/reserve-first", test_russian_reserve_first);
  g_test_add_func ("/stop/american/fill-space", test_american_fill_space);
  g_test_add_func ("/stop/american/card-in-hand", test_american_card_in_hand_at_call);
  g_test_add_func ("/stop/record", test_record_with_call);

  return g_test_run ();
}
