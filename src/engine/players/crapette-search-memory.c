/* crapette-search-memory.c: what a player remembers of the turn in play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A person at the table does not put a card back where it was a moment ago,
 * nor move the same card from house to house twice over: each move of a turn
 * is made for something that follows. The turn memory holds what that takes
 * (the houses each card has left this turn, and the cards moved since a card
 * last turned up), and the search and Easy leave out the moves it forbids.
 * It is built from the moves a player has seen played, never from a
 * face-down card.
 */

#define G_LOG_DOMAIN "crapette-search"

#include "config.h"

#include <string.h>

#include "crapette-search.h"

/* Forgets everything: a new turn begins. */
void
crapette_turn_memory_clear (CrapetteTurnMemory *memory)
{
  g_return_if_fail (memory != NULL);

  memset (memory, 0, sizeof *memory);
}

/* Notes @move, just played by the player to move, which led to @after. */
void
crapette_turn_memory_record (CrapetteTurnMemory     *memory,
                             const CrapetteMove     *move,
                             const CrapettePosition *after)
{
  g_return_if_fail (memory != NULL);
  g_return_if_fail (move != NULL && after != NULL);

  /* A card turned up opens new chances, so a card may move again after it;
   * the houses a card left stay forbidden to it until the turn ends. */
  if (move->kind == CRAPETTE_MOVE_TURN)
    {
      memset (memory->moved, 0, sizeof memory->moved);
      return;
    }
  if (move->kind != CRAPETTE_MOVE_CARD || move->card >= CRAPETTE_MAX_CARDS)
    return;

  if (crapette_pile_kind (move->from) == CRAPETTE_PILE_KIND_HOUSE)
    memory->left_houses[move->card] |= 1u << crapette_pile_index (move->from);
  memory->moved[move->card] = TRUE;
  if (crapette_position_top (after, move->from) == CRAPETTE_CARD_UNKNOWN)
    memset (memory->moved, 0, sizeof memory->moved);
}

/* Whether @memory lets @move be played: a card may go to a house only if it
 * has not left that house this turn, nor moved since a card last turned up.
 * Every other move (to a foundation, onto the opponent's piles, a turn) is
 * always allowed. @memory may be %NULL: then everything is. */
gboolean
crapette_turn_memory_allows (const CrapetteTurnMemory *memory,
                             const CrapetteMove       *move)
{
  g_return_val_if_fail (move != NULL, FALSE);

  if (memory == NULL || move->kind != CRAPETTE_MOVE_CARD ||
      crapette_pile_kind (move->to) != CRAPETTE_PILE_KIND_HOUSE ||
      move->card >= CRAPETTE_MAX_CARDS)
    return TRUE;
  return !memory->moved[move->card] &&
         !(memory->left_houses[move->card] & (1u << crapette_pile_index (move->to)));
}
