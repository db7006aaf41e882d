/* hidden-walk.c: the random walk both hidden-deal tests play a round with
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-hidden-round.c plays a deal open and hidden side by side; test-hidden-play.c plays two
 * players' hidden tables told each card by both parties' keys. Both walk a round the same
 * way: show what is due, check the tables, stop at the end, else call "Stop!" or play a
 * random move that leans to going deep into the stock.
 */

#include "hidden-walk.h"

#include "crapette-card.h"

/* A random move, leaning to cards that go home and to turning, so that rounds go deep into
 * the stock (a plain random walk soon repeats itself and blocks). */
gsize
hidden_walk_pick_move (const CrapetteMove *moves,
                       gsize               n_moves,
                       GRand              *rand)
{
  gsize chosen = g_rand_int_range (rand, 0, (gint32) n_moves);

  if (g_rand_int_range (rand, 0, 4) == 0)
    return chosen;
  for (gsize i = 0; i < n_moves; i++)
    {
      gsize j = (chosen + i) % n_moves;

      if (moves[j].kind == CRAPETTE_MOVE_CARD &&
          crapette_pile_kind (moves[j].to) == CRAPETTE_PILE_KIND_FOUNDATION)
        return j;
    }
  for (gsize i = 0; i < n_moves; i++)
    {
      gsize j = (chosen + i) % n_moves;

      if (moves[j].kind == CRAPETTE_MOVE_TURN ||
          (moves[j].kind == CRAPETTE_MOVE_CARD &&
           crapette_pile_kind (moves[j].from) == CRAPETTE_PILE_KIND_RESERVE))
        return j;
    }
  return chosen;
}

/* No table holds a real card where a card lies face down unseen. */
void
hidden_walk_assert_nothing_unseen_held (const CrapettePosition *position)
{
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      guint unknown = crapette_position_unknown_count (position, pile);

      for (guint depth = 0; depth < unknown; depth++)
        g_assert_true (crapette_card_is_hidden (position->piles[pile].cards[depth]));
    }
}

/* Plays the round of @data to its end, or for @max_steps steps; returns how many cards were
 * shown on the way. */
guint
hidden_walk_run (const HiddenWalk *walk,
                 gpointer          data,
                 guint             max_steps,
                 GRand            *rand)
{
  guint shown = 0;

  for (guint step = 0; step < max_steps; step++)
    {
      CrapetteMove moves[CRAPETTE_MAX_MOVES];
      const CrapettePosition *position;
      gsize n_moves;

      shown += walk->show_due (data);
      position = walk->check (data);
      if (position->outcome != CRAPETTE_OUTCOME_PLAYING)
        return shown;
      if (walk->instead != NULL && walk->instead (data, rand))
        continue;
      n_moves = crapette_position_legal_moves (position, moves);
      g_assert_cmpuint (n_moves, >, 0);
      {
        CrapetteMove move = moves[hidden_walk_pick_move (moves, n_moves, rand)];

        /* As a player names a move: the piles, never a card unseen. */
        if (move.kind != CRAPETTE_MOVE_CARD)
          move.card = CRAPETTE_CARD_NONE;
        walk->play (data, &move);
      }
    }
  return shown;
}
