/* crapette-turn-limit.c: a long turn is brought to its end
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A person waits while the computer plays, and a turn of sixty moves is a
 * minute of watching. Once a turn has made its level's limit of moves
 * (CrapettePlayerClass.turn_limit), the player stops looking for more and
 * ends the turn by the shortest way the rules allow: it plays what the order
 * of play requires (a card to a foundation, an emptied house filled, the
 * reserve before the stock), turns a card if it has none, and puts the
 * turned card (the card in hand) on its own waste (talon). Only legal moves
 * are ever chosen, and with mistakes called the view it is given prevents
 * them (crapette_player_choose()), so no duty is broken on the way.
 * docs/computer-players.md, "Ending long turns", has the measurements.
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-player-private.h"
#include "crapette-search.h"

typedef struct
{
  CrapetteSeat seat;
  gboolean found;
  guint rank;
  guint n_moves;
  gint64 score;
  guint64 key;
  CrapetteMove first;
} Soonest;

/* How far a sequence that stops where @sequence does leaves the turn from its
 * end: a round won is best, then the turn (or the round) over, then a card
 * turned up (one discard away), then a reserve card uncovered, after which
 * the turn still has to turn a card. */
static guint
end_rank (const CrapetteSequence *sequence,
          CrapetteSeat            seat)
{
  switch (sequence->how)
    {
    case CRAPETTE_SEQUENCE_FINISHES:
      return sequence->end->winner == seat ? 0 : 1;
    case CRAPETTE_SEQUENCE_ENDS_TURN:
      return 1;
    case CRAPETTE_SEQUENCE_TURNS:
      return 2;
    case CRAPETTE_SEQUENCE_REVEALS:
    default:
      return 3;
    }
}

/* Keeps the sequence that ends the turn soonest: the nearest kind of end,
 * then the fewest moves; between those, Medium's judgement, then the key, so
 * that the choice does not depend on the order the search found them in. */
static void
keep_soonest (const CrapetteSequence *sequence,
              gpointer                user_data)
{
  Soonest *soonest = user_data;
  guint rank = end_rank (sequence, soonest->seat);
  gint64 score = crapette_search_evaluate (sequence->end, soonest->seat, sequence->how);

  if (soonest->found)
    {
      if (rank != soonest->rank)
        {
          if (rank > soonest->rank)
            return;
        }
      else if (sequence->n_moves != soonest->n_moves)
        {
          if (sequence->n_moves > soonest->n_moves)
            return;
        }
      else if (score != soonest->score)
        {
          if (score < soonest->score)
            return;
        }
      else if (sequence->key <= soonest->key)
        {
          return;
        }
    }
  soonest->found = TRUE;
  soonest->rank = rank;
  soonest->n_moves = sequence->n_moves;
  soonest->score = score;
  soonest->key = sequence->key;
  soonest->first = sequence->moves[0];
}

/* Whether the turn @memory remembers has made @limit moves or more; a
 * @limit of 0 means no limit. */
gboolean
crapette_turn_limit_reached (const CrapetteTurnMemory *memory,
                             guint                     limit)
{
  g_return_val_if_fail (memory != NULL, FALSE);

  return limit > 0 && memory->n_moves >= limit;
}

/* Sets @move to the first move of the shortest way from @view to the end of
 * the turn among the moves @view allows and @memory does not forbid (the
 * search stops before every unknown card, so the way is followed one known
 * stretch at a time). Searching afresh after each move finds the rest of the
 * same way, breadth first. FALSE, and @move untouched, when the search finds
 * no way at all. */
gboolean
crapette_turn_limit_choose (const CrapettePosition   *view,
                            const CrapetteTurnMemory *memory,
                            CrapetteMove             *move)
{
  Soonest soonest = { .found = FALSE };

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  soonest.seat = view->to_move;

  crapette_search_sequences (view, memory, CRAPETTE_SEARCH_DEFAULT_NODES, keep_soonest, &soonest);
  if (!soonest.found)
    return FALSE;
  *move = soonest.first;
  return TRUE;
}
