/* test-russian-bank.c: the rules of Russian Bank, one rule at a time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test starts from a hand-made position written in the notation of
 * docs/notation.md, so that the position reads like the rule it checks. The
 * last tests play seeded random games and compare the move generator with
 * the move judge on every position they reach.
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>

#include "crapette-card.h"
#include "crapette-notation.h"
#include "crapette-position.h"
#include "crapette-random.h"
#include "crapette-refusal.h"
#include "crapette-variant-private.h"
#include "crapette-view.h"

/* ---- Names for piles and cards, as the notation writes them -------------- */

#define SOUTH CRAPETTE_SOUTH
#define NORTH CRAPETTE_NORTH

static CrapettePileId
stock (CrapetteSeat seat)
{
  return crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat);
}

static CrapettePileId
turned (CrapetteSeat seat)
{
  return crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, seat);
}

static CrapettePileId
waste (CrapetteSeat seat)
{
  return crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, seat);
}

static CrapettePileId
reserve (CrapetteSeat seat)
{
  return crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, seat);
}

/* H1–H8, numbered as in the notation. */
static CrapettePileId
house (guint number)
{
  return crapette_pile_house (number - 1);
}

/* F1–F8. */
static CrapettePileId
foundation (guint number)
{
  return crapette_pile_foundation (number - 1);
}

/* A card written as in the notation: "7♦", "10h", "Q♣*". */
static CrapetteCard
card (const char *text)
{
  CrapetteCard parsed = CRAPETTE_CARD_NONE;
  gboolean pack_given = FALSE;
  const char *end = NULL;

  if (!crapette_card_parse (text, &end, &parsed, &pack_given))
    g_error ("Test card %s does not parse", text);
  return parsed;
}

static void
parse (const char       *text,
       CrapettePosition *position)
{
  g_autoptr(GError) error = NULL;

  if (!crapette_notation_parse_position (text, -1, position, &error))
    g_error ("Test position does not parse: %s\n%s", error->message, text);
  g_assert_cmpint (position->variant, ==, CRAPETTE_VARIANT_RUSSIAN);
  g_assert_true (crapette_position_check_invariants (position, NULL));
}

/* The cards of one suit and pack from the Ace up to @last_rank, as a pile line. */
static char *
suit_run (const char *suit,
          gboolean    second_pack,
          guint       last_rank)
{
  static const char *const ranks[] = {
    NULL, "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
  };
  GString *run = g_string_new (NULL);

  for (guint rank = 1; rank <= last_rank; rank++)
    g_string_append_printf (run, "%s%s%s%s", rank > 1 ? " " : "", ranks[rank], suit,
                            second_pack ? "*" : "");
  return g_string_free (run, FALSE);
}

/* Foundations holding every card but Q♣ K♣ Q♦ K♦ Q♣* K♣*, so that a test
 * places those six by hand and can count the players' cards exactly. */
static char *
nearly_full_foundations (void)
{
  g_autofree char *clubs = suit_run ("♣", FALSE, 11);
  g_autofree char *diamonds = suit_run ("♦", FALSE, 11);
  g_autofree char *hearts = suit_run ("♥", FALSE, 13);
  g_autofree char *spades = suit_run ("♠", FALSE, 13);
  g_autofree char *clubs2 = suit_run ("♣", TRUE, 11);
  g_autofree char *diamonds2 = suit_run ("♦", TRUE, 13);
  g_autofree char *hearts2 = suit_run ("♥", TRUE, 13);
  g_autofree char *spades2 = suit_run ("♠", TRUE, 13);

  return g_strdup_printf ("F1: %s\nF2: %s\nF3: %s\nF4: %s\nF5: %s\nF6: %s\nF7: %s\nF8: %s\n",
                          clubs, diamonds, hearts, spades, clubs2, diamonds2, hearts2, spades2);
}

static CrapetteMove
card_move (CrapettePileId from,
           CrapettePileId to)
{
  CrapetteMove move = { CRAPETTE_MOVE_CARD, from, to, CRAPETTE_CARD_NONE };

  return move;
}

static CrapetteMove
turn_move (void)
{
  CrapetteMove move = { CRAPETTE_MOVE_TURN, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE,
                        CRAPETTE_CARD_NONE };

  return move;
}

static CrapetteMove
end_move (void)
{
  CrapetteMove move = { CRAPETTE_MOVE_END_TURN, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE,
                        CRAPETTE_CARD_NONE };

  return move;
}

static void
assert_legal (const CrapettePosition *position,
              CrapetteMove            move)
{
  g_autoptr(GError) error = NULL;

  crapette_position_check_move (position, &move, &error);
  g_assert_no_error (error);
}

/* Checks that @move is refused for @refusal, that the message names the rule
 * by @keyword and, when @detail_card is given, which card must move first. */
static void
assert_refused (const CrapettePosition *position,
                CrapetteMove            move,
                CrapetteRefusal         refusal,
                const char             *keyword,
                const char             *detail_card)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  g_assert_false (crapette_position_check_move (position, &move, &error));
  g_assert_error (error, CRAPETTE_MOVE_ERROR, (gint) refusal);
  message = g_utf8_strdown (error->message, -1);
  if (strstr (message, keyword) == NULL)
    g_error ("Refusal \"%s\" does not name \"%s\"", error->message, keyword);

  if (detail_card != NULL)
    {
      CrapetteCard detail = CRAPETTE_CARD_NONE;
      CrapetteRefusal judged = crapette_russian_bank_ops.judge_move (position, &move, &detail);

      g_assert_cmpint (judged, ==, refusal);
      g_assert_cmpuint (detail, ==, card (detail_card));
    }
}

static void
play (CrapettePosition *position,
      CrapetteMove      move)
{
  assert_legal (position, move);
  crapette_position_apply_move (position, &move);
  g_assert_true (crapette_position_check_invariants (position, NULL));
}

/* The generator offers exactly the moves the judge accepts: every card move
 * between any two piles, a turn and an end of turn are tried one by one. */
static void
assert_generator_matches_judge (const CrapettePosition *position)
{
  CrapetteMove generated[CRAPETTE_MAX_MOVES];
  CrapetteMove accepted[CRAPETTE_MAX_MOVES];
  gsize n_generated = crapette_position_legal_moves (position, generated);
  gsize n_accepted = 0;

  for (guint from = 0; from < CRAPETTE_N_PILES; from++)
    {
      for (guint to = 0; to < CRAPETTE_N_PILES; to++)
        {
          CrapetteMove move = card_move (from, to);

          if (crapette_position_is_legal (position, &move))
            accepted[n_accepted++] = move;
        }
    }
  accepted[n_accepted] = turn_move ();
  if (crapette_position_is_legal (position, &accepted[n_accepted]))
    n_accepted++;
  accepted[n_accepted] = end_move ();
  if (crapette_position_is_legal (position, &accepted[n_accepted]))
    n_accepted++;

  g_assert_cmpuint (n_generated, ==, n_accepted);
  for (gsize i = 0; i < n_generated; i++)
    {
      gboolean found = FALSE;

      for (gsize j = 0; j < n_accepted && !found; j++)
        found = crapette_move_same_action (&generated[i], &accepted[j]);
      g_assert_true (found);
      for (gsize j = 0; j < i; j++)
        g_assert_false (crapette_move_same_action (&generated[i], &generated[j]));

      /* Card moves name the card that moves; a turn never shows the hidden card. */
      if (generated[i].kind == CRAPETTE_MOVE_CARD)
        g_assert_cmpuint (generated[i].card, ==,
                          crapette_position_top (position, generated[i].from));
      else
        g_assert_cmpuint (generated[i].card, ==, CRAPETTE_CARD_NONE);
      g_assert_true (crapette_position_is_legal (position, &generated[i]));
    }
}

/* ---- The deal ------------------------------------------------------------ */

/* The deal as docs/rules.md writes it, redone here from the generator. */
static void
test_deal_order (void)
{
  CrapetteRules rules;
  CrapettePosition position;
  CrapetteRandom random;
  guint8 packs[2][52];

  crapette_rules_init_default (&rules);
  crapette_position_deal (&position, CRAPETTE_VARIANT_RUSSIAN, &rules, 42, 0);

  crapette_random_init (&random, 42);
  for (guint seat = 0; seat < 2; seat++)
    {
      for (guint i = 0; i < 52; i++)
        packs[seat][i] = (guint8) (seat * 52 + i);
      crapette_random_shuffle (&random, packs[seat], 52);
    }
  for (guint seat = 0; seat < 2; seat++)
    {
      const CrapettePile *seat_reserve = crapette_position_pile (&position, reserve (seat));
      const CrapettePile *seat_stock = crapette_position_pile (&position, stock (seat));

      g_assert_cmpuint (seat_reserve->count, ==, 13);
      g_assert_cmpmem (seat_reserve->cards, 13, packs[seat], 13);
      for (guint i = 0; i < 4; i++)
        {
          const CrapettePile *dealt = crapette_position_pile (&position, house (1 + seat * 4 + i));

          g_assert_cmpuint (dealt->count, ==, 1);
          g_assert_cmpuint (dealt->cards[0], ==, packs[seat][13 + i]);
        }
      g_assert_cmpuint (seat_stock->count, ==, 35);
      g_assert_cmpmem (seat_stock->cards, 35, packs[seat] + 17, 35);
    }
}

static void
test_deal_sizes (void)
{
  CrapetteRules rules;

  crapette_rules_init_default (&rules);
  for (guint reserve_size = 12; reserve_size <= 13; reserve_size++)
    {
      CrapettePosition position;

      rules.reserve_size = (guint8) reserve_size;
      crapette_position_deal (&position, CRAPETTE_VARIANT_RUSSIAN, &rules, 7, 0);
      g_assert_true (crapette_position_check_invariants (&position, NULL));

      for (guint seat = 0; seat < 2; seat++)
        {
          const CrapettePile *seat_reserve = crapette_position_pile (&position, reserve (seat));
          const CrapettePile *seat_stock = crapette_position_pile (&position, stock (seat));

          g_assert_cmpuint (seat_reserve->count, ==, reserve_size);
          g_assert_cmpuint (seat_stock->count, ==, 52 - 4 - reserve_size);
          g_assert_cmpuint (crapette_position_pile (&position, waste (seat))->count, ==, 0);
          g_assert_cmpuint (crapette_position_pile (&position, turned (seat))->count, ==, 0);
          g_assert_cmpuint (crapette_position_cards_left (&position, seat), ==, 48);

          /* Each player deals from their own pack. */
          for (guint i = 0; i < seat_reserve->count; i++)
            g_assert_cmpuint (crapette_card_pack (seat_reserve->cards[i]), ==, seat);
          for (guint i = 0; i < seat_stock->count; i++)
            g_assert_cmpuint (crapette_card_pack (seat_stock->cards[i]), ==, seat);
          for (guint i = 0; i < 4; i++)
            g_assert_cmpuint (crapette_card_pack (crapette_position_top (&position,
                                                                         house (1 + seat * 4 + i))),
                              ==, seat);

          /* Only the reserve's top card lies face up; the whole stock face down. */
          for (guint depth = 0; depth < seat_reserve->count; depth++)
            g_assert_cmpint (crapette_position_is_face_up (&position, reserve (seat), depth), ==,
                             depth == reserve_size - 1);
          for (guint depth = 0; depth < seat_stock->count; depth++)
            g_assert_false (crapette_position_is_face_up (&position, stock (seat), depth));
        }
      for (guint i = 1; i <= 8; i++)
        {
          g_assert_true (crapette_position_is_face_up (&position, house (i), 0));
          g_assert_cmpuint (crapette_position_pile (&position, foundation (i))->count, ==, 0);
        }
    }
}

static void
test_deal_deterministic (void)
{
  CrapetteRules rules;
  CrapettePosition first, again, other;

  crapette_rules_init_default (&rules);
  crapette_position_deal (&first, CRAPETTE_VARIANT_RUSSIAN, &rules, 1234, 0);
  crapette_position_deal (&again, CRAPETTE_VARIANT_RUSSIAN, &rules, 1234, 0);
  crapette_position_deal (&other, CRAPETTE_VARIANT_RUSSIAN, &rules, 1235, 0);
  g_assert_true (crapette_position_equal (&first, &again));
  g_assert_false (crapette_position_equal (&first, &other));
}

/* The lower face-up reserve card starts; ties go to H1 against H5, then H2
 * against H6 and so on; all equal, South. */
static CrapetteSeat
expected_starter (const CrapettePosition *position)
{
  CrapettePileId south[5] = { reserve (SOUTH), house (1), house (2), house (3), house (4) };
  CrapettePileId north[5] = { reserve (NORTH), house (5), house (6), house (7), house (8) };

  for (guint i = 0; i < 5; i++)
    {
      guint south_rank = crapette_card_rank (crapette_position_top (position, south[i]));
      guint north_rank = crapette_card_rank (crapette_position_top (position, north[i]));

      if (south_rank != north_rank)
        return south_rank < north_rank ? SOUTH : NORTH;
    }
  return SOUTH;
}

static void
test_first_player_low_card (void)
{
  CrapetteRules rules;
  guint ties_on_reserve = 0, ties_on_first_house = 0, norths = 0;

  crapette_rules_init_default (&rules);
  for (guint64 deal = 0; deal < 3000; deal++)
    {
      CrapettePosition position;
      guint south_rank, north_rank;

      crapette_position_deal (&position, CRAPETTE_VARIANT_RUSSIAN, &rules, deal, 0);
      g_assert_cmpuint (position.to_move, ==, expected_starter (&position));
      g_assert_cmpuint (position.dealer, ==, crapette_seat_opponent (position.to_move));
      norths += position.to_move == NORTH;

      south_rank = crapette_card_rank (crapette_position_top (&position, reserve (SOUTH)));
      north_rank = crapette_card_rank (crapette_position_top (&position, reserve (NORTH)));
      if (south_rank == north_rank)
        {
          ties_on_reserve++;
          if (crapette_card_rank (crapette_position_top (&position, house (1))) ==
              crapette_card_rank (crapette_position_top (&position, house (5))))
            ties_on_first_house++;
        }
    }
  /* The sample must reach the tie-breaks, or it proves little. */
  g_assert_cmpuint (ties_on_reserve, >, 100);
  g_assert_cmpuint (ties_on_first_house, >, 3);
  g_assert_cmpuint (norths, >, 1000);
}

static void
test_first_player_alternate (void)
{
  CrapetteRules rules;

  crapette_rules_init_default (&rules);
  rules.first_player = CRAPETTE_FIRST_PLAYER_ALTERNATE;
  for (guint round = 0; round < 4; round++)
    {
      CrapettePosition position;

      crapette_position_deal (&position, CRAPETTE_VARIANT_RUSSIAN, &rules, 99, round);
      g_assert_cmpuint (position.to_move, ==, round % 2 == 0 ? SOUTH : NORTH);
      g_assert_cmpuint (position.dealer, ==, round % 2 == 0 ? NORTH : SOUTH);
    }
}

/* ---- Foundations and the first rule of the order of play --------------- */

static const char foundation_position[] =
  "Crapette position\n"
  "Variant: russian\n"
  "To move: south\n"
  "\n"
  "SC: 3♦\n"
  "SR: 4♠ 2♣\n"
  "H1: K♣ Q♦\n"
  "H2: A♦\n"
  "H3: Q♥*\n"
  "NW: K♦*\n"
  "F1: A♣\n"
  "F4: A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥\n"
  "F5: A♦* 2♦*\n"
  "Rest: SD ND\n";

static void
test_foundations (void)
{
  CrapettePosition position;

  parse (foundation_position, &position);
  assert_generator_matches_judge (&position);

  assert_legal (&position, card_move (reserve (SOUTH), foundation (1)));
  assert_legal (&position, card_move (house (2), foundation (2)));
  /* Either pack builds on either pack's foundation. */
  assert_legal (&position, card_move (turned (SOUTH), foundation (5)));

  assert_refused (&position, card_move (reserve (SOUTH), foundation (2)),
                  CRAPETTE_REFUSAL_FOUNDATION_NEEDS_ACE, "ace", NULL);
  assert_refused (&position, card_move (turned (SOUTH), foundation (1)),
                  CRAPETTE_REFUSAL_FOUNDATION_SEQUENCE, "in suit", NULL);
  assert_refused (&position, card_move (house (1), foundation (5)),
                  CRAPETTE_REFUSAL_FOUNDATION_SEQUENCE, "in suit", NULL);
  /* Nothing goes on a King. */
  assert_refused (&position, card_move (house (3), foundation (4)),
                  CRAPETTE_REFUSAL_FOUNDATION_SEQUENCE, "in suit", NULL);
  /* An Ace is not one above a King when loading. */
  assert_refused (&position, card_move (house (2), waste (NORTH)),
                  CRAPETTE_REFUSAL_LOAD_SEQUENCE, "same suit", NULL);

  play (&position, card_move (reserve (SOUTH), foundation (1)));
  g_assert_cmpuint (crapette_position_top (&position, foundation (1)), ==, card ("2♣"));
  g_assert_true (position.progress_this_turn);
  g_assert_cmpuint (position.to_move, ==, SOUTH);
  /* The next reserve card turns up by itself. */
  g_assert_true (crapette_position_is_face_up (&position, reserve (SOUTH), 0));
}

static void
test_foundation_first (void)
{
  CrapettePosition position;

  parse (foundation_position, &position);

  /* The reserve comes first among the cards that must go up. */
  assert_refused (&position, card_move (house (1), house (4)),
                  CRAPETTE_REFUSAL_FOUNDATION_FIRST, "foundation", "2♣");
  assert_refused (&position, card_move (turned (SOUTH), waste (SOUTH)),
                  CRAPETTE_REFUSAL_FOUNDATION_FIRST, "foundation", "2♣");
  assert_refused (&position, card_move (reserve (SOUTH), house (5)),
                  CRAPETTE_REFUSAL_FOUNDATION_FIRST, "foundation", "2♣");

  /* Then the turned card, then the houses in order. */
  play (&position, card_move (reserve (SOUTH), foundation (1)));
  assert_generator_matches_judge (&position);
  assert_refused (&position, card_move (house (1), house (4)),
                  CRAPETTE_REFUSAL_FOUNDATION_FIRST, "foundation", "3♦");
  play (&position, card_move (turned (SOUTH), foundation (5)));
  assert_refused (&position, card_move (house (1), house (4)),
                  CRAPETTE_REFUSAL_FOUNDATION_FIRST, "foundation", "A♦");
  play (&position, card_move (house (2), foundation (2)));
  g_assert_cmpuint (position.opened_houses, ==, 1u << 1);

  /* With no foundation move left, the second rule takes over: H2 was
   * emptied this turn and the reserve must fill it. */
  assert_generator_matches_judge (&position);
  assert_refused (&position, card_move (house (1), house (4)),
                  CRAPETTE_REFUSAL_FILL_FROM_RESERVE, "reserve", "4♠");
  assert_refused (&position, card_move (reserve (SOUTH), house (4)),
                  CRAPETTE_REFUSAL_FILL_FROM_RESERVE, "reserve", "4♠");
  assert_refused (&position, turn_move (), CRAPETTE_REFUSAL_FILL_FROM_RESERVE, "reserve", "4♠");
  play (&position, card_move (reserve (SOUTH), house (2)));
  g_assert_cmpuint (position.opened_houses, ==, 0);

  /* H4 was empty when the turn began: it owes nothing, and anything may fill it. */
  assert_generator_matches_judge (&position);
  play (&position, card_move (house (1), house (4)));
}

/* ---- Houses ---------------------------------------------------------------- */

static const char house_position[] =
  "Crapette position\n"
  "Variant: russian\n"
  "\n"
  "SR: 9♠ 4♣\n"
  "H1: 7♠\n"
  "H2: 6♥\n"
  "H3: 6♠\n"
  "H4: 5♥\n"
  "H5: 9♦ 8♣\n"
  "Rest: SD ND\n";

static void
test_houses (void)
{
  CrapettePosition position;

  parse (house_position, &position);
  assert_generator_matches_judge (&position);

  assert_legal (&position, card_move (house (2), house (1)));
  assert_legal (&position, card_move (house (5), house (6)));
  assert_legal (&position, card_move (reserve (SOUTH), house (6)));
  assert_refused (&position, card_move (house (3), house (1)),
                  CRAPETTE_REFUSAL_HOUSE_SEQUENCE, "alternating", NULL);
  assert_refused (&position, card_move (house (4), house (1)),
                  CRAPETTE_REFUSAL_HOUSE_SEQUENCE, "alternating", NULL);
  assert_refused (&position, card_move (house (1), house (2)),
                  CRAPETTE_REFUSAL_HOUSE_SEQUENCE, "alternating", NULL);
  /* A lone card moved to an empty house would change nothing. */
  assert_refused (&position, card_move (house (1), house (6)),
                  CRAPETTE_REFUSAL_POINTLESS, "changes nothing", NULL);

  /* A house may be emptied; the reserve then owes it a card. */
  play (&position, card_move (house (2), house (1)));
  g_assert_cmpuint (crapette_position_pile (&position, house (2))->count, ==, 0);
  g_assert_cmpuint (position.opened_houses, ==, 1u << 1);
  assert_generator_matches_judge (&position);
  assert_refused (&position, card_move (reserve (SOUTH), house (6)),
                  CRAPETTE_REFUSAL_FILL_FROM_RESERVE, "reserve", "4♣");
  assert_refused (&position, card_move (house (5), house (6)),
                  CRAPETTE_REFUSAL_FILL_FROM_RESERVE, "reserve", "4♣");
  play (&position, card_move (reserve (SOUTH), house (2)));
  g_assert_cmpuint (position.opened_houses, ==, 0);
  play (&position, card_move (house (4), house (3)));
  assert_generator_matches_judge (&position);
}

/* Once the reserve is empty an opened house may be filled from anywhere. */
static void
test_fill_lapses_without_reserve (void)
{
  CrapettePosition position;

  parse ("Crapette position\n"
         "Variant: russian\n"
         "Opened: H2\n"
         "\n"
         "SR:\n"
         "H1: 7♠\n"
         "H3: 6♥\n"
         "H4: 9♣ 8♦\n"
         "Rest: SD ND\n",
         &position);
  g_assert_cmpuint (position.opened_houses, ==, 1u << 1);
  assert_generator_matches_judge (&position);
  assert_legal (&position, card_move (house (3), house (1)));
  assert_legal (&position, card_move (house (4), house (2)));
  assert_legal (&position, card_move (house (4), house (5)));
  assert_legal (&position, turn_move ());
}

/* ---- Loading the opponent ------------------------------------------------ */

static void
test_loading (void)
{
  CrapettePosition position;
  guint north_before;

  parse ("Crapette position\n"
         "Variant: russian\n"
         "\n"
         "SR: 3♠ 8♥\n"
         "SC: K♣\n"
         "H1: 6♥\n"
         "H2: 10♠\n"
         "H3: 2♣\n"
         "H4: J♦\n"
         "H5: 4♣\n"
         "H6: Q♠*\n"
         "H7: 8♣\n"
         "H8: 7♦\n"
         "NR: 5♣ 7♥*\n"
         "NW: A♣\n"
         "Rest: SD ND\n",
         &position);
  assert_generator_matches_judge (&position);

  /* Same suit, one rank higher or lower, whichever pack. */
  assert_legal (&position, card_move (reserve (SOUTH), reserve (NORTH)));
  assert_legal (&position, card_move (house (1), reserve (NORTH)));
  assert_legal (&position, card_move (house (3), waste (NORTH)));
  assert_refused (&position, card_move (house (8), reserve (NORTH)),
                  CRAPETTE_REFUSAL_LOAD_SEQUENCE, "same suit", NULL);
  assert_refused (&position, card_move (house (2), reserve (NORTH)),
                  CRAPETTE_REFUSAL_LOAD_SEQUENCE, "same suit", NULL);
  /* King and Ace are not neighbours. */
  assert_refused (&position, card_move (turned (SOUTH), waste (NORTH)),
                  CRAPETTE_REFUSAL_LOAD_SEQUENCE, "same suit", NULL);

  north_before = crapette_position_cards_left (&position, NORTH);
  g_assert_cmpuint (position.reserve_seen[NORTH], ==, 0);
  play (&position, card_move (reserve (SOUTH), reserve (NORTH)));
  g_assert_cmpuint (crapette_position_top (&position, reserve (NORTH)), ==, card ("8♥"));
  g_assert_cmpuint (crapette_position_cards_left (&position, NORTH), ==, north_before + 1);
  g_assert_cmpuint (position.to_move, ==, SOUTH);
  /* The 7♥* that was North's top lies face down under the 8♥ now, but
   * both players saw it: a player who remembers knows it is there. */
  g_assert_cmpuint (position.reserve_seen[NORTH], ==, 1);
  {
    CrapettePosition known;

    crapette_view_init_known (&known, &position);
    g_assert_cmpuint (known.piles[reserve (NORTH)].cards[1], ==, card ("7♥*"));
    g_assert_cmpuint (known.piles[reserve (NORTH)].cards[0], ==, CRAPETTE_CARD_UNKNOWN);
  }

  /* Loading from a house empties it, and the reserve then owes it a card. */
  play (&position, card_move (house (3), waste (NORTH)));
  g_assert_cmpuint (crapette_position_top (&position, waste (NORTH)), ==, card ("2♣"));
  g_assert_cmpuint (position.to_move, ==, SOUTH);
  assert_generator_matches_judge (&position);
  assert_refused (&position, card_move (house (8), house (7)),
                  CRAPETTE_REFUSAL_FILL_FROM_RESERVE, "reserve", "3♠");
}

/* South's reserve of four cards, with @seen as the "Reserve seen:" header;
 * H1 and H2 take its top two cards. */
static char *
remembered_reserve_position (const char *seen)
{
  return g_strdup_printf ("Crapette position\n"
                          "Variant: russian\n"
                          "Reserve seen: %s\n"
                          "\n"
                          "SR: 3♠ 2♦ 4♠* 8♥\n"
                          "H1: 9♠\n"
                          "H2: 5♦\n"
                          "H3: K♣\n"
                          "H4: K♦\n"
                          "H5: K♠*\n"
                          "H6: K♥*\n"
                          "H7: Q♣\n"
                          "H8: Q♥\n"
                          "NR: 10♣*\n"
                          "Rest: SD ND\n",
                          seen);
}

/* Cards seen under a reserve's top come back up one by one as the reserve
 * is played; the first card under them was never seen. */
static void
test_reserve_remembered (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = remembered_reserve_position ("2 0");
  g_autofree char *too_many = remembered_reserve_position ("0 1");
  CrapettePosition position, known;

  parse (text, &position);
  crapette_view_init_known (&known, &position);
  g_assert_cmpuint (known.piles[reserve (SOUTH)].cards[2], ==, card ("4♠*"));
  g_assert_cmpuint (known.piles[reserve (SOUTH)].cards[1], ==, card ("2♦"));
  g_assert_cmpuint (known.piles[reserve (SOUTH)].cards[0], ==, CRAPETTE_CARD_UNKNOWN);

  play (&position, card_move (reserve (SOUTH), house (1)));
  g_assert_cmpuint (position.reserve_seen[SOUTH], ==, 1);
  play (&position, card_move (reserve (SOUTH), house (2)));
  g_assert_cmpuint (position.reserve_seen[SOUTH], ==, 0);
  crapette_view_init_known (&known, &position);
  g_assert_cmpuint (known.piles[reserve (SOUTH)].cards[1], ==, card ("2♦"));
  g_assert_cmpuint (known.piles[reserve (SOUTH)].cards[0], ==, CRAPETTE_CARD_UNKNOWN);

  /* A position cannot have seen more cards under a top than lie there:
   * North's reserve is a single card. */
  g_assert_false (crapette_notation_parse_position (too_many, -1, &position, &error));
  g_assert_error (error, CRAPETTE_NOTATION_ERROR, CRAPETTE_NOTATION_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "North's reserve"));
}

static void
test_loading_needs_a_card (void)
{
  CrapettePosition position;

  parse (house_position, &position);
  g_assert_cmpuint (crapette_position_pile (&position, waste (NORTH))->count, ==, 0);
  g_assert_cmpuint (crapette_position_pile (&position, reserve (NORTH))->count, ==, 0);
  assert_refused (&position, card_move (reserve (SOUTH), waste (NORTH)),
                  CRAPETTE_REFUSAL_LOAD_EMPTY, "have a card", NULL);
  assert_refused (&position, card_move (reserve (SOUTH), reserve (NORTH)),
                  CRAPETTE_REFUSAL_LOAD_EMPTY, "have a card", NULL);
}

/* ---- Where cards may come from and go to --------------------------------- */

/* Eight full houses and a reserve card with nowhere to go, so that South may
 * turn; the arguments fill in H8, South's stock and waste and North's waste. */
static char *
turning_position (const char *house_8,
                  const char *stock_cards,
                  const char *waste_cards,
                  const char *north_waste)
{
  return g_strdup_printf ("Crapette position\n"
                          "Variant: russian\n"
                          "\n"
                          "SR: 9♥ 5♣\n"
                          "SD: %s\n"
                          "SW: %s\n"
                          "H1: K♠\n"
                          "H2: K♥\n"
                          "H3: Q♠\n"
                          "H4: Q♦\n"
                          "H5: J♣\n"
                          "H6: J♥\n"
                          "H7: 10♠\n"
                          "H8: %s\n"
                          "NR: 9♦\n"
                          "NW: %s\n"
                          "Rest: ND\n",
                          stock_cards, waste_cards, house_8, north_waste);
}

static void
test_sources_and_targets (void)
{
  g_autofree char *text = turning_position ("10♦", "8♠ 3♦", "7♣ 4♥", "2♥");
  CrapettePosition position;

  parse (text, &position);
  assert_generator_matches_judge (&position);

  assert_refused (&position, card_move (stock (SOUTH), house (1)),
                  CRAPETTE_REFUSAL_FROM_STOCK, "stock", NULL);
  assert_refused (&position, card_move (waste (SOUTH), house (1)),
                  CRAPETTE_REFUSAL_FROM_WASTE, "waste", NULL);
  assert_refused (&position, card_move (reserve (NORTH), house (7)),
                  CRAPETTE_REFUSAL_NOT_OWN_PILE, "own", NULL);
  assert_refused (&position, card_move (waste (NORTH), house (7)),
                  CRAPETTE_REFUSAL_FROM_WASTE, "waste", NULL);
  assert_refused (&position, card_move (house (4), stock (SOUTH)),
                  CRAPETTE_REFUSAL_ONTO_STOCK, "stock", NULL);
  assert_refused (&position, card_move (house (4), stock (NORTH)),
                  CRAPETTE_REFUSAL_ONTO_STOCK, "stock", NULL);
  assert_refused (&position, card_move (house (4), turned (SOUTH)),
                  CRAPETTE_REFUSAL_ONTO_STOCK, "turned card", NULL);
  assert_refused (&position, card_move (house (4), reserve (SOUTH)),
                  CRAPETTE_REFUSAL_ONTO_OWN_RESERVE, "own reserve", NULL);
  assert_refused (&position, card_move (reserve (SOUTH), waste (SOUTH)),
                  CRAPETTE_REFUSAL_ONTO_OWN_WASTE, "own waste", NULL);
  assert_refused (&position, card_move (house (4), waste (SOUTH)),
                  CRAPETTE_REFUSAL_ONTO_OWN_WASTE, "own waste", NULL);

  parse (foundation_position, &position);
  assert_refused (&position, card_move (foundation (1), house (5)),
                  CRAPETTE_REFUSAL_FROM_FOUNDATION, "foundation", NULL);
}

/* ---- Turning the stock ------------------------------------------------------ */

static void
test_turn (void)
{
  g_autofree char *text = turning_position ("10♦", "8♠ 3♦", "7♣ 4♥", "2♥");
  CrapettePosition position;
  CrapetteMove wrong_card = turn_move ();
  CrapetteMove right_card = turn_move ();

  parse (text, &position);
  assert_legal (&position, turn_move ());
  assert_refused (&position, end_move (), CRAPETTE_REFUSAL_CANNOT_END_TURN, "waste", NULL);

  /* A record may name the card it turns; it must be the right one. */
  wrong_card.card = card ("8♠");
  right_card.card = card ("3♦");
  assert_refused (&position, wrong_card, CRAPETTE_REFUSAL_CARD_MISMATCH, "not on top", NULL);
  assert_legal (&position, right_card);

  play (&position, turn_move ());
  g_assert_cmpuint (crapette_position_top (&position, turned (SOUTH)), ==, card ("3♦"));
  g_assert_cmpuint (crapette_position_top (&position, stock (SOUTH)), ==, card ("8♠"));
  g_assert_true (crapette_position_is_face_up (&position, turned (SOUTH), 0));
  assert_generator_matches_judge (&position);

  assert_refused (&position, turn_move (), CRAPETTE_REFUSAL_CARD_PENDING, "turned card", NULL);
  assert_refused (&position, end_move (), CRAPETTE_REFUSAL_CANNOT_END_TURN, "waste", NULL);

  /* Putting the turned card on one's own waste ends the turn. */
  play (&position, card_move (turned (SOUTH), waste (SOUTH)));
  g_assert_cmpuint (crapette_position_top (&position, waste (SOUTH)), ==, card ("3♦"));
  g_assert_cmpuint (position.to_move, ==, NORTH);
  g_assert_cmpuint (position.turn_number, ==, 1);
  g_assert_cmpuint (position.passes, ==, 0);
  g_assert_false (position.moved_this_turn);
}

static void
test_turned_card_plays (void)
{
  g_autofree char *text = turning_position ("10♦", "8♠ 3♦ 9♣", "7♣ 4♥", "2♥");
  CrapettePosition position;

  parse (text, &position);
  play (&position, turn_move ());
  /* 9♣ fits on the red 10 of H8; playing it keeps the turn going. */
  play (&position, card_move (turned (SOUTH), house (8)));
  g_assert_cmpuint (position.to_move, ==, SOUTH);
  assert_generator_matches_judge (&position);
  play (&position, turn_move ());
  g_assert_cmpuint (crapette_position_top (&position, turned (SOUTH)), ==, card ("3♦"));
}

static void
test_waste_turns_over (void)
{
  g_autofree char *text = turning_position ("10♦", "", "7♣ 4♥ 9♦*", "2♥");
  CrapettePosition position;
  const CrapettePile *south_stock;

  parse (text, &position);
  assert_generator_matches_judge (&position);
  g_assert_cmpuint (position.stock_seen, ==, 0);

  /* The waste is flipped over as a whole: its bottom card comes up first. */
  play (&position, turn_move ());
  /* Both players watched those cards go on the waste: the new stock's
   * order is known to both, and to South's stock only. */
  g_assert_cmpuint (position.stock_seen, ==, 1u << SOUTH);
  south_stock = crapette_position_pile (&position, stock (SOUTH));
  g_assert_cmpuint (crapette_position_top (&position, turned (SOUTH)), ==, card ("7♣"));
  g_assert_cmpuint (south_stock->count, ==, 2);
  g_assert_cmpuint (south_stock->cards[0], ==, card ("9♦*"));
  g_assert_cmpuint (south_stock->cards[1], ==, card ("4♥"));
  g_assert_cmpuint (crapette_position_pile (&position, waste (SOUTH))->count, ==, 0);
  g_assert_false (crapette_position_is_face_up (&position, stock (SOUTH), 1));
}

static void
test_reserve_first (void)
{
  g_autofree char *fits_house = turning_position ("6♦", "8♠ 3♦", "7♣", "2♥");
  g_autofree char *fits_load = turning_position ("10♦", "8♠ 3♦", "7♣", "4♣");
  CrapettePosition position;

  /* The reserve card fits on a house: it must be played before turning. */
  parse (fits_house, &position);
  assert_generator_matches_judge (&position);
  assert_refused (&position, turn_move (), CRAPETTE_REFUSAL_RESERVE_FIRST, "reserve", "5♣");
  /* The next reserve card, 9♥, fits on H7's 10♠: the rule applies again. */
  play (&position, card_move (reserve (SOUTH), house (8)));
  assert_refused (&position, turn_move (), CRAPETTE_REFUSAL_RESERVE_FIRST, "reserve", "9♥");
  play (&position, card_move (reserve (SOUTH), house (7)));
  g_assert_cmpuint (crapette_position_pile (&position, reserve (SOUTH))->count, ==, 0);
  assert_legal (&position, turn_move ());

  /* Loading the opponent counts as a move for the reserve card too. */
  parse (fits_load, &position);
  assert_generator_matches_judge (&position);
  assert_refused (&position, turn_move (), CRAPETTE_REFUSAL_RESERVE_FIRST, "reserve", "5♣");
}

/* ---- Ending a turn, passes, winning and scoring ------------------------- */

static void
test_nothing_to_turn (void)
{
  g_autofree char *text = turning_position ("10♦", "", "", "2♥");
  g_autofree char *ace_waiting = turning_position ("A♦", "", "", "2♥");
  CrapettePosition position;

  parse (text, &position);
  assert_generator_matches_judge (&position);
  assert_refused (&position, turn_move (), CRAPETTE_REFUSAL_NOTHING_TO_TURN, "no card to turn",
                  NULL);
  play (&position, end_move ());
  g_assert_cmpuint (position.to_move, ==, NORTH);
  g_assert_cmpuint (position.passes, ==, 1);
  g_assert_cmpint (position.outcome, ==, CRAPETTE_OUTCOME_PLAYING);

  /* Ending the turn obeys the order of play like any other move. */
  parse (ace_waiting, &position);
  assert_refused (&position, end_move (), CRAPETTE_REFUSAL_FOUNDATION_FIRST, "foundation", "A♦");
}

static char *
six_card_position (const char *piles)
{
  g_autofree char *foundations = nearly_full_foundations ();

  return g_strdup_printf ("Crapette position\nVariant: russian\n\n%s%s", piles, foundations);
}

static void
test_two_passes_block (void)
{
  g_autofree char *text = six_card_position ("SR: Q♦ K♦\nNR: Q♣ Q♣* K♣* K♣\n");
  g_autofree char *tie = six_card_position ("SR: Q♣ Q♦ K♦\nNR: Q♣* K♣* K♣\n");
  CrapettePosition position;
  CrapetteRoundResult result;
  CrapetteMove moves[CRAPETTE_MAX_MOVES];

  parse (text, &position);
  assert_generator_matches_judge (&position);
  play (&position, end_move ());
  g_assert_cmpuint (position.passes, ==, 1);
  assert_generator_matches_judge (&position);
  play (&position, end_move ());

  g_assert_cmpint (position.outcome, ==, CRAPETTE_OUTCOME_BLOCKED);
  g_assert_cmpint (position.block_reason, ==, CRAPETTE_BLOCK_PASSES);
  g_assert_cmpuint (crapette_position_legal_moves (&position, moves), ==, 0);
  assert_refused (&position, end_move (), CRAPETTE_REFUSAL_ROUND_OVER, "over", NULL);

  /* South keeps two reserve cards (2 × 2 = 4), North four (2 × 4 = 8):
   * South wins the difference, 4 points. */
  crapette_position_score (&position, &result);
  g_assert_cmpint (result.outcome, ==, CRAPETTE_OUTCOME_BLOCKED);
  g_assert_cmpint (result.block_reason, ==, CRAPETTE_BLOCK_PASSES);
  g_assert_cmpuint (result.counts[SOUTH], ==, 4);
  g_assert_cmpuint (result.counts[NORTH], ==, 8);
  g_assert_cmpuint (result.reserve_cards[SOUTH], ==, 2);
  g_assert_cmpuint (result.reserve_cards[NORTH], ==, 4);
  g_assert_cmpuint (result.winner, ==, SOUTH);
  g_assert_cmpuint (position.winner, ==, SOUTH);
  g_assert_cmpuint (result.points, ==, 4);

  /* Three reserve cards each: 6 against 6, nobody scores. */
  parse (tie, &position);
  play (&position, end_move ());
  play (&position, end_move ());
  crapette_position_score (&position, &result);
  g_assert_cmpint (result.outcome, ==, CRAPETTE_OUTCOME_BLOCKED);
  g_assert_cmpuint (result.counts[SOUTH], ==, 6);
  g_assert_cmpuint (result.counts[NORTH], ==, 6);
  g_assert_cmpuint (result.winner, ==, CRAPETTE_NO_SEAT);
  g_assert_cmpuint (result.points, ==, 0);
}

static void
test_win (void)
{
  g_autofree char *text = six_card_position ("SR: Q♦\nNR: Q♣ K♣\nND: Q♣* K♣*\nNW: K♦\n");
  CrapettePosition position;
  CrapetteRoundResult result;
  CrapetteMove moves[CRAPETTE_MAX_MOVES];

  parse (text, &position);
  assert_generator_matches_judge (&position);
  g_assert_cmpuint (crapette_position_legal_moves (&position, moves), ==, 1);
  play (&position, card_move (reserve (SOUTH), foundation (2)));

  g_assert_cmpint (position.outcome, ==, CRAPETTE_OUTCOME_WON);
  g_assert_cmpuint (position.winner, ==, SOUTH);
  g_assert_cmpuint (crapette_position_cards_left (&position, SOUTH), ==, 0);

  /* North keeps 2 reserve cards (2 × 2) and 3 in stock and waste:
   * 7, so South scores 30 + 7. */
  crapette_position_score (&position, &result);
  g_assert_cmpint (result.outcome, ==, CRAPETTE_OUTCOME_WON);
  g_assert_cmpuint (result.winner, ==, SOUTH);
  g_assert_cmpuint (result.counts[SOUTH], ==, 0);
  g_assert_cmpuint (result.counts[NORTH], ==, 7);
  g_assert_cmpuint (result.reserve_cards[NORTH], ==, 2);
  g_assert_cmpuint (result.stock_and_waste_cards[NORTH], ==, 3);
  g_assert_cmpuint (result.points, ==, 37);
}

static void
test_score_blocked_with_stock (void)
{
  g_autofree char *text = six_card_position ("SR: K♦\nSD: Q♣\nSW: K♣\nNR: Q♣* Q♦\nND: K♣*\n");
  CrapettePosition position;
  CrapetteRoundResult result;

  parse (text, &position);

  /* While the round is on, only the counts are given. */
  crapette_position_score (&position, &result);
  g_assert_cmpint (result.outcome, ==, CRAPETTE_OUTCOME_PLAYING);
  g_assert_cmpuint (result.winner, ==, CRAPETTE_NO_SEAT);
  g_assert_cmpuint (result.points, ==, 0);

  /* South: 1 reserve card (2) + 2 in stock and waste = 4.
   * North: 2 reserve cards (4) + 1 in stock = 5. South wins by 1. */
  position.outcome = CRAPETTE_OUTCOME_BLOCKED;
  position.block_reason = CRAPETTE_BLOCK_IDLE_TURNS;
  crapette_position_score (&position, &result);
  g_assert_cmpint (result.block_reason, ==, CRAPETTE_BLOCK_IDLE_TURNS);
  g_assert_cmpuint (result.counts[SOUTH], ==, 4);
  g_assert_cmpuint (result.counts[NORTH], ==, 5);
  g_assert_cmpuint (result.reserve_cards[SOUTH], ==, 1);
  g_assert_cmpuint (result.reserve_cards[NORTH], ==, 2);
  g_assert_cmpuint (result.stock_and_waste_cards[SOUTH], ==, 2);
  g_assert_cmpuint (result.stock_and_waste_cards[NORTH], ==, 1);
  g_assert_cmpuint (result.winner, ==, SOUTH);
  g_assert_cmpuint (result.points, ==, 1);
}

/* ---- Invariants ------------------------------------------------------------- */

static void
assert_invariant_broken (const CrapettePosition *position,
                         const char             *words)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (crapette_position_check_invariants (position, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  if (strstr (error->message, words) == NULL)
    g_error ("\"%s\" does not name \"%s\"", error->message, words);
}

static void
test_invariants (void)
{
  CrapettePosition position, broken;

  parse (house_position, &position);

  broken = position;
  crapette_position_move_top (&broken, house (3), house (1));
  assert_invariant_broken (&broken, "House 1");

  broken = position;
  crapette_position_move_top (&broken, house (4), foundation (1));
  assert_invariant_broken (&broken, "Foundation 1");

  broken = position;
  crapette_position_move_top (&broken, house (3), turned (SOUTH));
  g_assert_true (crapette_position_check_invariants (&broken, NULL));
  crapette_position_move_top (&broken, house (4), turned (SOUTH));
  assert_invariant_broken (&broken, "South");

  /* Loaded cards make a reserve grow past its dealt size, which is fine. */
  broken = position;
  for (guint i = 0; i < 20; i++)
    crapette_position_move_top (&broken, stock (SOUTH), reserve (NORTH));
  g_assert_true (crapette_position_check_invariants (&broken, NULL));
}

static void
test_names (void)
{
  const CrapetteVariantOps *ops = crapette_variant_ops_by_key ("russian");

  g_assert_true (ops == &crapette_russian_bank_ops);
  g_assert_cmpint (ops->id, ==, CRAPETTE_VARIANT_RUSSIAN);
  g_assert_cmpuint (ops->n_cards, ==, 104);
  g_assert_cmpint (ops->house_letter, ==, 'H');
  g_assert_cmpint (ops->foundation_letter, ==, 'F');
  g_assert_cmpstr (ops->name, ==, "Russian Bank");
  for (guint kind = 0; kind < CRAPETTE_N_PILE_KINDS; kind++)
    g_assert_true (crapette_variant_uses_pile_kind (ops, kind));
}

/* ---- Random games ----------------------------------------------------------- */

#define MAX_MOVES_PER_GAME 20000

/* Plays random games to the end, comparing the generator with the judge at
 * every move of the first games and at every eighth move of the others. */
static void
test_random_games (void)
{
  CrapetteRules rules;
  guint n_games = g_test_slow () ? 1000 : 300;
  guint won = 0, blocked = 0, longest = 0;
  guint64 total_moves = 0;

  crapette_rules_init_default (&rules);
  for (guint game = 0; game < n_games; game++)
    {
      CrapettePosition position;
      CrapetteRandom chooser;
      guint n_played = 0;

      if (game % 2 == 1)
        rules.reserve_size = 12;
      else
        rules.reserve_size = 13;
      crapette_position_deal (&position, CRAPETTE_VARIANT_RUSSIAN, &rules, 1000 + game, 0);
      crapette_random_init (&chooser, game);

      while (position.outcome == CRAPETTE_OUTCOME_PLAYING)
        {
          CrapetteMove moves[CRAPETTE_MAX_MOVES];
          gsize n_moves = crapette_position_legal_moves (&position, moves);
          g_autoptr(GError) error = NULL;
          guint chosen;

          g_assert_cmpuint (n_moves, >, 0);
          if (game < 20 || n_played % 8 == 0)
            assert_generator_matches_judge (&position);

          chosen = crapette_random_below (&chooser, (guint32) n_moves);
          crapette_position_apply_move (&position, &moves[chosen]);
          if (!crapette_position_check_invariants (&position, &error))
            g_error ("Game %u, move %u: %s", game, n_played, error->message);
          n_played++;
          g_assert_cmpuint (n_played, <, MAX_MOVES_PER_GAME);
        }
      won += position.outcome == CRAPETTE_OUTCOME_WON;
      blocked += position.outcome == CRAPETTE_OUTCOME_BLOCKED;
      longest = MAX (longest, n_played);
      total_moves += n_played;
    }
  g_test_message ("%u random games: %u won, %u blocked; %.0f moves on average, longest %u",
                  n_games, won, blocked, (double) total_moves / n_games, longest);
}

/* How many moves random play generates and applies per second. */
static void
test_speed (void)
{
  CrapetteRules rules;
  CrapetteRandom chooser;
  guint64 n_applied = 0;
  gdouble elapsed;
  guint game = 0;

  if (!g_test_perf ())
    {
      g_test_skip ("Run with -m perf to measure");
      return;
    }

  crapette_rules_init_default (&rules);
  crapette_random_init (&chooser, 1);
  g_test_timer_start ();
  while (g_test_timer_elapsed () < 2.0)
    {
      CrapettePosition position;

      crapette_position_deal (&position, CRAPETTE_VARIANT_RUSSIAN, &rules, game++, 0);
      while (position.outcome == CRAPETTE_OUTCOME_PLAYING)
        {
          CrapetteMove moves[CRAPETTE_MAX_MOVES];
          gsize n_moves = crapette_position_legal_moves (&position, moves);
          guint chosen = crapette_random_below (&chooser, (guint32) n_moves);

          crapette_position_apply_move (&position, &moves[chosen]);
          n_applied++;
        }
    }
  elapsed = g_test_timer_elapsed ();
  g_test_maximized_result (n_applied / elapsed, "%.0f moves generated and applied per second",
                           n_applied / elapsed);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/russian-bank/deal/order", test_deal_order);
  g_test_add_func ("/russian-bank/deal/sizes", test_deal_sizes);
  g_test_add_func ("/russian-bank/deal/deterministic", test_deal_deterministic);
  g_test_add_func ("/russian-bank/deal/first-player-low-card", test_first_player_low_card);
  g_test_add_func ("/russian-bank/deal/first-player-alternate", test_first_player_alternate);
  g_test_add_func ("/russian-bank/foundations", test_foundations);
  g_test_add_func ("/russian-bank/order/foundation-first", test_foundation_first);
  g_test_add_func ("/russian-bank/houses", test_houses);
  g_test_add_func ("/russian-bank/order/fill-lapses-without-reserve",
                   test_fill_lapses_without_reserve);
  g_test_add_func ("/russian-bank/loading", test_loading);
  g_test_add_func ("/russian-bank/loading/needs-a-card", test_loading_needs_a_card);
  g_test_add_func ("/russian-bank/loading/remembered", test_reserve_remembered);
  g_test_add_func ("/russian-bank/sources-and-targets", test_sources_and_targets);
  g_test_add_func ("/russian-bank/turn", test_turn);
  g_test_add_func ("/russian-bank/turn/turned-card-plays", test_turned_card_plays);
  g_test_add_func ("/russian-bank/turn/waste-turns-over", test_waste_turns_over);
  g_test_add_func ("/russian-bank/order/reserve-first", test_reserve_first);
  g_test_add_func ("/russian-bank/end/nothing-to-turn", test_nothing_to_turn);
  g_test_add_func ("/russian-bank/end/two-passes-block", test_two_passes_block);
  g_test_add_func ("/russian-bank/end/win", test_win);
  g_test_add_func ("/russian-bank/end/score-blocked", test_score_blocked_with_stock);
  g_test_add_func ("/russian-bank/invariants", test_invariants);
  g_test_add_func ("/russian-bank/names", test_names);
  g_test_add_func ("/russian-bank/random-games", test_random_games);
  g_test_add_func ("/russian-bank/speed", test_speed);

  return g_test_run ();
}
