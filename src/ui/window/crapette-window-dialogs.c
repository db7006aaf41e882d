/* crapette-window-dialogs.c: the main window's dialogs: a new game, the end of a round, the
 * preferences and game files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-window-private.h"

#include "crapette-choice-row.h"
#include "crapette-preferences-window.h"
#include "crapette-round-summary.h"
#include "crapette-savegame.h"
#include "crapette-scores-window.h"

/* ---- The end of a round ---------------------------------------------------- */

static void
on_next_round_cb (CrapetteWindow *self)
{
  if (self->round_dialog != NULL)
    gtk_window_destroy (self->round_dialog);
  /* After the last round, this starts a new match. */
  crapette_session_next_round (self->session);
}

/* Shows how round @index ended, card by card, the match score, and "Next Round" or the
 * match result. */
void
crapette_window_show_round_result (CrapetteWindow *self,
                                   guint           index)
{
  CrapetteRoundSummary *summary;

  if (self->round_dialog != NULL)
    gtk_window_destroy (self->round_dialog);

  summary = crapette_round_summary_new (GTK_WINDOW (self), self->match, index);
  g_signal_connect_object (summary, "next-round", G_CALLBACK (on_next_round_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (summary, "new-match", G_CALLBACK (on_next_round_cb), self,
                           G_CONNECT_SWAPPED);
  g_set_weak_pointer (&self->round_dialog, GTK_WINDOW (summary));
  crapette_window_watch_dialog (self, GTK_WINDOW (summary));
  gtk_window_present (GTK_WINDOW (summary));
}

/* ---- Scores ---------------------------------------------------------------- */

static void
action_scores (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);
  GtkWindow *scores;

  if (self->settings == NULL)
    {
      crapette_window_show_toast (self, _("Scores are kept only when Crapette is installed"));
      return;
    }
  scores = GTK_WINDOW (crapette_scores_window_new (GTK_WINDOW (self), self->settings));
  crapette_window_watch_dialog (self, scores);
  gtk_window_present (scores);
}

/* ---- A new game ------------------------------------------------------------ */

/* Starts a game of the choices in @variant_row and @opponent_row (made by
 * crapette_window_new_choice_rows()), and remembers both for the next new game and the next
 * start. A friend on another machine is not remembered as the opponent: the game chosen is,
 * and the way to meet the friend opens (crapette-window-friend.c). */
void
crapette_window_start_chosen_game (CrapetteWindow *self,
                                   GtkWidget      *variant_row,
                                   GtkWidget      *opponent_row)
{
  guint variant = adw_combo_row_get_selected (ADW_COMBO_ROW (variant_row));
  guint opponent = adw_combo_row_get_selected (ADW_COMBO_ROW (opponent_row));

  if (opponent == CRAPETTE_WINDOW_FRIEND_NEARBY || opponent == CRAPETTE_WINDOW_FRIEND_INTERNET)
    {
      crapette_window_play_friend (self, MIN (variant, CRAPETTE_N_VARIANTS - 1),
                                   opponent == CRAPETTE_WINDOW_FRIEND_INTERNET);
      return;
    }
  crapette_session_start_chosen (self->session, MIN (variant, CRAPETTE_N_VARIANTS - 1),
                                 MIN (opponent, CRAPETTE_N_OPPONENTS - 1));
}

static void
on_new_game_response_cb (AdwMessageDialog *dialog,
                         const char       *response,
                         CrapetteWindow   *self)
{
  GtkWidget *mistakes_row = g_object_get_data (G_OBJECT (dialog), "mistakes-row");

  if (g_strcmp0 (response, "deal") != 0)
    return;
  /* The rules are read from the settings when the match is dealt. */
  if (self->settings != NULL)
    g_settings_set_enum (self->settings, "mistakes",
                         MIN (adw_combo_row_get_selected (ADW_COMBO_ROW (mistakes_row)),
                              CRAPETTE_MISTAKES_CALLED));
  crapette_window_start_chosen_game (self, g_object_get_data (G_OBJECT (dialog), "variant-row"),
                                     g_object_get_data (G_OBJECT (dialog), "opponent-row"));
}

/* A row offering @model's names, where the place of a name is the value of an enum. */
static GtkWidget *
new_combo_row (const char    *title,
               GtkStringList *model,
               guint          selected)
{
  GtkWidget *row = adw_combo_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), selected);
  crapette_choice_row_show_whole_choices (ADW_COMBO_ROW (row));
  return row;
}

/* Makes the two rows a new game is chosen with: the game and the opponent, each listing the
 * engine's names in the order of the enum's values, set to what the settings last chose. The
 * opponents end with a friend on this network and a friend over the internet
 * (CRAPETTE_WINDOW_FRIEND_NEARBY and _INTERNET), which are the window's, not the engine's. */
void
crapette_window_new_choice_rows (CrapetteWindow  *self,
                                 GtkWidget      **variant_row,
                                 GtkWidget      **opponent_row)
{
  g_autoptr(GtkStringList) variants = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) opponents = gtk_string_list_new (NULL);
  guint variant = crapette_game_get_variant (self->game);
  guint opponent = crapette_session_get_opponent (self->session);

  for (CrapetteVariant v = 0; v < CRAPETTE_N_VARIANTS; v++)
    gtk_string_list_append (variants, crapette_variant_name (v));
  for (CrapetteOpponent o = 0; o < CRAPETTE_N_OPPONENTS; o++)
    gtk_string_list_append (opponents, crapette_opponent_name (o));
  gtk_string_list_append (opponents, _("A friend on this network"));
  gtk_string_list_append (opponents, _("A friend over the internet"));

  if (self->settings != NULL)
    {
      variant = (guint) g_settings_get_enum (self->settings, "variant");
      opponent = (guint) g_settings_get_enum (self->settings, "opponent");
    }
  *variant_row = new_combo_row (_("_Game"), variants, MIN (variant, CRAPETTE_N_VARIANTS - 1));
  *opponent_row = new_combo_row (_("_Opponent"), opponents,
                                 MIN (opponent, CRAPETTE_N_OPPONENTS - 1));
}

static void
action_new_game (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);
  CrapetteNetPeer *peer = crapette_window_net_get_peer (self);
  GtkWidget *dialog, *group, *variant_row, *opponent_row, *mistakes_row;
  g_autoptr(GtkStringList) mistakes = gtk_string_list_new (NULL);

  crapette_window_new_choice_rows (self, &variant_row, &opponent_row);
  /* In the order of CrapetteMistakes, as in Preferences. */
  gtk_string_list_append (mistakes, _("Prevented"));
  gtk_string_list_append (mistakes, _("Called (Stop!)"));
  mistakes_row = new_combo_row (_("_Mistakes"), mistakes,
                                self->settings != NULL
                                  ? (guint) g_settings_get_enum (self->settings, "mistakes")
                                  : crapette_view_get_rules (crapette_game_get_view (self->game))->mistakes);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("New Game"), NULL);
  if (peer != NULL && crapette_net_peer_get_peer_name (peer) != NULL &&
      crapette_net_peer_get_state (peer) < CRAPETTE_NET_PEER_ENDED)
    {
      const char *friend = crapette_net_peer_get_peer_name (peer);

      /* TRANSLATORS: %s is the friend's name, as they chose it */
      adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                      _("The match with %s ends here, and %s is told you left."),
                                      friend, friend);
    }
  else if (crapette_window_round_in_progress (self))
    adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog),
                                 _("The game in progress will be given up."));
  group = adw_preferences_group_new ();
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), variant_row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), opponent_row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), mistakes_row);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), group);
  g_object_set_data (G_OBJECT (dialog), "variant-row", variant_row);
  g_object_set_data (G_OBJECT (dialog), "mistakes-row", mistakes_row);
  g_object_set_data (G_OBJECT (dialog), "opponent-row", opponent_row);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "deal", _("_Deal"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "deal",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "deal");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  /* Room for the title of a row beside its longest choice ("Opponent  Two people at one
   * screen"), which the message dialog's narrow default width runs together. */
  gtk_window_set_default_size (GTK_WINDOW (dialog), 480, -1);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_new_game_response_cb), self, 0);
  crapette_window_watch_dialog (self, GTK_WINDOW (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- Preferences ----------------------------------------------------------- */

static void
on_abandon_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        CrapetteWindow   *self)
{
  if (g_strcmp0 (response, "new") == 0)
    crapette_session_new_match_from_settings (self->session);
}

/* The game, the opponent and the rules of a match stay as they were dealt: a
 * change applies from the next new game, which the person may start now. */
static gboolean
on_preferences_close_request_cb (GtkWindow      *preferences,
                                 CrapetteWindow *self)
{
  GtkWidget *dialog;

  if (!crapette_session_settings_differ (self->session))
    return FALSE;
  if (!crapette_session_game_in_progress (self->session))
    {
      crapette_session_new_match_from_settings (self->session);
      return FALSE;
    }

  if (self->question_dialog != NULL)
    gtk_window_destroy (self->question_dialog);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Start a New Game?"),
                                   _("The changed game, opponent or rules apply from the next "
                                     "new game. You can start one now and give up the game in "
                                     "progress, or keep playing it."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "keep", _("_Keep Playing"),
                                    "new", _("_New Game"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "new",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_abandon_response_cb), self, 0);
  g_set_weak_pointer (&self->question_dialog, GTK_WINDOW (dialog));
  crapette_window_watch_dialog (self, GTK_WINDOW (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
  return FALSE;
}

static void
action_preferences (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);
  CrapettePreferencesWindow *preferences;

  preferences = crapette_preferences_window_new (GTK_WINDOW (self), self->settings);
  g_signal_connect_object (preferences, "close-request",
                           G_CALLBACK (on_preferences_close_request_cb), self, 0);
  crapette_window_watch_dialog (self, GTK_WINDOW (preferences));
  gtk_window_present (GTK_WINDOW (preferences));
}

/* ---- Game files ------------------------------------------------------------ */

static void
add_record_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) records = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (records, _("Crapette games"));
  gtk_file_filter_add_pattern (records, "*.crapette");
  gtk_file_filter_add_mime_type (records, "application/x-crapette-match");
  gtk_file_chooser_add_filter (chooser, records);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, all);
}

static void
forget_file_chooser (CrapetteWindow *self)
{
  if (self->file_chooser == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->file_chooser, self);
  gtk_native_dialog_destroy (self->file_chooser);
  g_clear_object (&self->file_chooser);
}

static GFile *
take_chosen_file (CrapetteWindow *self,
                  int             response)
{
  GFile *file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (self->file_chooser));
  forget_file_chooser (self);
  return file;
}

static void
on_save_as_response_cb (GtkNativeDialog *chooser,
                        int              response,
                        CrapetteWindow  *self)
{
  g_autoptr(GFile) file = take_chosen_file (self, response);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  if (file == NULL || self->match == NULL)
    return;
  path = g_file_get_path (file);
  if (path == NULL)
    {
      crapette_window_show_toast (self, _("Games can only be saved in a local folder"));
      return;
    }
  if (!crapette_save_record (self->match, path, &error))
    {
      crapette_window_show_toast (self, error->message);
      return;
    }
  {
    g_autofree char *name = g_file_get_basename (file);
    g_autofree char *message = g_strdup_printf (_("Game saved as “%s”"), name);

    crapette_window_show_toast (self, message);
  }
}

/* The name offered for a saved game: the game and today's date, "Russian Bank 2026-12-01". */
static char *
suggested_file_name (CrapetteWindow *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  CrapetteVariant variant = crapette_game_get_variant (self->game);

  /* TRANSLATORS: the file name offered for a saved game: the game's name, then the date
   * (such as 2026-12-01); keep the .crapette ending */
  return g_strdup_printf (_("%s %s.crapette"), crapette_variant_name (variant), date);
}

/* Where Save As starts: the person's documents folder, or their home folder without one. */
static GFile *
save_folder (void)
{
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

  if (documents != NULL && g_file_test (documents, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (documents);
  return g_file_new_for_path (g_get_home_dir ());
}

static void
action_save_as (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);
  g_autofree char *name = suggested_file_name (self);
  g_autoptr(GFile) folder = save_folder ();

  forget_file_chooser (self);
  self->file_chooser = GTK_NATIVE_DIALOG (
    gtk_file_chooser_native_new (_("Save Game"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel")));
  add_record_filters (GTK_FILE_CHOOSER (self->file_chooser));
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->file_chooser), folder, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->file_chooser), name);
  gtk_native_dialog_set_modal (self->file_chooser, TRUE);
  g_signal_connect (self->file_chooser, "response", G_CALLBACK (on_save_as_response_cb), self);
  gtk_native_dialog_show (self->file_chooser);
}

/* Reads the game record in @file and plays on from it; %FALSE, with @error set, if it cannot. */
gboolean
crapette_window_open_file (CrapetteWindow  *self,
                           GFile           *file,
                           GError         **error)
{
  gboolean opened;

  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  /* The record's round reaches the table before the session seats the record's players:
   * the computer waits, rather than start thinking about it as the player it replaces. */
  crapette_computer_turn_cancel (self->computer);
  opened = crapette_session_open_file (self->session, file, error);
  crapette_computer_turn_resume (self->computer);
  return opened;
}

static void
on_open_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     CrapetteWindow  *self)
{
  g_autoptr(GFile) file = take_chosen_file (self, response);

  if (file != NULL)
    crapette_window_open_file_or_explain (self, file);
}

static void
action_open (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);

  forget_file_chooser (self);
  self->file_chooser = GTK_NATIVE_DIALOG (
    gtk_file_chooser_native_new (_("Open Game"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel")));
  add_record_filters (GTK_FILE_CHOOSER (self->file_chooser));
  gtk_native_dialog_set_modal (self->file_chooser, TRUE);
  g_signal_connect (self->file_chooser, "response", G_CALLBACK (on_open_response_cb), self);
  gtk_native_dialog_show (self->file_chooser);
}

/* ---- Set-up ---------------------------------------------------------------- */

/* Installs the actions that open the window's dialogs. */
void
crapette_window_class_init_dialogs (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, action_new_game);
  gtk_widget_class_install_action (widget_class, "win.preferences", NULL, action_preferences);
  gtk_widget_class_install_action (widget_class, "win.scores", NULL, action_scores);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, action_save_as);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, action_open);
}

/* Closes every dialog the window has open. */
void
crapette_window_dispose_dialogs (CrapetteWindow *self)
{
  if (self->round_dialog != NULL)
    gtk_window_destroy (self->round_dialog);
  if (self->question_dialog != NULL)
    gtk_window_destroy (self->question_dialog);
  if (self->welcome != NULL)
    gtk_window_destroy (GTK_WINDOW (self->welcome));
  g_clear_weak_pointer (&self->round_dialog);
  g_clear_weak_pointer (&self->question_dialog);
  g_clear_weak_pointer (&self->welcome);
  forget_file_chooser (self);
}

/* Returns the question the window asks on show (give up the game in progress?), or %NULL. */
GtkWindow *
crapette_window_get_question (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->question_dialog;
}
