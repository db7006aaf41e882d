/* crapette-american-bank-private.h: what American Bank's rules of play share with its
 * deal, score and invariants
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-variant-private.h"

#include "crapette-card.h"

G_BEGIN_DECLS

#define ROW_LENGTH 4
#define N_TABLEAU_PILES 8
#define N_SEQUENCE_SLOTS 4
#define RANKS 13
#define SEQUENCE_LENGTH RANKS

/* Which seat's row holds tableau pile @index (0–7). */
static inline CrapetteSeat
row_owner (guint index)
{
  return index < ROW_LENGTH ? CRAPETTE_SOUTH : CRAPETTE_NORTH;
}

static inline gboolean
row_in_play (const CrapettePosition *position,
             guint                   index)
{
  return (position->laid_out & (1u << row_owner (index))) != 0;
}

/* +1 when @card may lie on @below going up, -1 going down, 0 when it is not
 * a double-suit neighbour at all: the other suit of the same colour and one
 * rank away, Ace and King being neighbours. Plain arithmetic rather than a
 * table, so that a corrupt card value cannot read out of bounds. */
static inline int
double_suit_step (CrapetteCard card,
                  CrapetteCard below)
{
  guint rank = card % RANKS;
  guint below_rank = below % RANKS;

  if (card / RANKS + below / RANKS != 3)
    return 0;
  if (rank == (below_rank + 1) % RANKS)
    return 1;
  if (below_rank == (rank + 1) % RANKS)
    return -1;
  return 0;
}

/* The direction a tableau pile is built in, fixed by its first two cards;
 * 0 while it has fewer than two and may still go either way. */
static inline int
pile_direction (const CrapettePile *pile)
{
  return pile->count >= 2 ? double_suit_step (pile->cards[1], pile->cards[0]) : 0;
}

/* crapette-american-bank-deal.c */

CRAPETTE_DECLARE_VARIANT_PARTS (crapette_american_bank);

G_END_DECLS
