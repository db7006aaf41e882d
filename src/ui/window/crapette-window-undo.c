/* crapette-window-undo.c: Undo and Redo, for the person whose turn it is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine decides what may be taken back (the moves of the turn in play
 * since a card was last turned or uncovered) and the session who may: only a
 * person, on their own turn, while the round is in play
 * (crapette_session_can_undo()). The session also saves after a move is
 * taken back or played again; the window only offers the actions.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-window-private.h"

/* Enables Undo and Redo (and so their buttons and shortcuts) as the session allows, and not
 * while the table shows a move picked in the history. */
void
crapette_window_update_undo (CrapetteWindow *self)
{
  gboolean playing = !crapette_table_is_looking_back (self->table);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 playing && crapette_session_can_undo (self->session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 playing && crapette_session_can_redo (self->session));
}

static void
action_undo (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  crapette_session_undo (CRAPETTE_WINDOW (widget)->session);
}

static void
action_redo (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  crapette_session_redo (CRAPETTE_WINDOW (widget)->session);
}

/* Follows the game and the session so that Undo and Redo are offered exactly when they may be used. */
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
  g_signal_connect_object (self->session, "notify::computer-seat",
                           G_CALLBACK (crapette_window_update_undo), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "move-undone", G_CALLBACK (crapette_window_update_status),
                           self, G_CONNECT_SWAPPED);
  crapette_window_update_undo (self);
}

/* Installs win.undo and win.redo. */
void
crapette_window_class_init_undo (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, action_undo);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, action_redo);
}
