/* crapette-window-match.c: the match the main window plays: starting it as the preferences
 * say, resuming and saving it, and feeding the scoreboard
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-window-private.h"

#include "crapette-savegame.h"

/* Deal numbers small enough to read out or type in when sharing a deal. */
#define MAX_DEAL_NUMBER 1000000

guint64
crapette_window_fresh_deal_number (void)
{
  return (guint64) g_random_int_range (1, MAX_DEAL_NUMBER);
}

/* ---- The match's signals --------------------------------------------------- */

static void
on_match_round_finished_cb (CrapetteMatch       *match,
                            guint                index,
                            CrapetteRoundResult *result,
                            CrapetteWindow      *self)
{
  if (self->scoreboard != NULL)
    crapette_scoreboard_add_round (self->scoreboard, match, result);
  crapette_window_save (self);
  crapette_window_update_status (self);
  if (self->show_round_results)
    crapette_window_show_round_result (self, index);
}

static void
on_match_finished_cb (CrapetteMatch  *match,
                      guint           winner,
                      CrapetteWindow *self)
{
  if (self->scoreboard != NULL)
    crapette_scoreboard_add_match (self->scoreboard, match);
  crapette_window_update_status (self);
}

static void
seat_the_computer (CrapetteWindow *self)
{
  const char *level = crapette_opponent_player_kind (crapette_match_get_opponent (self->match));
  g_autoptr(GError) error = NULL;

  crapette_window_announce (self, "");
  if (!crapette_computer_turn_set_player (self->computer,
                                          level != NULL ? CRAPETTE_NORTH : CRAPETTE_NO_SEAT,
                                          level, g_random_int (), &error))
    {
      crapette_window_show_toast (self, error->message);
      crapette_computer_turn_set_player (self->computer, CRAPETTE_NO_SEAT, NULL, 0, NULL);
    }
}

/* Puts @match (which has dealt or loaded its round into the game) in the window's hands. */
void
crapette_window_adopt_match (CrapetteWindow *self,
                             CrapetteMatch  *match)
{
  g_assert (crapette_match_get_game (match) == self->game);

  g_cancellable_cancel (self->hint_cancellable);
  if (self->round_dialog != NULL)
    gtk_window_destroy (self->round_dialog);
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_set_object (&self->match, match);

  g_signal_connect_object (match, "round-finished", G_CALLBACK (on_match_round_finished_cb),
                           self, 0);
  g_signal_connect_object (match, "match-finished", G_CALLBACK (on_match_finished_cb), self, 0);
  g_signal_connect_object (match, "notify::south-score",
                           G_CALLBACK (crapette_window_update_status), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (match, "notify::north-score",
                           G_CALLBACK (crapette_window_update_status), self, G_CONNECT_SWAPPED);

  seat_the_computer (self);
  crapette_window_update_status (self);
}

/* ---- The preferences a match starts with ----------------------------------- */

/* The game chosen in the preferences; Russian Bank when nothing is remembered. */
CrapetteVariant
crapette_window_chosen_variant (CrapetteWindow *self)
{
  return self->settings != NULL && g_settings_get_enum (self->settings, "variant") == 1
         ? CRAPETTE_VARIANT_AMERICAN : CRAPETTE_VARIANT_RUSSIAN;
}

static void
read_rules (CrapetteWindow *self,
            CrapetteRules  *rules)
{
  if (self->settings != NULL)
    crapette_rules_init_from_settings (rules, self->settings);
  else
    crapette_rules_init_default (rules);
}

static guint
read_match_length (CrapetteWindow  *self,
                   CrapetteVariant  variant)
{
  guint length = variant == CRAPETTE_VARIANT_AMERICAN ? 3 : 300;

  if (self->settings != NULL)
    {
      guint chosen = (guint) g_settings_get_enum (self->settings,
                                                  variant == CRAPETTE_VARIANT_AMERICAN
                                                  ? "american-match-length"
                                                  : "russian-match-target");

      if (crapette_match_length_is_valid (variant, chosen))
        length = chosen;
    }
  return length;
}

static char *
read_name (CrapetteWindow *self,
           const char     *key)
{
  return self->settings != NULL ? g_settings_get_string (self->settings, key) : g_strdup ("");
}

/* Whether the match in play was started with other preferences than those set now. */
gboolean
crapette_window_settings_differ (CrapetteWindow *self)
{
  CrapetteRules rules;
  const CrapetteRules *played;
  CrapetteVariant variant;

  if (self->settings == NULL || self->match == NULL)
    return FALSE;

  if (g_settings_get_enum (self->settings, "opponent") !=
      (int) crapette_match_get_opponent (self->match))
    return TRUE;

  variant = crapette_window_chosen_variant (self);
  read_rules (self, &rules);
  played = crapette_match_get_rules (self->match);
  return variant != crapette_match_get_variant (self->match) ||
         read_match_length (self, variant) != crapette_match_get_length (self->match) ||
         rules.reserve_size != played->reserve_size ||
         rules.first_player != played->first_player ||
         rules.idle_turn_limit != played->idle_turn_limit;
}

/* Whether a person would lose something if the match in play were dropped now. */
gboolean
crapette_window_game_in_progress (CrapetteWindow *self)
{
  return self->match != NULL && !crapette_match_is_finished (self->match) &&
         crapette_match_count_moves (self->match) > 0;
}

/* ---- Starting a match ------------------------------------------------------ */

static void
start_match (CrapetteWindow   *self,
             CrapetteVariant   variant,
             CrapetteOpponent  opponent,
             guint64           seed)
{
  g_autoptr(CrapetteMatch) match = NULL;
  g_autofree char *south_name = read_name (self, "south-name");
  g_autofree char *north_name = read_name (self, "north-name");
  CrapetteRules rules;

  read_rules (self, &rules);
  match = crapette_match_new (self->game, variant, &rules, read_match_length (self, variant),
                              seed);
  crapette_match_set_players (match, opponent, south_name, north_name);

  /* The computer waits until the new round is on the table rather than
   * starting to think about the old one. */
  crapette_computer_turn_cancel (self->computer);
  crapette_window_adopt_match (self, match);
  crapette_match_deal_next_round (match);
  crapette_computer_turn_resume (self->computer);
  crapette_window_save (self);
  crapette_window_update_status (self);
}

/* Starts a new match of the game and against the opponent chosen in the preferences. */
void
crapette_window_new_game_from_settings (CrapetteWindow *self)
{
  if (self->settings != NULL)
    self->opponent = (CrapetteOpponent) g_settings_get_enum (self->settings, "opponent");
  start_match (self, crapette_window_chosen_variant (self), self->opponent,
               crapette_window_fresh_deal_number ());
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
replay_deal (CrapetteWindow *self)
{
  if (self->match == NULL || !crapette_match_is_round_in_play (self->match))
    return;
  crapette_match_replay_round (self->match);
  crapette_window_save (self);
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
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Installs the actions that deal the match's rounds. */
void
crapette_window_class_init_match (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.next-round", NULL, action_next_round);
  gtk_widget_class_install_action (widget_class, "win.replay-deal", NULL, action_replay_deal);
}

/* ---- Public API ------------------------------------------------------------ */

/* Continues the saved match, or starts one as the preferences say; from then on the match is
 * saved after every move and the scores are kept. */
void
crapette_window_resume (CrapetteWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteMatch) match = NULL;
  g_autofree char *kept_as = NULL;

  g_return_if_fail (CRAPETTE_IS_WINDOW (self));

  self->keeps_session = TRUE;
  if (self->settings != NULL && self->scoreboard == NULL)
    self->scoreboard = crapette_scoreboard_new (self->settings);

  /* The lock first: the save read must be the one this window goes on writing. */
  crapette_window_start_saving (self);
  match = crapette_savegame_load (self->game, &kept_as, &error);
  if (error != NULL)
    crapette_window_show_toast (self, error->message);

  /* A match that has ended has nothing left to resume. */
  if (match != NULL && !crapette_match_is_finished (match))
    {
      self->opponent = crapette_match_get_opponent (match);
      crapette_window_adopt_match (self, match);
      return;
    }
  /* On the first launch the newcomer chooses first; the game is dealt from the welcome. */
  if (crapette_window_welcome_is_due (self))
    {
      crapette_window_show_welcome (self);
      return;
    }
  crapette_window_new_game_from_settings (self);
}

/* Chooses who plays North in the next new game. */
void
crapette_window_set_opponent (CrapetteWindow   *self,
                              CrapetteOpponent  opponent)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));
  g_return_if_fail (opponent < CRAPETTE_N_OPPONENTS);

  self->opponent = opponent;
}

/* Starts a new match of @variant whose first round is deal @deal_number. */
void
crapette_window_new_game (CrapetteWindow  *self,
                          CrapetteVariant  variant,
                          guint64          deal_number)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));
  g_return_if_fail (variant < CRAPETTE_N_VARIANTS);

  start_match (self, variant, self->opponent, deal_number);
}

/* Deals the next round of the match, or starts a new match when it is over. */
void
crapette_window_next_round (CrapetteWindow *self)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));

  if (self->round_dialog != NULL)
    gtk_window_destroy (self->round_dialog);

  if (self->match == NULL || crapette_match_is_finished (self->match))
    {
      start_match (self, crapette_game_get_variant (self->game), self->opponent,
                   crapette_window_fresh_deal_number ());
      return;
    }
  /* Nothing happens while the round is still being played. */
  if (crapette_match_deal_next_round (self->match))
    {
      crapette_window_save (self);
      crapette_window_update_status (self);
    }
}
