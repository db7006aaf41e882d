/* test-pile-description.c: American Bank's piles in words, as a screen reader says them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A hand-made position with every kind of pile a blind player meets in American Bank: a
 * tableau pile going up, one going down, one round the corner (King to Ace), one of a single
 * card, an empty one, a completed sequence face down, a hand face down, a card in hand and
 * talons. The words must say what the eye sees: the direction (the table's ▲ and ▼) in words,
 * both ends of a pile, what an empty place is, a face-down card as "face down" and never by
 * its name, each pile by the game's own word for it.
 */

#include "config.h"

#include "crapette-names.h"
#include "crapette-notation.h"
#include "crapette-pile-description.h"
#include "crapette-player-names.h"
#include "crapette-view.h"

static const char position_text[] =
  "Crapette position\n"
  "Variant: american\n"
  "To move: south\n"
  "\n"
  "SC: 7♦\n"
  "NW: 6♠\n"
  "T1: 2♠ 3♣ 4♠ 5♣\n"
  "T2: 9♥ 8♦ 7♥\n"
  "T3: J♦\n"
  "T5: Q♥ K♦ A♥\n"
  "X1: A♠ 2♣ 3♠ 4♣ 5♠ 6♣ 7♠ 8♣ 9♠ 10♣ J♠ Q♣ K♠\n"
  "Rest: SD ND\n";

static CrapetteView *
read_view (void)
{
  CrapettePosition position;
  g_autoptr (GError) error = NULL;

  g_assert_true (crapette_notation_parse_position (position_text, -1, &position, &error));
  g_assert_no_error (error);
  return crapette_view_new (&position);
}

static void
assert_described (const CrapetteView        *view,
                  CrapettePileId             pile,
                  const CrapettePlayerNames *names,
                  const char                *expected)
{
  g_autofree char *text = crapette_describe_pile (view, pile, names);

  g_assert_cmpstr (text, ==, expected);
}

/* Tableau piles: the direction in words, the card the pile started from and its top card;
 * no direction before a second card; an empty pile named as a tableau pile. */
static void
test_tableau (void)
{
  g_autoptr (CrapetteView) view = read_view ();

  assert_described (view, crapette_pile_house (0), NULL,
                    "Tableau pile 1, 4 cards, going up from Two of Spades, top card Five of Clubs");
  assert_described (view, crapette_pile_house (1), NULL,
                    "Tableau pile 2, 3 cards, going down from Nine of Hearts, "
                    "top card Seven of Hearts");
  /* Round the corner: the King goes under the Ace, still going up. */
  assert_described (view, crapette_pile_house (4), NULL,
                    "Tableau pile 5, 3 cards, going up from Queen of Hearts, "
                    "top card Ace of Hearts");
  assert_described (view, crapette_pile_house (2), NULL,
                    "Tableau pile 3, 1 card, top card Jack of Diamonds");
  assert_described (view, crapette_pile_house (3), NULL, "Tableau pile 4, empty");
}

/* What I reads of a fan: every card from the bottom; nothing more for a single card. */
static void
test_tableau_cards (void)
{
  g_autoptr (CrapetteView) view = read_view ();
  g_autofree char *fan = crapette_describe_pile_cards (view, crapette_pile_house (1));
  g_autofree char *single = crapette_describe_pile_cards (view, crapette_pile_house (2));
  g_autofree char *top = crapette_describe_top_card (view, crapette_pile_house (0));

  g_assert_cmpstr (fan, ==, "From the bottom: Nine of Hearts, Eight of Diamonds, Seven of Hearts");
  g_assert_null (single);
  g_assert_cmpstr (top, ==, "Five of Clubs");
}

/* The players' own piles by American Bank's words, the hand and a completed sequence face
 * down, with their cards never named; empty places say what they are. */
static void
test_own_piles (void)
{
  g_autoptr (CrapetteView) view = read_view ();
  CrapettePlayerNames names = { 0 };
  CrapettePileId south_hand = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH);
  CrapettePileId north_hand = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_NORTH);
  CrapettePileId sequence = crapette_pile_foundation (0);
  g_autofree char *hand = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *hand_top = crapette_describe_top_card (view, south_hand);
  g_autofree char *sequence_top = crapette_describe_top_card (view, sequence);

  crapette_player_names_set (&names, CRAPETTE_OPPONENT_COMPUTER_EASY, NULL, NULL);
  hand = crapette_describe_pile (view, south_hand, &names);
  expected = g_strdup_printf ("Your hand, %u cards, face down",
                              crapette_view_get_count (view, south_hand));
  g_assert_cmpstr (hand, ==, expected);
  g_assert_null (hand_top);
  g_free (expected);
  expected = g_strdup_printf ("The computer’s hand, %u cards, face down",
                              crapette_view_get_count (view, north_hand));
  assert_described (view, north_hand, &names, expected);

  assert_described (view, crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_SOUTH),
                    &names, "Your card in hand, 1 card, top card Seven of Diamonds");
  assert_described (view, crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_SOUTH),
                    &names, "Your talon, empty");
  assert_described (view, crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_NORTH),
                    &names, "The computer’s card in hand, empty");
  assert_described (view, crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_NORTH),
                    &names, "The computer’s talon, 1 card, top card Six of Spades");
  assert_described (view, sequence, &names, "Completed sequence 1, 13 cards, face down");
  g_assert_null (sequence_top);
  assert_described (view, crapette_pile_foundation (1), &names, "Completed sequence 2, empty");

  /* Between two people with no names, by seat. */
  assert_described (view, crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_NORTH),
                    NULL, "North’s talon, 1 card, top card Six of Spades");
  crapette_player_names_clear (&names);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pile-description/american/tableau", test_tableau);
  g_test_add_func ("/pile-description/american/tableau-cards", test_tableau_cards);
  g_test_add_func ("/pile-description/american/own-piles", test_own_piles);

  return g_test_run ();
}
