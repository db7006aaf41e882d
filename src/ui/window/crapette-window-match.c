/* crapette-window-match.c: what the main window shows of the session's match: its score,
 * the end of each round, and the actions that deal the next round or the same deal again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Which match is played, saving it and the scores are the session's (crapette-session.c);
 * the window follows its signals.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-round-summary.h"
#include "crapette-window-private.h"

/* ---- The way on from a finished round -------------------------------------- */

/* Whether the match's last round is over and no other is dealt yet. */
static gboolean
round_is_over (CrapetteWindow *self)
{
  return self->match != NULL && !crapette_match_is_round_in_play (self->match) &&
         crapette_match_get_n_finished_rounds (self->match) > 0;
}

/* How the last round ended, or who won the match it ended, stays on the message line while no
 * other round is dealt, so that the table still says who won once the summary is closed, or
 * when it was never shown (a saved game whose last round is over, resumed). Screen readers
 * heard it as the round ended (crapette-window-status.c). The next round's deal clears it. */
static void
write_round_end (CrapetteWindow *self,
                 gboolean        over)
{
  CrapetteRoundResult result;
  g_autofree char *text = NULL;

  if (over && crapette_match_get_round_result (self->match,
                                               crapette_match_get_n_finished_rounds (self->match) - 1,
                                               &result))
    {
      text = crapette_match_is_finished (self->match) ?
             crapette_round_summary_describe_match_result (self->match) :
             crapette_window_describe_round_end (self, &result);
      crapette_window_write_message (self, text);
      self->round_end_written = TRUE;
    }
  else if (self->round_end_written)
    {
      crapette_window_write_message (self, "");
      self->round_end_written = FALSE;
    }
  /* Not dimmed as a move in words is, but in bold (style.css): it is the news. */
  if (self->round_end_written)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->announcement_label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->announcement_label), "round-end");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->announcement_label), "round-end");
      gtk_widget_add_css_class (GTK_WIDGET (self->announcement_label), "dim-label");
    }
}

/* A finished round always leads on, however its summary was closed (or when it was never
 * shown, as when a saved game whose last round is over is resumed): the header bar offers
 * the next round, or a new match against the same opponent when the match is over, and so
 * do the main menu and Ctrl+Enter. */
static void
update_way_on (CrapetteWindow *self)
{
  gboolean over = round_is_over (self);
  gboolean match_over = over && crapette_match_is_finished (self->match);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-round", over && !match_over);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.new-match", match_over);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->next_round_button),
                                  match_over ? "win.new-match" : "win.next-round");
  gtk_button_set_label (self->next_round_button,
                        match_over ? _("_New Match") : _("_Next Round"));
  gtk_widget_set_visible (GTK_WIDGET (self->next_round_button), over);
  write_round_end (self, over);
}

/* ---- The session's signals ------------------------------------------------- */

static void
on_round_finished_cb (CrapetteSession     *session,
                      guint                index,
                      CrapetteRoundResult *result,
                      CrapetteWindow      *self)
{
  crapette_window_update_status (self);
  if (self->show_round_results)
    crapette_window_show_round_result (self, index);
}

/* The window shows the session's match: its score follows the match's notifications. */
static void
show_match (CrapetteWindow *self,
            CrapetteMatch  *match)
{
  if (self->match == match)
    return;
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_set_object (&self->match, match);
  g_signal_connect_object (match, "notify::round-in-play", G_CALLBACK (update_way_on), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (match, "notify::finished", G_CALLBACK (update_way_on), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (match, "notify::south-score",
                           G_CALLBACK (crapette_window_update_status), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (match, "notify::north-score",
                           G_CALLBACK (crapette_window_update_status), self, G_CONNECT_SWAPPED);
}

static void
on_match_started_cb (CrapetteSession    *session,
                     CrapetteMatch      *match,
                     CrapetteMatchStart  how,
                     CrapetteWindow     *self)
{
  if (self->round_dialog != NULL)
    gtk_window_destroy (self->round_dialog);
  /* A game opened from a file is chosen: a welcome on its way would offer another. */
  if (how == CRAPETTE_MATCH_START_OPENED)
    crapette_window_dismiss_welcome (self);
  crapette_window_announce (self, "");
  crapette_window_cover_bare_table (self);
  show_match (self, match);
  update_way_on (self);
  crapette_window_update_status (self);
}

/* Follows the session: the match it starts, the rounds and matches it finishes. */
void
crapette_window_init_match (CrapetteWindow *self)
{
  g_signal_connect_object (self->session, "match-started", G_CALLBACK (on_match_started_cb),
                           self, 0);
  g_signal_connect_object (self->session, "round-finished", G_CALLBACK (on_round_finished_cb),
                           self, 0);
  g_signal_connect_object (self->session, "match-finished",
                           G_CALLBACK (crapette_window_update_status), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::computer-seat",
                           G_CALLBACK (crapette_window_update_status), self, G_CONNECT_SWAPPED);
}

/* ---- Actions --------------------------------------------------------------- */

static void
action_next_round (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  crapette_window_next_round (CRAPETTE_WINDOW (widget));
}

static void
action_new_match (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);

  if (self->match != NULL && crapette_match_is_finished (self->match))
    crapette_window_next_round (self);
}

static void
replay_deal (CrapetteWindow *self)
{
  if (crapette_session_replay_deal (self->session))
    crapette_window_update_status (self);
}

static void
on_replay_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       CrapetteWindow   *self)
{
  if (g_strcmp0 (response, "replay") == 0)
    replay_deal (self);
}

/* Replaying gives up every move of the round, and none can be taken back: with moves made,
 * the person is asked first, as New Game asks. */
static void
action_replay_deal (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);
  GtkWidget *dialog;

  if (self->match == NULL || !crapette_match_is_round_in_play (self->match))
    return;
  if (crapette_round_get_n_moves (crapette_game_get_round (self->game)) == 0)
    {
      replay_deal (self);
      return;
    }

  if (self->question_dialog != NULL)
    gtk_window_destroy (self->question_dialog);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Replay This Deal?"),
                                   _("The moves of this round will be given up, and it starts "
                                     "again from the same deal."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "replay", _("_Replay"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "replay",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_replay_response_cb), self, 0);
  g_set_weak_pointer (&self->question_dialog, GTK_WINDOW (dialog));
  crapette_window_watch_dialog (self, GTK_WINDOW (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Installs the actions that deal the match's rounds. */
void
crapette_window_class_init_match (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, next_round_button);
  gtk_widget_class_install_action (widget_class, "win.next-round", NULL, action_next_round);
  gtk_widget_class_install_action (widget_class, "win.new-match", NULL, action_new_match);
  gtk_widget_class_install_action (widget_class, "win.replay-deal", NULL, action_replay_deal);
}

/* ---- Public API ------------------------------------------------------------ */

/* Continues the saved match, or starts one as the preferences say (on the first launch,
 * after the welcome); from then on the match is saved after every move and the scores are
 * kept. */
void
crapette_window_resume (CrapetteWindow *self)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));

  if (crapette_session_resume (self->session))
    {
      crapette_window_net_resume (self);
      return;
    }
  /* On the first launch the newcomer chooses first; the game is dealt from the welcome. */
  if (crapette_window_welcome_is_due (self))
    {
      crapette_window_show_first_welcome (self);
      return;
    }
  crapette_session_new_match_from_settings (self->session);
}

/* Chooses who plays North in the next new game. */
void
crapette_window_set_opponent (CrapetteWindow   *self,
                              CrapetteOpponent  opponent)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));

  crapette_session_set_opponent (self->session, opponent);
}

/* Starts a new match of @variant whose first round is deal @deal_number. */
void
crapette_window_new_game (CrapetteWindow  *self,
                          CrapetteVariant  variant,
                          guint64          deal_number)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));

  crapette_session_new_match (self->session, variant, deal_number);
}

/* Whether a new game would give up something: a round in play with moves made. Once the
 * round is over its points are on the scoreboard, and nothing is lost. */
gboolean
crapette_window_round_in_progress (CrapetteWindow *self)
{
  return crapette_session_game_in_progress (self->session) && !round_is_over (self);
}

/* Deals the next round of the match, or starts a new match when it is over. */
void
crapette_window_next_round (CrapetteWindow *self)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));

  if (self->round_dialog != NULL)
    gtk_window_destroy (self->round_dialog);
  if (crapette_session_next_round (self->session))
    crapette_window_update_status (self);
}
