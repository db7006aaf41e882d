/* hidden-walk.h: the random walk both hidden-deal tests play a round with
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-position.h"

G_BEGIN_DECLS

/* What a test does at each step of the walk; @data is the test's own tables. */
typedef struct
{
  /* Shows every card due at every table; returns how many were shown. */
  guint (*show_due) (gpointer data);
  /* Checks the tables against each other; returns the position moves are chosen from. */
  const CrapettePosition *(*check) (gpointer data);
  /* May take this step instead of a move (a "Stop!" called) and return TRUE; or NULL. */
  gboolean (*instead) (gpointer data,
                       GRand   *rand);
  /* Plays @move at every table; it names piles, and a card only for a card move. */
  void (*play) (gpointer            data,
                const CrapetteMove *move);
} HiddenWalk;

guint hidden_walk_run                        (const HiddenWalk       *walk,
                                              gpointer                data,
                                              guint                   max_steps,
                                              GRand                  *rand);
gsize hidden_walk_pick_move                  (const CrapetteMove     *moves,
                                              gsize                   n_moves,
                                              GRand                  *rand);
void  hidden_walk_assert_nothing_unseen_held (const CrapettePosition *position);

G_END_DECLS
