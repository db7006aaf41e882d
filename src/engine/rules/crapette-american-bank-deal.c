/* crapette-american-bank-deal.c: American Bank's deal, its count and score, and what
 * must always hold on its table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/rules.md is the rule book: the deal and the dealer's opening lay-out,
 * how a finished round is scored, which cards lie face down, and the rules
 * every pile obeys, checked for tests and for positions read from text with
 * the same predicates the moves are judged by.
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "crapette-american-bank-private.h"

#include "crapette-random.h"

/* The first dealer of a match stands for the rule books' cut for the deal
 * (high card deals); it is the first draw of the generator seeded with the
 * deal number, and the shuffle follows it. */
static CrapetteSeat
first_dealer (CrapetteRandom *random)
{
  return (crapette_random_next (random) & 1) ? CRAPETTE_NORTH : CRAPETTE_SOUTH;
}

void
crapette_american_bank_shuffle (const CrapettePosition *position,
                                CrapetteCard           *deck)
{
  CrapetteRandom random;

  crapette_random_init (&random, position->deal_number);
  first_dealer (&random);
  for (guint i = 0; i < CRAPETTE_CARDS_PER_PACK; i++)
    deck[i] = (CrapetteCard) i;
  crapette_random_shuffle (&random, deck, CRAPETTE_CARDS_PER_PACK);
}

/* The dealer comes from the deal number whatever the deck (a hidden deal's
 * included); the deck's cards are never read. */
void
crapette_american_bank_lay_out (CrapettePosition   *position,
                                const CrapetteCard *deck)
{
  CrapetteRandom random;
  CrapetteSeat dealer;
  CrapetteSeat non_dealer;

  crapette_random_init (&random, position->deal_number);
  dealer = (CrapetteSeat) (first_dealer (&random) ^ (position->round_index & 1));
  non_dealer = crapette_seat_opponent (dealer);

  /* One card at a time, non-dealer first; each card lands on top of the
   * hand, so the last card dealt to a player is the top of their hand. */
  for (guint i = 0; i < CRAPETTE_CARDS_PER_PACK; i++)
    {
      CrapetteSeat seat = (i % 2 == 0) ? non_dealer : dealer;
      CrapettePile *hand = &position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat)];

      hand->cards[hand->count++] = deck[i];
    }

  position->dealer = dealer;
  position->to_move = non_dealer;
  position->laid_out = 0;
}

/* A player's first turn starts with the top four cards of their hand laid
 * face up in their row of the tableau, the top card on the row's first pile. */
void
crapette_american_bank_begin_turn (CrapettePosition *position)
{
  CrapetteSeat mover = position->to_move;
  CrapettePileId hand = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, mover);
  guint first = mover == CRAPETTE_SOUTH ? 0 : ROW_LENGTH;

  if (position->laid_out & (1u << mover))
    return;

  for (guint i = first; i < first + ROW_LENGTH; i++)
    {
      CrapettePileId pile = crapette_pile_house (i);

      if (position->piles[hand].count == 0)
        break;
      if (position->piles[pile].count == 0)
        crapette_position_move_top (position, hand, pile);
    }
  position->laid_out |= (guint8) (1u << mover);
}

/* Hand, talon and card in hand: every card a player still has to play. */
guint
crapette_american_bank_cards_left (const CrapettePosition *position,
                          CrapetteSeat            seat)
{
  return position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat)].count +
         position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, seat)].count +
         position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, seat)].count;
}

/* A round is worth one point to its winner: the player who got rid of every
 * card, or in a blocked round the one with fewer cards left. */
void
crapette_american_bank_score (const CrapettePosition *position,
                     CrapetteRoundResult    *result)
{
  CrapetteSeat mover = position->to_move;

  memset (result, 0, sizeof *result);
  result->outcome = position->outcome;
  result->block_reason = position->block_reason;
  result->winner = CRAPETTE_NO_SEAT;

  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      result->counts[seat] = crapette_american_bank_cards_left (position, seat);
      result->stock_and_waste_cards[seat] = result->counts[seat];
    }

  switch (position->outcome)
    {
    case CRAPETTE_OUTCOME_WON:
      /* The round ends the moment the mover plays their last card. */
      if (result->counts[mover] == 0)
        result->winner = mover;
      else if (result->counts[crapette_seat_opponent (mover)] == 0)
        result->winner = crapette_seat_opponent (mover);
      result->points = result->winner != CRAPETTE_NO_SEAT ? 1 : 0;
      break;
    case CRAPETTE_OUTCOME_BLOCKED:
      if (result->counts[CRAPETTE_SOUTH] != result->counts[CRAPETTE_NORTH])
        {
          result->winner = result->counts[CRAPETTE_SOUTH] < result->counts[CRAPETTE_NORTH]
                             ? CRAPETTE_SOUTH : CRAPETTE_NORTH;
          result->points = 1;
        }
      break;
    case CRAPETTE_OUTCOME_PLAYING:
    default:
      break;
    }
}

guint
crapette_american_bank_face_down_count (const CrapettePosition *position,
                                        CrapettePileId          pile)
{
  switch (crapette_pile_kind (pile))
    {
    case CRAPETTE_PILE_KIND_TURNED:
    case CRAPETTE_PILE_KIND_WASTE:
    case CRAPETTE_PILE_KIND_HOUSE:
      return 0;
    case CRAPETTE_PILE_KIND_STOCK:
    case CRAPETTE_PILE_KIND_RESERVE:
    case CRAPETTE_PILE_KIND_FOUNDATION:
    case CRAPETTE_N_PILE_KINDS:
    default:
      return position->piles[pile].count;
    }
}

/* Whether a tableau pile is a run of double suits in one direction. */
static gboolean
is_double_suit_run (const CrapettePile *pile)
{
  int direction = pile_direction (pile);

  for (guint i = 1; i < pile->count; i++)
    {
      if (double_suit_step (pile->cards[i], pile->cards[i - 1]) != direction || direction == 0)
        return FALSE;
    }
  return TRUE;
}

static gboolean
check_seat_piles (const CrapettePosition  *position,
                  CrapetteSeat             seat,
                  GError                 **error)
{
  gboolean south = seat == CRAPETTE_SOUTH;
  guint in_hand = position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, seat)].count;

  if (position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, seat)].count > 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           south ? _("South has a reserve, but American Bank has no reserves")
                                 : _("North has a reserve, but American Bank has no reserves"));
      return FALSE;
    }
  if (in_hand > 1)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   south ? _("South holds %u cards in hand, but only one card can be in hand")
                         : _("North holds %u cards in hand, but only one card can be in hand"),
                   in_hand);
      return FALSE;
    }
  return TRUE;
}

gboolean
crapette_american_bank_check_invariants (const CrapettePosition  *position,
                                GError                 **error)
{
  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      if (!check_seat_piles (position, seat, error))
        return FALSE;
    }

  for (guint i = 0; i < N_TABLEAU_PILES; i++)
    {
      const CrapettePile *pile = &position->piles[crapette_pile_house (i)];

      if (pile->count >= SEQUENCE_LENGTH)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Tableau pile T%u holds %u cards, but a pile of 13 is set aside"),
                       i + 1, pile->count);
          return FALSE;
        }
      if (!is_double_suit_run (pile))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Tableau pile T%u is not built in double suits in one direction"), i + 1);
          return FALSE;
        }
      if (pile->count > 0 && !row_in_play (position, i))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Tableau pile T%u holds cards, but its row is not laid out yet"), i + 1);
          return FALSE;
        }
      if (pile->count > 0 && (position->opened_houses & (1u << i)))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Tableau pile T%u is said to be an open space, but it holds cards"),
                       i + 1);
          return FALSE;
        }
    }

  for (guint i = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
    {
      guint count = position->piles[crapette_pile_foundation (i)].count;

      if (i >= N_SEQUENCE_SLOTS && count > 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("There are only four places for completed sequences, but X%u holds cards"),
                       i + 1);
          return FALSE;
        }
      if (count != 0 && count != SEQUENCE_LENGTH)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Completed sequence X%u holds %u cards instead of 13"), i + 1, count);
          return FALSE;
        }
    }
  return TRUE;
}
