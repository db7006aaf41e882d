/* crapette-russian-bank-private.h: what Russian Bank's rules of play share with its
 * deal, score and invariants
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-variant-private.h"

#include "crapette-card.h"

G_BEGIN_DECLS

#define HOUSES_PER_SEAT 4
#define ACE 1
#define KING 13

/* Where the piles of the player to move and of the opponent lie. */
typedef struct
{
  CrapetteSeat seat;
  CrapettePileId stock;
  CrapettePileId turned;
  CrapettePileId waste;
  CrapettePileId reserve;
  CrapettePileId opponent_waste;
  CrapettePileId opponent_reserve;
} SeatPiles;

static inline SeatPiles
seat_piles (CrapetteSeat seat)
{
  CrapetteSeat opponent = crapette_seat_opponent (seat);
  SeatPiles piles = {
    .seat = seat,
    .stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat),
    .turned = crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, seat),
    .waste = crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, seat),
    .reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, seat),
    .opponent_waste = crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, opponent),
    .opponent_reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, opponent),
  };

  return piles;
}

static inline guint
pile_count (const CrapettePosition *position,
            CrapettePileId          pile)
{
  return position->piles[pile].count;
}

/* ---- The rules of single piles: one predicate each ---------------------- */

/* Foundations: an Ace on an empty one, then up in suit to the King; the
 * packs do not matter. */
static inline CrapetteRefusal
judge_onto_foundation (CrapetteCard card,
                       CrapetteCard top)
{
  if (top == CRAPETTE_CARD_NONE)
    return crapette_card_rank (card) == ACE ? CRAPETTE_REFUSAL_NONE
                                            : CRAPETTE_REFUSAL_FOUNDATION_NEEDS_ACE;
  if (crapette_card_suit (card) == crapette_card_suit (top) &&
      crapette_card_rank (card) == crapette_card_rank (top) + 1)
    return CRAPETTE_REFUSAL_NONE;
  return CRAPETTE_REFUSAL_FOUNDATION_SEQUENCE;
}

/* Houses: any card on an empty one, else down by one in the other colour. */
static inline CrapetteRefusal
judge_onto_house (CrapetteCard card,
                  CrapetteCard top)
{
  if (top == CRAPETTE_CARD_NONE)
    return CRAPETTE_REFUSAL_NONE;
  if (crapette_card_rank (card) + 1 == crapette_card_rank (top) &&
      crapette_card_is_red (card) != crapette_card_is_red (top))
    return CRAPETTE_REFUSAL_NONE;
  return CRAPETTE_REFUSAL_HOUSE_SEQUENCE;
}

/* crapette-russian-bank-deal.c */

CRAPETTE_DECLARE_VARIANT_PARTS (crapette_russian_bank);
void crapette_russian_bank_choose_first (CrapettePosition *position);

G_END_DECLS
