/* test-american-bank.c: the rules of American Bank, one rule at a time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test starts from a small position written in the notation of
 * docs/notation.md, so that the position reads like the rule it checks.
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

/* Pile names as the rules call them. */

static CrapettePileId
hand (CrapetteSeat seat)
{
  return crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat);
}

static CrapettePileId
in_hand (CrapetteSeat seat)
{
  return crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, seat);
}

static CrapettePileId
talon (CrapetteSeat seat)
{
  return crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, seat);
}

/* T1–T8, numbered as in the notation. */
static CrapettePileId
tableau (guint number)
{
  return crapette_pile_house (number - 1);
}

/* X1–X4. */
static CrapettePileId
sequence (guint number)
{
  return crapette_pile_foundation (number - 1);
}

static CrapetteCard
card (guint        rank,
      CrapetteSuit suit)
{
  return crapette_card_make (0, suit, rank);
}

static void
parse (const char       *text,
       CrapettePosition *position)
{
  g_autoptr(GError) error = NULL;

  if (!crapette_notation_parse_position (text, -1, position, &error))
    g_error ("Test position does not parse: %s\n%s", error->message, text);
  g_assert_cmpint (position->variant, ==, CRAPETTE_VARIANT_AMERICAN);
  g_assert_true (crapette_position_check_invariants (position, NULL));
}

static CrapetteMove
card_move (const CrapettePosition *position,
           CrapettePileId          from,
           CrapettePileId          to)
{
  CrapetteMove move = { CRAPETTE_MOVE_CARD, from, to, crapette_position_top (position, from) };

  return move;
}

static CrapetteMove
turn_move (const CrapettePosition *position)
{
  CrapetteMove move = { CRAPETTE_MOVE_TURN, hand (position->to_move), in_hand (position->to_move),
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

static gboolean
is_generated (const CrapettePosition *position,
              const CrapetteMove     *move)
{
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  gsize n_moves = crapette_position_legal_moves (position, moves);

  for (gsize i = 0; i < n_moves; i++)
    {
      if (crapette_move_same_action (&moves[i], move))
        return TRUE;
    }
  return FALSE;
}

/* The move is legal, offered by the generator, and applied. */
static void
play (CrapettePosition   *position,
      const CrapetteMove *move)
{
  g_autoptr(GError) error = NULL;

  if (!crapette_position_check_move (position, move, &error))
    g_error ("Move refused: %s", error->message);
  g_assert_true (is_generated (position, move));
  crapette_position_apply_move (position, move);
  g_assert_true (crapette_position_check_invariants (position, NULL));
}

static void
assert_legal (const CrapettePosition *position,
              const CrapetteMove     *move)
{
  g_autoptr(GError) error = NULL;

  if (!crapette_position_check_move (position, move, &error))
    g_error ("Move refused: %s", error->message);
  g_assert_true (is_generated (position, move));
}

/* The move is refused for @refusal, the generator does not offer it, and the
 * player reads a message with @key_word in it. */
static void
assert_refused (const CrapettePosition *position,
                const CrapetteMove     *move,
                CrapetteRefusal         refusal,
                const char             *key_word)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (crapette_position_check_move (position, move, &error));
  g_assert_error (error, CRAPETTE_MOVE_ERROR, (gint) refusal);
  if (strstr (error->message, key_word) == NULL)
    g_error ("Message \"%s\" lacks \"%s\"", error->message, key_word);
  g_assert_false (is_generated (position, move));
}

/* The deal */

static void
test_deal (void)
{
  CrapetteRules rules;

  crapette_rules_init_default (&rules);

  for (guint64 deal = 0; deal < 20; deal++)
    {
      CrapetteRandom random;
      CrapetteCard deck[CRAPETTE_CARDS_PER_PACK];
      CrapetteSeat first_dealer;

      crapette_random_init (&random, deal);
      first_dealer = (crapette_random_next (&random) & 1) ? CRAPETTE_NORTH : CRAPETTE_SOUTH;
      for (guint i = 0; i < CRAPETTE_CARDS_PER_PACK; i++)
        deck[i] = (CrapetteCard) i;
      crapette_random_shuffle (&random, deck, CRAPETTE_CARDS_PER_PACK);

      for (guint round = 0; round < 3; round++)
        {
          CrapettePosition position;
          CrapetteSeat dealer = (CrapetteSeat) (first_dealer ^ (round & 1));
          CrapetteSeat opener = crapette_seat_opponent (dealer);
          guint opener_row = opener == CRAPETTE_SOUTH ? 1 : 5;
          guint dealer_row = dealer == CRAPETTE_SOUTH ? 1 : 5;

          crapette_position_deal (&position, CRAPETTE_VARIANT_AMERICAN, &rules, deal, round);
          g_assert_true (crapette_position_check_invariants (&position, NULL));

          /* The deal alternates from round to round, and the non-dealer starts. */
          g_assert_cmpint (position.dealer, ==, dealer);
          g_assert_cmpint (position.to_move, ==, opener);
          g_assert_cmpint (position.laid_out, ==, 1u << opener);

          /* Dealt one at a time from the non-dealer: the last card dealt to a
           * player is the top of their hand, and the top four are laid out. */
          g_assert_cmpuint (position.piles[hand (opener)].count, ==, 22);
          g_assert_cmpuint (position.piles[hand (dealer)].count, ==, 26);
          for (guint i = 0; i < 22; i++)
            g_assert_cmpint (position.piles[hand (opener)].cards[i], ==, deck[2 * i]);
          for (guint i = 0; i < 26; i++)
            g_assert_cmpint (position.piles[hand (dealer)].cards[i], ==, deck[2 * i + 1]);
          for (guint i = 0; i < 4; i++)
            {
              g_assert_cmpuint (position.piles[tableau (opener_row + i)].count, ==, 1);
              g_assert_cmpint (crapette_position_top (&position, tableau (opener_row + i)), ==,
                               deck[50 - 2 * i]);
              g_assert_cmpuint (position.piles[tableau (dealer_row + i)].count, ==, 0);
            }
          g_assert_cmpuint (crapette_position_cards_left (&position, opener), ==, 22);
          g_assert_cmpuint (crapette_position_cards_left (&position, dealer), ==, 26);

          /* Face down in the hand, face up on the table. */
          g_assert_false (crapette_position_is_face_up (&position, hand (opener), 21));
          g_assert_true (crapette_position_is_face_up (&position, tableau (opener_row), 0));

          /* The dealer's row is closed until the dealer's first turn. */
          {
            CrapetteMove turn = turn_move (&position);
            CrapetteMove onto_closed_row, discard;

            play (&position, &turn);
            onto_closed_row = card_move (&position, in_hand (opener), tableau (dealer_row));
            assert_refused (&position, &onto_closed_row, CRAPETTE_REFUSAL_NOT_LAID_OUT, "dealer");
            discard = card_move (&position, in_hand (opener), talon (opener));
            play (&position, &discard);
          }

          g_assert_cmpint (position.to_move, ==, dealer);
          g_assert_cmpint (position.laid_out, ==, 3);
          for (guint i = 0; i < 4; i++)
            g_assert_cmpint (crapette_position_top (&position, tableau (dealer_row + i)), ==,
                             deck[51 - 2 * i]);
          g_assert_cmpuint (crapette_position_cards_left (&position, dealer), ==, 22);
        }
    }
}

/* The same deal number deals the same cards, whatever else happened before. */
static void
test_deal_repeatable (void)
{
  CrapetteRules rules;
  CrapettePosition first, second;

  crapette_rules_init_default (&rules);
  crapette_position_deal (&first, CRAPETTE_VARIANT_AMERICAN, &rules, 1234567, 2);
  crapette_position_deal (&second, CRAPETTE_VARIANT_AMERICAN, &rules, 1234567, 2);
  g_assert_true (crapette_position_equal (&first, &second));
  g_assert_cmpuint (crapette_position_hash (&first), ==, crapette_position_hash (&second));
}

/* Double suits */

static void
test_wrap_around (void)
{
  CrapettePosition position;
  CrapetteMove move;

  /* Up from the King to the Ace, and down from the Ace to the King. */
  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n"
         "SC: A♦\n"
         "NW: 3♣\n"
         "T1: Q♦ K♥\n"
         "T2: 2♠ A♣\n"
         "T3: K♠\n",
         &position);

  move = card_move (&position, in_hand (CRAPETTE_SOUTH), tableau (1));
  play (&position, &move);
  g_assert_cmpuint (position.piles[tableau (1)].count, ==, 3);

  move = card_move (&position, tableau (3), tableau (2));
  play (&position, &move);
  g_assert_cmpint (crapette_position_top (&position, tableau (2)), ==, card (13, CRAPETTE_SPADES));
  /* The space T3 left is South's to fill, and the Ace on T1 can fill it. */
  g_assert_true (position.opened_houses & (1u << 2));

  /* A 2 on an Ace and an Ace on a King: the ranks go round. */
  g_assert_cmpint (crapette_position_top (&position, tableau (1)), ==, card (1, CRAPETTE_DIAMONDS));
}

static void
test_single_card_either_way (void)
{
  CrapettePosition position;
  CrapetteMove up, down;

  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n"
         "SC: 9♥\n"
         "NW: 3♣\n"
         "T1: 8♦\n"
         "T2: 5♥ 6♦ 7♥\n",
         &position);

  up = card_move (&position, in_hand (CRAPETTE_SOUTH), tableau (1));
  down = card_move (&position, tableau (2), tableau (1));
  assert_legal (&position, &up);
  assert_legal (&position, &down);

  /* The second card fixes the direction: the pile now goes up. */
  play (&position, &up);
  {
    CrapettePosition after = position;
    CrapetteMove refused = card_move (&after, tableau (2), tableau (1));

    assert_refused (&after, &refused, CRAPETTE_REFUSAL_DOUBLE_SUIT, "double suits");
  }
}


/* With one pack, the only card that could go the wrong way on a pile of two
 * or more is the card just beneath its top, so a real position never meets
 * the direction refusals; a position with a card twice shows the rule. */
static void
test_direction_refusals (void)
{
  const CrapetteVariantOps *ops = crapette_variant_ops (CRAPETTE_VARIANT_AMERICAN);
  CrapettePosition position;
  CrapetteCard detail;
  CrapetteMove move;

  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n"
         "SC: 2♥\n"
         "T1: 8♦ 9♥ 10♦\n"
         "T2: 5♠ 4♣ 3♠\n",
         &position);

  position.piles[in_hand (CRAPETTE_SOUTH)].cards[0] = card (9, CRAPETTE_HEARTS);
  move = card_move (&position, in_hand (CRAPETTE_SOUTH), tableau (1));
  g_assert_cmpint (ops->judge_move (&position, &move, &detail), ==, CRAPETTE_REFUSAL_PILE_ASCENDS);

  position.piles[in_hand (CRAPETTE_SOUTH)].cards[0] = card (4, CRAPETTE_CLUBS);
  move = card_move (&position, in_hand (CRAPETTE_SOUTH), tableau (2));
  g_assert_cmpint (ops->judge_move (&position, &move, &detail), ==, CRAPETTE_REFUSAL_PILE_DESCENDS);

  g_assert_false (crapette_position_check_invariants (&position, NULL));
}

/* Thirteen cards complete a pile; the space it leaves is the mover's to fill. */
static void
test_completion (void)
{
  CrapettePosition position;
  CrapetteMove move, turn;
  guint32 turn_number;

  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n"
         "SC: 7♦\n"
         "T1: 8♦ 9♥ 10♦ J♥ Q♦ K♥ A♦ 2♥ 3♦ 4♥ 5♦ 6♥\n"
         "T2: 5♥ 6♦\n"
         "X1: A♣ 2♠ 3♣ 4♠ 5♣ 6♠ 7♣ 8♠ 9♣ 10♠ J♣ Q♠ K♣\n",
         &position);
  turn_number = position.turn_number;

  move = card_move (&position, in_hand (CRAPETTE_SOUTH), tableau (1));
  play (&position, &move);

  /* The sequence goes face down to the first free slot. */
  g_assert_cmpuint (position.piles[tableau (1)].count, ==, 0);
  g_assert_cmpuint (position.piles[sequence (1)].count, ==, 13);
  g_assert_cmpuint (position.piles[sequence (2)].count, ==, 13);
  g_assert_cmpint (position.piles[sequence (2)].cards[0], ==, card (8, CRAPETTE_DIAMONDS));
  g_assert_cmpint (position.piles[sequence (2)].cards[12], ==, card (7, CRAPETTE_DIAMONDS));
  g_assert_false (crapette_position_is_face_up (&position, sequence (2), 12));
  g_assert_true (position.progress_this_turn);
  g_assert_cmpuint (position.turn_number, ==, turn_number);
  g_assert_cmpint (position.to_move, ==, CRAPETTE_SOUTH);

  /* The 6♦ on T2 can fill the space, so South must fill it before turning. */
  g_assert_cmpuint (position.opened_houses, ==, 1u);
  turn = turn_move (&position);
  assert_refused (&position, &turn, CRAPETTE_REFUSAL_FILL_SPACE_FIRST, "space");

  move = card_move (&position, sequence (2), tableau (1));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_FROM_FOUNDATION, "Completed");

  move = card_move (&position, tableau (2), tableau (1));
  play (&position, &move);
  g_assert_cmpuint (position.opened_houses, ==, 0);
  play (&position, &turn);
}

/* A player who empties a space fills it before turning or discarding. */
static void
test_fill_space (void)
{
  CrapettePosition position;
  CrapetteMove move, discard, turn;

  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n"
         "SC: 9♥\n"
         "NW: 3♣\n"
         "T1: 5♣\n"
         "T2: 6♠\n"
         "T3: 10♦ J♥\n",
         &position);

  move = card_move (&position, tableau (1), tableau (2));
  play (&position, &move);
  g_assert_cmpuint (position.opened_houses, ==, 1u);

  discard = card_move (&position, in_hand (CRAPETTE_SOUTH), talon (CRAPETTE_SOUTH));
  assert_refused (&position, &discard, CRAPETTE_REFUSAL_FILL_SPACE_FIRST, "space");
  turn = turn_move (&position);
  assert_refused (&position, &turn, CRAPETTE_REFUSAL_CARD_PENDING, "card in your hand");

  /* Either the card in hand or an end card of a longer pile may fill it. */
  move = card_move (&position, tableau (3), tableau (1));
  assert_legal (&position, &move);
  move = card_move (&position, tableau (2), tableau (1));
  assert_legal (&position, &move);

  move = card_move (&position, in_hand (CRAPETTE_SOUTH), tableau (1));
  play (&position, &move);
  g_assert_cmpuint (position.opened_houses, ==, 0);
  turn = turn_move (&position);
  play (&position, &turn);
  discard = card_move (&position, in_hand (CRAPETTE_SOUTH), talon (CRAPETTE_SOUTH));
  play (&position, &discard);
  g_assert_cmpint (position.to_move, ==, CRAPETTE_NORTH);
}

/* When no card can fill a space the player goes on; the card turned next
 * must fill it. A space someone else left is free for anyone. */
static void
test_space_left_open (void)
{
  CrapettePosition position;
  CrapetteMove move, discard, turn;

  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n"
         "NW: 4♠\n"
         "T1: 5♣\n"
         "T5: 9♦\n",
         &position);

  move = card_move (&position, tableau (1), talon (CRAPETTE_NORTH));
  play (&position, &move);
  g_assert_cmpuint (position.opened_houses, ==, 1u);

  turn = turn_move (&position);
  play (&position, &turn);
  discard = card_move (&position, in_hand (CRAPETTE_SOUTH), talon (CRAPETTE_SOUTH));
  assert_refused (&position, &discard, CRAPETTE_REFUSAL_FILL_SPACE_FIRST, "space");

  /* Spaces South did not open this turn carry no duty. */
  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n"
         "SC: 9♥\n"
         "T1: 5♣ 6♠\n",
         &position);
  discard = card_move (&position, in_hand (CRAPETTE_SOUTH), talon (CRAPETTE_SOUTH));
  assert_legal (&position, &discard);
  move = card_move (&position, tableau (1), tableau (6));
  assert_legal (&position, &move);

  /* The notation can say which spaces the mover still owes a card. */
  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n"
         "Opened: T3\n"
         "SC: 9♥\n"
         "T1: 5♣ 6♠\n",
         &position);
  discard = card_move (&position, in_hand (CRAPETTE_SOUTH), talon (CRAPETTE_SOUTH));
  assert_refused (&position, &discard, CRAPETTE_REFUSAL_FILL_SPACE_FIRST, "space");
}

/* The opponent's talon takes double-suit neighbours both ways, from the card
 * in hand and from the tableau, and the turn goes on. */
static void
test_load_opponent_talon (void)
{
  CrapettePosition position;
  CrapetteMove move;

  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n"
         "SC: 6♦\n"
         "NW: 7♥\n"
         "T2: 4♥\n"
         "T3: 4♦ 5♥\n",
         &position);

  move = card_move (&position, in_hand (CRAPETTE_SOUTH), talon (CRAPETTE_NORTH));
  play (&position, &move);
  g_assert_cmpint (position.to_move, ==, CRAPETTE_SOUTH);
  g_assert_cmpint (crapette_position_top (&position, talon (CRAPETTE_NORTH)), ==,
                   card (6, CRAPETTE_DIAMONDS));

  move = card_move (&position, tableau (3), talon (CRAPETTE_NORTH));
  play (&position, &move);
  g_assert_cmpuint (position.piles[talon (CRAPETTE_NORTH)].count, ==, 3);

  move = card_move (&position, tableau (2), talon (CRAPETTE_NORTH));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_LOAD_DOUBLE_SUIT, "talon");

  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n"
         "SC: 6♦\n",
         &position);
  move = card_move (&position, in_hand (CRAPETTE_SOUTH), talon (CRAPETTE_NORTH));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_LOAD_EMPTY, "talon");
}

/* An empty hand takes the talon turned over: the first card discarded comes
 * up first. */
static void
test_talon_turn_over (void)
{
  CrapettePosition position;
  CrapetteMove move;
  const CrapettePile *new_hand;

  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: ND\n"
         "SW: 2♣ 7♥ J♠\n",
         &position);

  g_assert_cmpuint (position.stock_seen, ==, 0);
  move = turn_move (&position);
  play (&position, &move);
  /* The new hand is the talon both players watched, so its order is known. */
  g_assert_cmpuint (position.stock_seen, ==, 1u << CRAPETTE_SOUTH);
  new_hand = &position.piles[hand (CRAPETTE_SOUTH)];
  g_assert_cmpint (crapette_position_top (&position, in_hand (CRAPETTE_SOUTH)), ==,
                   card (2, CRAPETTE_CLUBS));
  g_assert_cmpuint (new_hand->count, ==, 2);
  g_assert_cmpint (new_hand->cards[0], ==, card (11, CRAPETTE_SPADES));
  g_assert_cmpint (new_hand->cards[1], ==, card (7, CRAPETTE_HEARTS));
  g_assert_cmpuint (position.piles[talon (CRAPETTE_SOUTH)].count, ==, 0);
  g_assert_cmpuint (crapette_position_cards_left (&position, CRAPETTE_SOUTH), ==, 3);

  move = card_move (&position, in_hand (CRAPETTE_SOUTH), talon (CRAPETTE_SOUTH));
  play (&position, &move);
  g_assert_cmpint (position.to_move, ==, CRAPETTE_NORTH);
}

/* A playable card may still be discarded, to spoil the opponent's chances;
 * the discard ends the turn. */
static void
test_voluntary_discard (void)
{
  CrapettePosition position;
  CrapetteMove play_it, discard;
  guint32 turn_number;

  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n"
         "SC: 9♥\n"
         "NW: 3♣\n"
         "T1: 8♦\n",
         &position);
  turn_number = position.turn_number;

  play_it = card_move (&position, in_hand (CRAPETTE_SOUTH), tableau (1));
  assert_legal (&position, &play_it);
  discard = card_move (&position, in_hand (CRAPETTE_SOUTH), talon (CRAPETTE_SOUTH));
  play (&position, &discard);

  g_assert_cmpint (position.to_move, ==, CRAPETTE_NORTH);
  g_assert_cmpuint (position.turn_number, ==, turn_number + 1);
  g_assert_cmpint (crapette_position_top (&position, talon (CRAPETTE_SOUTH)), ==,
                   card (9, CRAPETTE_HEARTS));
  g_assert_cmpuint (position.piles[in_hand (CRAPETTE_SOUTH)].count, ==, 0);
}

static void
test_refusals (void)
{
  CrapettePosition position;
  CrapetteMove move;

  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n"
         "SC: 9♥\n"
         "SW: 2♠\n"
         "NC: 4♠\n"
         "NW: 7♥\n"
         "T1: 8♦\n"
         "T2: K♠\n"
         "T3: 5♠\n"
         "X1: A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣\n",
         &position);

  move = card_move (&position, talon (CRAPETTE_SOUTH), tableau (1));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_FROM_WASTE, "talon");
  move = card_move (&position, talon (CRAPETTE_NORTH), tableau (1));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_FROM_WASTE, "talon");
  move = card_move (&position, hand (CRAPETTE_SOUTH), tableau (1));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_FROM_STOCK, "Turn");
  move = card_move (&position, sequence (1), tableau (4));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_FROM_FOUNDATION, "Completed");
  move = card_move (&position, in_hand (CRAPETTE_SOUTH), sequence (2));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_ONTO_COMPLETED, "Completed");
  move = card_move (&position, in_hand (CRAPETTE_NORTH), tableau (4));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_NOT_OWN_PILE, "own");
  move = card_move (&position, tableau (2), talon (CRAPETTE_SOUTH));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_ONTO_OWN_WASTE, "own talon");
  move = card_move (&position, in_hand (CRAPETTE_SOUTH), tableau (2));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_DOUBLE_SUIT, "double suits");
  move = card_move (&position, in_hand (CRAPETTE_SOUTH), talon (CRAPETTE_NORTH));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_LOAD_DOUBLE_SUIT, "talon");
  move = card_move (&position, in_hand (CRAPETTE_SOUTH), hand (CRAPETTE_SOUTH));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_ONTO_STOCK, "hand");
  move = card_move (&position, in_hand (CRAPETTE_SOUTH), in_hand (CRAPETTE_NORTH));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_ONTO_STOCK, "hand");
  move = card_move (&position, in_hand (CRAPETTE_SOUTH),
                    crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_BAD_PILE, "pile");
  move = card_move (&position, tableau (3), tableau (4));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_POINTLESS, "nothing");
  move = turn_move (&position);
  assert_refused (&position, &move, CRAPETTE_REFUSAL_CARD_PENDING, "card in your hand");
  move = end_move ();
  assert_refused (&position, &move, CRAPETTE_REFUSAL_CANNOT_END_TURN, "talon");

  /* What may be done from here. */
  move = card_move (&position, in_hand (CRAPETTE_SOUTH), tableau (1));
  assert_legal (&position, &move);
  move = card_move (&position, in_hand (CRAPETTE_SOUTH), tableau (4));
  assert_legal (&position, &move);
  move = card_move (&position, tableau (3), talon (CRAPETTE_SOUTH));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_ONTO_OWN_WASTE, "own talon");

  /* A row the dealer has not laid out is closed to everyone. */
  parse ("Crapette position\n"
         "Variant: american\n"
         "Laid out: south\n"
         "Rest: SD ND\n"
         "SC: 9♥\n"
         "T1: 8♦ 7♥\n",
         &position);
  move = card_move (&position, in_hand (CRAPETTE_SOUTH), tableau (5));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_NOT_LAID_OUT, "dealer");
  move = card_move (&position, tableau (1), tableau (8));
  assert_refused (&position, &move, CRAPETTE_REFUSAL_NOT_LAID_OUT, "dealer");
  move = card_move (&position, tableau (1), tableau (2));
  assert_legal (&position, &move);
}

static void
test_score_won (void)
{
  CrapettePosition position;
  CrapetteRoundResult result;
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  CrapetteMove move;

  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: ND\n"
         "SC: 9♥\n"
         "T1: 8♦\n",
         &position);

  crapette_position_score (&position, &result);
  g_assert_cmpint (result.outcome, ==, CRAPETTE_OUTCOME_PLAYING);
  g_assert_cmpint (result.winner, ==, CRAPETTE_NO_SEAT);
  g_assert_cmpuint (result.counts[CRAPETTE_SOUTH], ==, 1);
  g_assert_cmpuint (result.counts[CRAPETTE_NORTH], ==, 50);

  move = card_move (&position, in_hand (CRAPETTE_SOUTH), tableau (1));
  play (&position, &move);
  g_assert_cmpint (position.outcome, ==, CRAPETTE_OUTCOME_WON);
  g_assert_cmpint (position.winner, ==, CRAPETTE_SOUTH);

  crapette_position_score (&position, &result);
  g_assert_cmpint (result.outcome, ==, CRAPETTE_OUTCOME_WON);
  g_assert_cmpint (result.block_reason, ==, CRAPETTE_BLOCK_NONE);
  g_assert_cmpint (result.winner, ==, CRAPETTE_SOUTH);
  g_assert_cmpuint (result.points, ==, 1);
  g_assert_cmpuint (result.counts[CRAPETTE_SOUTH], ==, 0);
  g_assert_cmpuint (result.counts[CRAPETTE_NORTH], ==, 50);
  g_assert_cmpuint (result.stock_and_waste_cards[CRAPETTE_NORTH], ==, 50);
  g_assert_cmpuint (result.reserve_cards[CRAPETTE_NORTH], ==, 0);
  g_assert_cmpuint (crapette_position_legal_moves (&position, moves), ==, 0);
}

static void
test_score_blocked (void)
{
  CrapettePosition position;
  CrapetteRoundResult result;

  /* North has fewer cards left (South's talon counts) and wins a point. */
  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n"
         "SW: 2♣ 3♦ 4♥\n"
         "T1: 8♦\n"
         "T2: 9♠\n"
         "T3: 10♥\n"
         "T4: J♣\n"
         "T5: 5♠\n",
         &position);
  crapette_position_block (&position, CRAPETTE_BLOCK_REPETITION);
  crapette_position_score (&position, &result);
  g_assert_cmpint (result.outcome, ==, CRAPETTE_OUTCOME_BLOCKED);
  g_assert_cmpint (result.block_reason, ==, CRAPETTE_BLOCK_REPETITION);
  g_assert_cmpuint (result.counts[CRAPETTE_SOUTH], ==, 25);
  g_assert_cmpuint (result.counts[CRAPETTE_NORTH], ==, 22);
  g_assert_cmpint (result.winner, ==, CRAPETTE_NORTH);
  g_assert_cmpint (position.winner, ==, CRAPETTE_NORTH);
  g_assert_cmpuint (result.points, ==, 1);

  /* Equal counts: nobody wins the round. */
  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n",
         &position);
  crapette_position_block (&position, CRAPETTE_BLOCK_IDLE_TURNS);
  crapette_position_score (&position, &result);
  g_assert_cmpuint (result.counts[CRAPETTE_SOUTH], ==, 26);
  g_assert_cmpuint (result.counts[CRAPETTE_NORTH], ==, 26);
  g_assert_cmpint (result.winner, ==, CRAPETTE_NO_SEAT);
  g_assert_cmpuint (result.points, ==, 0);
}

static void
assert_invalid (const CrapettePosition *position,
                const char             *key_word)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (crapette_position_check_invariants (position, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  if (strstr (error->message, key_word) == NULL)
    g_error ("Message \"%s\" lacks \"%s\"", error->message, key_word);
}

/* Each pile rule is checked, and the message names the pile. */
static void
test_invariants (void)
{
  CrapettePosition valid, position;

  parse ("Crapette position\n"
         "Variant: american\n"
         "Rest: SD ND\n"
         "SC: 9♥\n"
         "T1: 8♦ 7♥ 6♦\n"
         "T2: 2♣\n"
         "X1: A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠\n",
         &valid);

  /* Swapping two cards of T1 breaks its run. */
  position = valid;
  position.piles[tableau (1)].cards[0] = card (7, CRAPETTE_HEARTS);
  position.piles[tableau (1)].cards[1] = card (8, CRAPETTE_DIAMONDS);
  assert_invalid (&position, "T1");

  /* The card in hand joins T2 twice over: a second card in hand. */
  position = valid;
  crapette_position_move_top (&position, tableau (2), in_hand (CRAPETTE_SOUTH));
  assert_invalid (&position, "in hand");

  position = valid;
  crapette_position_move_top (&position, tableau (2),
                              crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_NORTH));
  assert_invalid (&position, "reserve");

  position = valid;
  crapette_position_move_top (&position, tableau (2), sequence (1));
  assert_invalid (&position, "X1");

  position = valid;
  crapette_position_move_top (&position, tableau (2), sequence (5));
  assert_invalid (&position, "X5");

  position = valid;
  position.opened_houses = 1u << 1;
  assert_invalid (&position, "T2");

  position = valid;
  position.laid_out = 1u << CRAPETTE_NORTH;
  assert_invalid (&position, "T1");
}

/* Property check: random games */

#define N_RANDOM_GAMES 300
#define MAX_MOVES_PER_GAME 20000

/* The generator offers exactly the moves the judge accepts, each once. */
static void
assert_generator_matches_judge (const CrapettePosition *position)
{
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  gsize n_moves = crapette_position_legal_moves (position, moves);
  gsize n_accepted = 0;
  CrapetteMove candidate;

  for (gsize i = 0; i < n_moves; i++)
    {
      g_assert_true (crapette_position_is_legal (position, &moves[i]));
      for (gsize j = 0; j < i; j++)
        g_assert_false (crapette_move_same_action (&moves[i], &moves[j]));
    }

  for (CrapettePileId from = 0; from < CRAPETTE_N_PILES; from++)
    {
      for (CrapettePileId to = 0; to < CRAPETTE_N_PILES; to++)
        {
          candidate = card_move (position, from, to);
          if (crapette_position_is_legal (position, &candidate))
            {
              n_accepted++;
              g_assert_true (is_generated (position, &candidate));
            }
        }
    }

  candidate = turn_move (position);
  if (crapette_position_is_legal (position, &candidate))
    {
      n_accepted++;
      g_assert_true (is_generated (position, &candidate));
      g_assert_cmpint (moves[n_moves - 1].card, ==, CRAPETTE_CARD_NONE);
    }
  candidate = end_move ();
  g_assert_false (crapette_position_is_legal (position, &candidate));

  g_assert_cmpuint (n_accepted, ==, n_moves);
}

static void
test_random_games (void)
{
  CrapetteRules rules;
  guint64 total_moves = 0;
  guint outcomes[3] = { 0 };
  guint longest = 0;

  crapette_rules_init_default (&rules);

  for (guint game = 0; game < N_RANDOM_GAMES; game++)
    {
      CrapettePosition position;
      CrapetteRandom random;
      guint n_played = 0;

      crapette_position_deal (&position, CRAPETTE_VARIANT_AMERICAN, &rules,
                              G_GUINT64_CONSTANT (0x5eed0000) + game, game % 3);
      crapette_random_init (&random, game);

      while (position.outcome == CRAPETTE_OUTCOME_PLAYING && n_played < MAX_MOVES_PER_GAME)
        {
          CrapetteMove moves[CRAPETTE_MAX_MOVES];
          gsize n_moves;
          g_autoptr(GError) error = NULL;

          /* The full cross-check is slow, so it runs on a third of the games. */
          if (game % 3 == 0)
            assert_generator_matches_judge (&position);

          n_moves = crapette_position_legal_moves (&position, moves);
          g_assert_cmpuint (n_moves, >, 0);
          crapette_position_apply_move (&position,
                                        &moves[crapette_random_below (&random, n_moves)]);
          n_played++;

          if (!crapette_position_check_invariants (&position, &error))
            g_error ("Game %u, move %u: %s", game, n_played, error->message);
        }

      if (position.outcome == CRAPETTE_OUTCOME_PLAYING)
        g_error ("Random game %u did not end within %d moves", game, MAX_MOVES_PER_GAME);
      outcomes[position.outcome]++;
      total_moves += n_played;
      longest = MAX (longest, n_played);
    }

  g_test_message ("%d random games: %u won, %u blocked; %" G_GUINT64_FORMAT " moves, longest %u",
                  N_RANDOM_GAMES, outcomes[CRAPETTE_OUTCOME_WON],
                  outcomes[CRAPETTE_OUTCOME_BLOCKED], total_moves, longest);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/american-bank/deal", test_deal);
  g_test_add_func ("/american-bank/deal-repeatable", test_deal_repeatable);
  g_test_add_func ("/american-bank/wrap-around", test_wrap_around);
  g_test_add_func ("/american-bank/single-card-either-way", test_single_card_either_way);
  g_test_add_func ("/american-bank/direction-refusals", test_direction_refusals);
  g_test_add_func ("/american-bank/completion", test_completion);
  g_test_add_func ("/american-bank/fill-space", test_fill_space);
  g_test_add_func ("/american-bank/space-left-open", test_space_left_open);
  g_test_add_func ("/american-bank/load-opponent-talon", test_load_opponent_talon);
  g_test_add_func ("/american-bank/talon-turn-over", test_talon_turn_over);
  g_test_add_func ("/american-bank/voluntary-discard", test_voluntary_discard);
  g_test_add_func ("/american-bank/refusals", test_refusals);
  g_test_add_func ("/american-bank/score-won", test_score_won);
  g_test_add_func ("/american-bank/score-blocked", test_score_blocked);
  g_test_add_func ("/american-bank/invariants", test_invariants);
  g_test_add_func ("/american-bank/random-games", test_random_games);

  return g_test_run ();
}
