/* crapette-search-repeats.c: a plan in which no card moves twice
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The turn search already keeps a card from going to a house twice before a
 * card turns up (crapette-search-memory.c), but a card may still move from
 * house to house and then on to the opponent's piles: in American Bank a run
 * is turned over through a spare pile so that it loads from its other end.
 * A person watching sees the same cards go by twice. Medium chooses, in
 * American Bank, among the sequences in which no card moves again before a
 * card turns up, and only when there is none among all of them
 * (docs/computer-players.md, "Ending long turns").
 */

#define G_LOG_DOMAIN "crapette-search"

#include "config.h"

#include "crapette-search.h"

typedef struct
{
  CrapetteEvaluateFunc evaluate;
  CrapetteSeat seat;
  const CrapetteTurnMemory *memory;
  gboolean found;
  gboolean found_plain;
  gint64 best_score;
  guint64 best_key;
  CrapetteMove *moves;
  guint n_moves;
} BestPlain;

/* Whether @sequence moves a card that has moved already since a card last
 * turned up, earlier in the turn (@memory) or earlier in @sequence. */
static gboolean
has_repeat (const CrapetteSequence   *sequence,
            const CrapetteTurnMemory *memory)
{
  for (guint i = 0; i < sequence->n_moves; i++)
    {
      const CrapetteMove *move = &sequence->moves[i];

      if (move->kind != CRAPETTE_MOVE_CARD || move->card >= CRAPETTE_MAX_CARDS)
        continue;
      if (memory != NULL && memory->moved[move->card])
        return TRUE;
      for (guint j = 0; j < i; j++)
        {
          if (sequence->moves[j].kind == CRAPETTE_MOVE_CARD &&
              sequence->moves[j].card == move->card)
            return TRUE;
        }
    }
  return FALSE;
}

static void
keep_best_plain (const CrapetteSequence *sequence,
                 gpointer                user_data)
{
  BestPlain *best = user_data;
  gboolean plain = !has_repeat (sequence, best->memory);
  gint64 score;

  /* Once a sequence without repeats is found, no other kind will do. */
  if (best->found_plain && !plain)
    return;
  score = best->evaluate (sequence->end, best->seat, sequence->how);
  /* Among sequences of one kind, as crapette_search_best_sequence() chooses. */
  if (best->found && plain == best->found_plain &&
      !crapette_search_prefers (sequence, score, best->best_score, best->n_moves, best->best_key))
    return;

  best->found = TRUE;
  best->found_plain = plain;
  best->best_score = score;
  best->best_key = sequence->key;
  best->n_moves = sequence->n_moves;
  for (guint i = 0; i < sequence->n_moves; i++)
    best->moves[i] = sequence->moves[i];
}

/* As crapette_search_best_sequence(), but among the sequences in which no
 * card moves twice since a card last turned up (counting the moves @memory
 * remembers), if there are any. */
gboolean
crapette_search_best_plain_sequence (const CrapettePosition   *start,
                                     const CrapetteTurnMemory *memory,
                                     guint                     max_nodes,
                                     CrapetteEvaluateFunc      evaluate,
                                     CrapetteMove             *moves,
                                     guint                    *n_moves)
{
  BestPlain best = { .evaluate = evaluate, .memory = memory, .moves = moves };

  g_return_val_if_fail (start != NULL, FALSE);
  g_return_val_if_fail (evaluate != NULL, FALSE);
  g_return_val_if_fail (moves != NULL && n_moves != NULL, FALSE);

  best.seat = start->to_move;
  crapette_search_sequences (start, memory, max_nodes, keep_best_plain, &best);
  *n_moves = best.n_moves;
  return best.found && best.n_moves > 0;
}
