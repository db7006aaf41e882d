/* crapette-russian-bank-deal.c: Russian Bank's deal, its count and score, and what
 * must always hold on its table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/rules.md is the rule book: how the two packs are dealt and who starts,
 * how a finished round is scored, which cards lie face down, and the rules
 * every pile obeys, checked for tests and for positions read from text with
 * the same predicates the moves are judged by.
 */

#define G_LOG_DOMAIN "crapette-russian-bank"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "crapette-russian-bank-private.h"

#include "crapette-random.h"

/* ---- Dealing ------------------------------------------------------------- */

/* Who plays first when the lower card starts: the face-up reserve cards,
 * then the houses in the order dealt (H1 with H5, …), then South. */
static CrapetteSeat
low_card_starts (const CrapettePosition *position)
{
  CrapettePileId pairs[1 + HOUSES_PER_SEAT][CRAPETTE_N_SEATS];

  pairs[0][CRAPETTE_SOUTH] = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH);
  pairs[0][CRAPETTE_NORTH] = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_NORTH);
  for (guint i = 0; i < HOUSES_PER_SEAT; i++)
    {
      pairs[1 + i][CRAPETTE_SOUTH] = crapette_pile_house (i);
      pairs[1 + i][CRAPETTE_NORTH] = crapette_pile_house (HOUSES_PER_SEAT + i);
    }

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      CrapetteCard south = crapette_position_top (position, pairs[i][CRAPETTE_SOUTH]);
      CrapetteCard north = crapette_position_top (position, pairs[i][CRAPETTE_NORTH]);
      guint south_rank = south == CRAPETTE_CARD_NONE ? 0 : crapette_card_rank (south);
      guint north_rank = north == CRAPETTE_CARD_NONE ? 0 : crapette_card_rank (north);

      if (south_rank != north_rank)
        return south_rank < north_rank ? CRAPETTE_SOUTH : CRAPETTE_NORTH;
    }
  return CRAPETTE_SOUTH;
}

/* The deal, written out so that any deal number can be laid out by hand:
 * seed CrapetteRandom with the deal number; put South's pack (cards 0–51) in
 * card order and shuffle it, then North's pack (52–103) in card order and
 * shuffle it with the same generator, continuing. @deck receives South's
 * shuffled pack, then North's. */
void
crapette_russian_bank_shuffle (const CrapettePosition *position,
                               CrapetteCard           *deck)
{
  CrapetteRandom random;

  crapette_random_init (&random, position->deal_number);
  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      CrapetteCard *pack = deck + seat * CRAPETTE_CARDS_PER_PACK;

      for (guint i = 0; i < CRAPETTE_CARDS_PER_PACK; i++)
        pack[i] = (CrapetteCard) (seat * CRAPETTE_CARDS_PER_PACK + i);
      crapette_random_shuffle (&random, pack, CRAPETTE_CARDS_PER_PACK);
    }
}

/* Each player deals from the front of their shuffled pack: the first
 * reserve_size cards make the reserve, bottom first; the next four go one
 * each to the player's houses (South H1–H4, North H5–H8); the rest make the
 * stock, bottom first. The deck's cards may be hidden ones
 * (crapette_card_hidden()): the lay-out never reads them. */
void
crapette_russian_bank_lay_out (CrapettePosition   *position,
                               const CrapetteCard *deck)
{
  /* Validated rules hold 12 or 13; the clamp only keeps bad input harmless. */
  guint reserve_size = CLAMP (position->rules.reserve_size, 1,
                              CRAPETTE_CARDS_PER_PACK - HOUSES_PER_SEAT);

  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      const CrapetteCard *pack = deck + seat * CRAPETTE_CARDS_PER_PACK;
      SeatPiles piles = seat_piles (seat);
      CrapettePile *reserve = &position->piles[piles.reserve];
      CrapettePile *stock = &position->piles[piles.stock];
      guint next = 0;

      while (next < reserve_size)
        reserve->cards[reserve->count++] = pack[next++];
      for (guint i = 0; i < HOUSES_PER_SEAT; i++)
        {
          CrapettePile *house = &position->piles[crapette_pile_house (seat * HOUSES_PER_SEAT + i)];

          house->cards[house->count++] = pack[next++];
        }
      while (next < CRAPETTE_CARDS_PER_PACK)
        stock->cards[stock->count++] = pack[next++];
    }
}

/* Who starts, from the face-up cards of the deal (which must all be known). */
void
crapette_russian_bank_choose_first (CrapettePosition *position)
{
  if (position->rules.first_player == CRAPETTE_FIRST_PLAYER_ALTERNATE)
    position->to_move = position->round_index % 2 == 0 ? CRAPETTE_SOUTH : CRAPETTE_NORTH;
  else
    position->to_move = low_card_starts (position);
  position->dealer = crapette_seat_opponent (position->to_move);
}

void
crapette_russian_bank_begin_turn (CrapettePosition *position)
{
  /* Nothing happens by itself when a Russian Bank turn starts. */
}

/* ---- Counting and scoring ---------------------------------------------- */

guint
crapette_russian_bank_cards_left (const CrapettePosition *position,
                    CrapetteSeat            seat)
{
  SeatPiles piles = seat_piles (seat);

  return pile_count (position, piles.reserve) + pile_count (position, piles.stock) +
         pile_count (position, piles.waste) + pile_count (position, piles.turned);
}

void
crapette_russian_bank_score (const CrapettePosition *position,
               CrapetteRoundResult    *result)
{
  guint left[CRAPETTE_N_SEATS];

  result->outcome = position->outcome;
  result->block_reason = position->block_reason;
  result->winner = CRAPETTE_NO_SEAT;
  result->points = 0;

  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      SeatPiles piles = seat_piles (seat);

      result->reserve_cards[seat] = pile_count (position, piles.reserve);
      result->stock_and_waste_cards[seat] = pile_count (position, piles.stock) +
                                            pile_count (position, piles.waste) +
                                            pile_count (position, piles.turned);
      /* A reserve card counts double: it is the harder one to get rid of. */
      result->counts[seat] = result->stock_and_waste_cards[seat] + 2 * result->reserve_cards[seat];
      left[seat] = result->reserve_cards[seat] + result->stock_and_waste_cards[seat];
    }

  switch (position->outcome)
    {
    case CRAPETTE_OUTCOME_WON:
      if (left[CRAPETTE_SOUTH] == 0)
        result->winner = CRAPETTE_SOUTH;
      else if (left[CRAPETTE_NORTH] == 0)
        result->winner = CRAPETTE_NORTH;
      else if (position->winner < CRAPETTE_N_SEATS)
        result->winner = position->winner;
      if (result->winner != CRAPETTE_NO_SEAT)
        result->points = 30 + result->counts[crapette_seat_opponent (result->winner)];
      break;

    case CRAPETTE_OUTCOME_BLOCKED:
      if (result->counts[CRAPETTE_SOUTH] < result->counts[CRAPETTE_NORTH])
        result->winner = CRAPETTE_SOUTH;
      else if (result->counts[CRAPETTE_NORTH] < result->counts[CRAPETTE_SOUTH])
        result->winner = CRAPETTE_NORTH;
      if (result->winner != CRAPETTE_NO_SEAT)
        result->points = result->counts[crapette_seat_opponent (result->winner)] -
                         result->counts[result->winner];
      break;

    case CRAPETTE_OUTCOME_PLAYING:
    default:
      break;
    }
}

/* ---- What is visible, and what must always hold ------------------------ */

guint
crapette_russian_bank_face_down_count (const CrapettePosition *position,
                                       CrapettePileId          pile)
{
  switch (crapette_pile_kind (pile))
    {
    case CRAPETTE_PILE_KIND_STOCK:
      return pile_count (position, pile);
    case CRAPETTE_PILE_KIND_RESERVE:
      /* Only the top card shows. */
      return MAX (pile_count (position, pile), 1u) - 1;
    case CRAPETTE_PILE_KIND_TURNED:
    case CRAPETTE_PILE_KIND_WASTE:
    case CRAPETTE_PILE_KIND_HOUSE:
    case CRAPETTE_PILE_KIND_FOUNDATION:
    case CRAPETTE_N_PILE_KINDS:
    default:
      return 0;
    }
}

gboolean
crapette_russian_bank_check_invariants (const CrapettePosition  *position,
                          GError                 **error)
{
  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      if (pile_count (position, crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, seat)) > 1)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               seat == CRAPETTE_SOUTH
                                 ? _("South has more than one card turned from the stock")
                                 : _("North has more than one card turned from the stock"));
          return FALSE;
        }
    }

  for (guint i = 0; i < CRAPETTE_N_HOUSES; i++)
    {
      const CrapettePile *house = &position->piles[crapette_pile_house (i)];

      for (guint depth = 1; depth < house->count; depth++)
        {
          if (judge_onto_house (house->cards[depth], house->cards[depth - 1]) !=
              CRAPETTE_REFUSAL_NONE)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("House %u is not built down in alternating colors"), i + 1);
              return FALSE;
            }
        }
    }

  for (guint i = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
    {
      const CrapettePile *foundation = &position->piles[crapette_pile_foundation (i)];

      for (guint depth = 0; depth < foundation->count; depth++)
        {
          CrapetteCard below = depth > 0 ? foundation->cards[depth - 1] : CRAPETTE_CARD_NONE;

          if (judge_onto_foundation (foundation->cards[depth], below) != CRAPETTE_REFUSAL_NONE)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Foundation %u is not built up in one suit from the Ace"), i + 1);
              return FALSE;
            }
        }
    }
  return TRUE;
}
