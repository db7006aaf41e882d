/* crapette-search-shuffle.c: past the first moves of a turn, no house-to-house shuffles
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-search"

#include "config.h"

#include "crapette-search.h"

static guint
own_cards (const CrapettePosition *position)
{
  CrapetteSeat seat = position->to_move;

  return position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat)].count +
         position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, seat)].count +
         position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, seat)].count +
         position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, seat)].count;
}

gboolean
crapette_turn_memory_allows_shuffle (const CrapetteTurnMemory *memory,
                                     const CrapettePosition   *position,
                                     const CrapetteMove       *move,
                                     guint                     depth)
{
  if (memory == NULL || memory->shuffle_limit == 0 || move->kind != CRAPETTE_MOVE_CARD ||
      crapette_pile_kind (move->from) != CRAPETTE_PILE_KIND_HOUSE ||
      crapette_pile_kind (move->to) != CRAPETTE_PILE_KIND_HOUSE)
    return TRUE;
  if (memory->moves + depth < memory->shuffle_limit)
    return TRUE;
  return own_cards (position) <= memory->shuffle_lift;
}
