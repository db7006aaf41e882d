/* crapette-history-panel-private.h: what the history panel's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-history-panel.h"

G_BEGIN_DECLS

/* A turn longer than this can be folded, and the computer's is folded as it grows past it. */
#define FOLD_AFTER_MOVES 4

/* A turn: its heading row and how many moves it has; its moves are the rows after it. */
typedef struct
{
  GtkWidget *row;
  GtkWidget *label;
  GtkWidget *arrow;
  CrapetteSeat mover;
  guint first_move;        /* the index of its first move in move_rows */
  guint n_moves;
  gboolean folded;
  gboolean fold_chosen;    /* folded or unfolded by the person, not by default */
} CrapetteHistoryTurn;

struct _CrapetteHistoryPanel
{
  GtkWidget parent_instance;

  GtkWidget *scrolled;
  GtkListBox *list;
  CrapetteGame *game;
  CrapettePosition last;     /* the position after the last move listed */
  GPtrArray *move_rows;      /* GtkListBoxRow, one per move, in order */
  GPtrArray *turns;          /* CrapetteHistoryTurn, one per turn listed, in order */
  guint scroll_source;
};

static inline GtkWidget *
move_row (CrapetteHistoryPanel *self,
          guint                 index)
{
  return g_ptr_array_index (self->move_rows, index);
}

/* A new turn's heading, for @mover's moves from the round's move @first_move on. */
CrapetteHistoryTurn *crapette_history_turn_new (CrapetteSeat mover,
                                                guint        first_move);

/* The turn listed last, or %NULL before the first move. */
CrapetteHistoryTurn *crapette_history_panel_last_turn (CrapetteHistoryPanel *self);

/* Whether @mover's long turns are folded by default: the computer's. */
gboolean crapette_history_panel_folds_by_default (CrapetteHistoryPanel *self,
                                                  CrapetteSeat          mover);

/* Shows @turn's heading as it is now: its player, and when long its count and fold. */
void     crapette_history_panel_update_turn      (CrapetteHistoryPanel *self,
                                                  CrapetteHistoryTurn  *turn);

/* Shows or hides the moves of @turn, letting go of a move selected among them. */
void     crapette_history_panel_fold_turn        (CrapetteHistoryPanel *self,
                                                  CrapetteHistoryTurn  *turn,
                                                  gboolean              folded);

/* The list's ::row-activated: a long turn's heading folds or unfolds it. */
void     crapette_history_panel_toggle_turn_cb   (GtkListBox           *list,
                                                  GtkListBoxRow        *row,
                                                  CrapetteHistoryPanel *self);

G_END_DECLS
