/* crapette-window-undo.c: Undo and Redo, for the person whose turn it is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine decides what may be taken back (the moves of the turn in play
 * since a card was last turned or uncovered); the window adds who may: only
 * a person, on their own turn, while the round is in play. A computer's moves
 * are never taken back. After a move is taken back or played again the match
 * is saved, so the saved game never holds a move that was taken back.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-window-private.h"

#include "crapette-computer-turn.h"
#include "crapette-table.h"

/* Whether the person at the table may take back or replay moves now. */
static gboolean
person_may_change_moves (CrapetteWindow *self)
{
  return !crapette_computer_turn_is_computer_to_move (self->computer) &&
         crapette_game_get_phase (self->game) == CRAPETTE_OUTCOME_PLAYING;
}

/* Enables Undo and Redo (and so their buttons and shortcuts) as the game allows. */
void
crapette_window_update_undo (CrapetteWindow *self)
{
  gboolean person = person_may_change_moves (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 person && crapette_game_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 person && crapette_game_can_redo (self->game));
}

static void
action_undo (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);

  if (person_may_change_moves (self))
    crapette_game_undo (self->game);
}

static void
action_redo (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);

  if (person_may_change_moves (self))
    crapette_game_redo (self->game);
}

static void
on_move_undone_cb (CrapetteGame       *game,
                   const CrapetteMove *move,
                   CrapetteWindow     *self)
{
  /* A hint was for the position that is gone. */
  g_cancellable_cancel (self->hint_cancellable);
  crapette_window_save (self);
  crapette_window_update_status (self);
}

/* Follows the game so that Undo and Redo are offered exactly when they may be used. */
void
crapette_window_init_undo (CrapetteWindow *self)
{
  static const char * const changes[] = {
    "notify::can-undo", "notify::can-redo", "notify::current-player", "notify::phase",
    "round-started",
  };

  for (guint i = 0; i < G_N_ELEMENTS (changes); i++)
    g_signal_connect_object (self->game, changes[i], G_CALLBACK (crapette_window_update_undo),
                             self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "move-undone", G_CALLBACK (on_move_undone_cb), self, 0);
  crapette_window_update_undo (self);
}

/* Installs win.undo and win.redo. */
void
crapette_window_class_init_undo (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, action_undo);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, action_redo);
}
