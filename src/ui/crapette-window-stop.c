/* crapette-window-stop.c: the "Stop!" button and key, and what a call says
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With mistakes called (docs/rules.md, "Stop!") the person may call the other player's
 * mistake with the header bar's Stop! button or the S key. The button is offered whenever a
 * call may be made at all (crapette_session_may_call()), mistake or not, so that it never
 * gives a mistake away; the session judges the call. Whoever calls, the window says what
 * was missed in words, and the table flies the cards taken back to where they came from.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"


#include "crapette-window-private.h"

/* Shows the button only with mistakes called, and enables the call when it may be made. */
void
crapette_window_update_stop (CrapetteWindow *self)
{
  gboolean called = crapette_view_get_rules (crapette_game_get_view (self->game))->mistakes ==
                    CRAPETTE_MISTAKES_CALLED;

  gtk_widget_set_visible (GTK_WIDGET (self->stop_button), called);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop",
                                 called && !crapette_table_is_looking_back (self->table) &&
                                 crapette_session_may_call (self->session,
                                                            crapette_session_get_caller (self->session)));
}

static void
action_stop (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (!crapette_session_call (self->session, crapette_session_get_caller (self->session), &error))
    crapette_window_show_toast (self, error->message);
}

/* After a call, the window says what the mistake was, in a toast and for screen readers. */
static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    CrapetteWindow     *self)
{
  g_autofree char *message = NULL;

  if (move->kind != CRAPETTE_MOVE_STOP)
    return;
  message = crapette_game_describe_last_call (game);
  if (message == NULL)
    return;
  crapette_window_show_toast_for (self, message, 6);
  crapette_window_announce (self, message);
}

/* Follows the game and the session so that the call is offered exactly when it may be made. */
void
crapette_window_init_stop (CrapetteWindow *self)
{
  static const char * const changes[] = {
    "notify::current-player", "notify::phase", "notify::move-number", "round-started",
  };

  for (guint i = 0; i < G_N_ELEMENTS (changes); i++)
    g_signal_connect_object (self->game, changes[i], G_CALLBACK (crapette_window_update_stop),
                             self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::computer-seat",
                           G_CALLBACK (crapette_window_update_stop), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "move-applied", G_CALLBACK (on_move_applied_cb), self, 0);
  crapette_window_update_stop (self);
}

/* Installs win.stop. */
void
crapette_window_class_init_stop (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.stop", NULL, action_stop);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, stop_button);
}
