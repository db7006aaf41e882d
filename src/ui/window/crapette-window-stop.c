/* crapette-window-stop.c: the "Stop!" button and key, and what a call says
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With mistakes called (docs/rules.md, "Stop!") the person may call the other player's
 * mistake with the header bar's Stop! button or the S key. The button is offered whenever a
 * call may be made at all (crapette_session_may_call()), mistake or not, so that it never
 * gives a mistake away; the session judges the call. Whoever calls, the window says what
 * was missed in words, how many moves went back and whose turn it is now, and the table
 * flies the cards taken back to where they came from.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

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

/* What the call just made did, in three parts: what was missed, how many moves went back
 * (the call is the round's last move, so they are the moves from the mistake up to it), and
 * whose turn it is now; %NULL if the last move is no call. */
static char *
describe_call (CrapetteWindow *self)
{
  const CrapetteRound *round = crapette_game_get_round (self->game);
  CrapetteSeat to_move = crapette_game_get_current_player (self->game);
  g_autofree char *mistake = crapette_game_describe_last_call (self->game);
  g_autofree char *taken_back = NULL;
  g_autofree char *next = NULL;
  CrapetteBreach breach;
  guint n_taken_back;

  if (mistake == NULL || !crapette_round_get_last_call (round, &breach))
    return NULL;
  n_taken_back = crapette_round_get_n_moves (round) - 1 - breach.move_index;
  taken_back = g_strdup_printf (ngettext ("%u move is taken back: the mistake.",
                                          "%u moves are taken back, from the mistake on.",
                                          n_taken_back),
                                n_taken_back);
  next = crapette_window_describe_to_play (self, to_move);
  /* TRANSLATORS: what a call of "Stop!" did: the mistake called ("Stop! North did not play
   * the 2♣ to a foundation"), the moves taken back ("3 moves are taken back, from the
   * mistake on.") and whose turn it is now ("Your turn" or "North to play"). */
  return g_strdup_printf (_("%1$s. %2$s %3$s."), mistake, taken_back, next);
}

/* After a call, the window says what the mistake was, which moves went back and who plays
 * now, in a toast and for screen readers. */
static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    CrapetteWindow     *self)
{
  g_autofree char *message = NULL;

  if (move->kind != CRAPETTE_MOVE_STOP)
    return;
  message = describe_call (self);
  if (message == NULL)
    return;
  crapette_window_show_toast_for (self, message, 6);
  crapette_window_announce (self, message);
}

/* A call on the friend's mistake while the friend is to move has gone to the friend's
 * table (docs/network.md, "Moves and "Stop!""): this table waits for it, and says so. */
static void
on_call_relayed_cb (CrapetteSession *session,
                    CrapetteSeat     caller,
                    CrapetteWindow  *self)
{
  const char *message = _("Stop! called: the other table takes the moves back, and this one "
                          "waits for it");

  crapette_window_update_stop (self);
  crapette_window_update_status (self);
  crapette_window_show_toast_for (self, message, 4);
  crapette_window_announce (self, message);
}

/* The call is back: played (the game's "move-applied" says what it took back), or too
 * late, the round having ended on the friend's table first. */
static void
on_call_answered_cb (CrapetteSession *session,
                     gboolean         stopped,
                     CrapetteWindow  *self)
{
  crapette_window_update_stop (self);
  crapette_window_update_status (self);
  if (!stopped)
    {
      const char *message = _("The round was over on the other table before your “Stop!” "
                              "reached it: nothing is taken back");

      crapette_window_show_toast_for (self, message, 6);
      crapette_window_announce (self, message);
    }
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
  g_signal_connect_object (self->session, "call-relayed", G_CALLBACK (on_call_relayed_cb), self, 0);
  g_signal_connect_object (self->session, "call-answered", G_CALLBACK (on_call_answered_cb),
                           self, 0);
  crapette_window_update_stop (self);
}

/* Installs win.stop. */
void
crapette_window_class_init_stop (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.stop", NULL, action_stop);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, stop_button);
}
