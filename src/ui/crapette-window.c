/* crapette-window.c: the main window, with its header bar, the table and whose turn it is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-window.h"

#include "crapette-card-theme.h"
#include "crapette-locale.h"

/* Deal numbers small enough to read out or type in when sharing a deal. */
#define MAX_DEAL_NUMBER 1000000

struct _CrapetteWindow
{
  AdwApplicationWindow parent_instance;

  AdwToastOverlay *toast_overlay;
  AdwWindowTitle *window_title;
  GtkLabel *north_label;
  GtkLabel *south_label;
  CrapetteTable *table;

  CrapetteGame *game;
  CrapetteCardTheme *theme;
  GSettings *settings;
  AdwToast *last_toast;
  GtkWindow *round_dialog;

  CrapetteVariant variant;
  guint round_index;
  gboolean show_round_results;
};

G_DEFINE_FINAL_TYPE (CrapetteWindow, crapette_window, ADW_TYPE_APPLICATION_WINDOW)

static const char *
seat_name (CrapetteSeat seat)
{
  return seat == CRAPETTE_SOUTH ? _("South") : _("North");
}

static const char *
variant_name (CrapetteVariant variant)
{
  return variant == CRAPETTE_VARIANT_AMERICAN ? _("American Bank") : _("Russian Bank");
}

static guint64
fresh_deal_number (void)
{
  return (guint64) g_random_int_range (1, MAX_DEAL_NUMBER);
}

/* ---- Status ---------------------------------------------------------------- */

static guint
completed_sequences (const CrapettePosition *view)
{
  guint completed = 0;

  for (guint i = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
    completed += view->piles[crapette_pile_foundation (i)].count > 0;
  return completed;
}

static void
update_seat_label (CrapetteWindow *self,
                   CrapetteSeat    seat,
                   GtkLabel       *label)
{
  guint left = crapette_game_get_cards_left (self->game, seat);
  gboolean to_play = crapette_game_get_phase (self->game) == CRAPETTE_OUTCOME_PLAYING &&
                     crapette_game_get_current_player (self->game) == seat;
  g_autofree char *western_count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card left",
                                                                 "%u cards left", left), left);
  /* Numbers are shown in the digits of the player's language (Persian ۰–۹). */
  g_autofree char *count = crapette_locale_localize_digits (western_count);
  g_autofree char *text = NULL;

  if (to_play)
    {
      g_autofree char *who = g_strdup_printf (_("%s to play"), seat_name (seat));

      /* TRANSLATORS: a player's status line: "South to play — 37 cards left" */
      text = g_strdup_printf (_("▶ %s — %s"), who, count);
      gtk_widget_add_css_class (GTK_WIDGET (label), "current");
    }
  else
    {
      /* TRANSLATORS: a player's status line: "North — 35 cards left" */
      text = g_strdup_printf (_("%s — %s"), seat_name (seat), count);
      gtk_widget_remove_css_class (GTK_WIDGET (label), "current");
    }
  gtk_label_set_label (label, text);
}

static void
update_status (CrapetteWindow *self)
{
  const CrapettePosition *view = crapette_game_get_view (self->game);
  g_autofree char *subtitle = NULL;

  update_seat_label (self, CRAPETTE_NORTH, self->north_label);
  update_seat_label (self, CRAPETTE_SOUTH, self->south_label);

  if (crapette_game_get_phase (self->game) != CRAPETTE_OUTCOME_PLAYING)
    subtitle = g_strdup (_("The round is over"));
  else
    subtitle = g_strdup_printf (_("%s to play"),
                                seat_name (crapette_game_get_current_player (self->game)));

  if (view->variant == CRAPETTE_VARIANT_AMERICAN)
    {
      guint completed = completed_sequences (view);
      g_autofree char *sequences = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                 "%u completed sequence",
                                                                 "%u completed sequences",
                                                                 completed), completed);
      g_autofree char *localized = crapette_locale_localize_digits (sequences);
      g_autofree char *both = g_strdup_printf ("%s · %s", subtitle, localized);

      g_free (subtitle);
      subtitle = g_steal_pointer (&both);
    }

  adw_window_title_set_title (self->window_title, variant_name (view->variant));
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

static void
on_game_changed_cb (CrapetteWindow *self)
{
  update_status (self);
}

/* ---- Messages and the end of a round -------------------------------------- */

static void
on_refused_cb (CrapetteTable  *table,
               const char     *message,
               CrapetteWindow *self)
{
  AdwToast *toast;

  /* A new refusal replaces the last one rather than queueing behind it. */
  if (self->last_toast != NULL)
    adw_toast_dismiss (self->last_toast);

  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 4);
  g_set_weak_pointer (&self->last_toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static char *
describe_result (CrapetteWindow            *self,
                 const CrapetteRoundResult *result)
{
  GString *text = g_string_new (NULL);
  g_autofree char *western = NULL;

  if (result->block_reason == CRAPETTE_BLOCK_REPETITION)
    g_string_append (text, _("The same position came up for the third time."));
  else if (result->block_reason == CRAPETTE_BLOCK_PASSES)
    g_string_append (text, _("Neither player could move."));
  else if (result->block_reason == CRAPETTE_BLOCK_IDLE_TURNS)
    g_string_append (text, _("Too many turns went by without either player "
                             "getting rid of a card."));

  if (result->winner != CRAPETTE_NO_SEAT)
    {
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append_printf (text,
                              g_dngettext (GETTEXT_PACKAGE, "%s scores %u point.",
                                           "%s scores %u points.", result->points),
                              seat_name (result->winner), result->points);
    }
  else
    {
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, _("Nobody scores."));
    }

  g_string_append_c (text, '\n');
  g_string_append_printf (text, _("Cards left: South %u, North %u."),
                          result->counts[CRAPETTE_SOUTH], result->counts[CRAPETTE_NORTH]);
  western = g_string_free (text, FALSE);
  /* The scores and counts are read in the digits of the player's language (Persian ۰–۹). */
  return crapette_locale_localize_digits (western);
}

static void
on_round_dialog_response_cb (AdwMessageDialog *dialog,
                             const char       *response,
                             CrapetteWindow   *self)
{
  if (g_strcmp0 (response, "next") == 0)
    crapette_window_next_round (self);
}

static void
on_round_finished_cb (CrapetteGame        *game,
                      CrapetteRoundResult *result,
                      CrapetteWindow      *self)
{
  g_autofree char *body = NULL;
  const char *heading;
  GtkWidget *dialog;

  update_status (self);
  if (!self->show_round_results)
    return;

  if (result->outcome == CRAPETTE_OUTCOME_WON)
    heading = result->winner == CRAPETTE_SOUTH ? _("South wins the round")
                                                : _("North wins the round");
  else
    heading = _("The round is blocked");
  body = describe_result (self, result);

  if (self->round_dialog != NULL)
    gtk_window_destroy (self->round_dialog);

  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "close", _("_Close"),
                                    "next", _("_Next Round"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "next",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "next");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_round_dialog_response_cb),
                           self, 0);
  g_set_weak_pointer (&self->round_dialog, GTK_WINDOW (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- Actions --------------------------------------------------------------- */

static void
on_new_game_response_cb (AdwMessageDialog *dialog,
                         const char       *response,
                         CrapetteWindow   *self)
{
  if (g_strcmp0 (response, "russian") == 0)
    crapette_window_new_game (self, CRAPETTE_VARIANT_RUSSIAN, fresh_deal_number ());
  else if (g_strcmp0 (response, "american") == 0)
    crapette_window_new_game (self, CRAPETTE_VARIANT_AMERICAN, fresh_deal_number ());
}

static void
action_new_game (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("New Game"),
                                   _("Which game would you like to play?"));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "american", _("_American Bank"),
                                    "russian", _("_Russian Bank"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog),
                                              self->variant == CRAPETTE_VARIANT_AMERICAN
                                              ? "american" : "russian",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog),
                                           self->variant == CRAPETTE_VARIANT_AMERICAN
                                           ? "american" : "russian");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_new_game_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_turn_card (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  gtk_widget_activate_action (GTK_WIDGET (CRAPETTE_WINDOW (widget)->table), "table.turn-card",
                              NULL);
}

static void
action_next_round (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  crapette_window_next_round (CRAPETTE_WINDOW (widget));
}

/* ---- Window size ----------------------------------------------------------- */

static GSettings *
settings_if_installed (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, SETTINGS_SCHEMA_ID, TRUE);
  /* Without the schema (an uninstalled run) nothing is remembered, but all works. */
  return schema != NULL ? g_settings_new (SETTINGS_SCHEMA_ID) : NULL;
}

static gboolean
crapette_window_close_request (GtkWindow *window)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (window);

  if (self->settings != NULL)
    {
      int width, height;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_delay (self->settings);
      g_settings_set_boolean (self->settings, "window-maximized",
                              gtk_window_is_maximized (window));
      if (!gtk_window_is_maximized (window))
        {
          g_settings_set_int (self->settings, "window-width", CLAMP (width, 600, 10000));
          g_settings_set_int (self->settings, "window-height", CLAMP (height, 500, 10000));
        }
      g_settings_apply (self->settings);
    }

  return GTK_WINDOW_CLASS (crapette_window_parent_class)->close_request (window);
}

/* ---- GObject --------------------------------------------------------------- */

static void
crapette_window_dispose (GObject *object)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (object);

  if (self->round_dialog != NULL)
    gtk_window_destroy (self->round_dialog);
  g_clear_weak_pointer (&self->round_dialog);
  g_clear_weak_pointer (&self->last_toast);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);

  gtk_widget_dispose_template (GTK_WIDGET (self), CRAPETTE_TYPE_WINDOW);

  g_clear_object (&self->game);
  g_clear_object (&self->theme);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (crapette_window_parent_class)->dispose (object);
}

static void
crapette_window_class_init (CrapetteWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = crapette_window_dispose;
  window_class->close_request = crapette_window_close_request;

  g_type_ensure (CRAPETTE_TYPE_TABLE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/crapette/Crapette/crapette-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, north_label);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, south_label);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, table);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, action_new_game);
  gtk_widget_class_install_action (widget_class, "win.turn-card", NULL, action_turn_card);
  gtk_widget_class_install_action (widget_class, "win.next-round", NULL, action_next_round);
}

static void
crapette_window_init (CrapetteWindow *self)
{
  static const char * const game_properties[] = {
    "notify::current-player", "notify::phase", "notify::south-cards-left",
    "notify::north-cards-left", "notify::variant", "round-started", "move-applied",
  };

  gtk_widget_init_template (GTK_WIDGET (self));

  self->show_round_results = TRUE;
  self->game = crapette_game_new ();
  self->theme = crapette_card_theme_new ();
  self->settings = settings_if_installed ();

  if (self->settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (self->settings, "window-width"),
                                   g_settings_get_int (self->settings, "window-height"));
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      g_settings_bind (self->settings, "four-colour-deck", self->theme, "four-colour",
                       G_SETTINGS_BIND_GET);
    }

  for (guint i = 0; i < G_N_ELEMENTS (game_properties); i++)
    g_signal_connect_object (self->game, game_properties[i], G_CALLBACK (on_game_changed_cb),
                             self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "round-finished", G_CALLBACK (on_round_finished_cb),
                           self, 0);
  g_signal_connect_object (self->table, "refused", G_CALLBACK (on_refused_cb), self, 0);

  crapette_table_set_theme (self->table, self->theme);
  crapette_table_set_game (self->table, self->game);

  crapette_window_new_game (self, self->settings != NULL &&
                            g_settings_get_enum (self->settings, "variant") == 1
                            ? CRAPETTE_VARIANT_AMERICAN : CRAPETTE_VARIANT_RUSSIAN,
                            fresh_deal_number ());

  if (g_strcmp0 (PROFILE, "development") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
}

/* ---- Public API ------------------------------------------------------------ */

/* Creates a main window for @application, with a Russian Bank round dealt. */
CrapetteWindow *
crapette_window_new (GtkApplication *application)
{
  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);

  return g_object_new (CRAPETTE_TYPE_WINDOW, "application", application, NULL);
}

/* Returns the game the window plays. */
CrapetteGame *
crapette_window_get_game (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->game;
}

/* Returns the card table of the window. */
CrapetteTable *
crapette_window_get_table (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->table;
}

static void
deal (CrapetteWindow *self,
      guint64         deal_number)
{
  CrapetteRules rules;

  crapette_rules_init_default (&rules);
  if (self->settings != NULL)
    {
      CrapetteRules chosen = rules;

      chosen.reserve_size = (guint8) g_settings_get_int (self->settings, "reserve-size");
      chosen.first_player = (guint8) g_settings_get_enum (self->settings, "first-player");
      chosen.idle_turn_limit = (guint16) g_settings_get_int (self->settings, "idle-turn-limit");
      if (crapette_rules_validate (&chosen, NULL))
        rules = chosen;
    }

  if (self->round_dialog != NULL)
    gtk_window_destroy (self->round_dialog);
  crapette_game_deal (self->game, self->variant, &rules, deal_number, self->round_index);
  update_status (self);
}

/* Deals the first round of a new game of @variant from @deal_number. */
void
crapette_window_new_game (CrapetteWindow  *self,
                          CrapetteVariant  variant,
                          guint64          deal_number)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));
  g_return_if_fail (variant < CRAPETTE_N_VARIANTS);

  self->variant = variant;
  self->round_index = 0;
  deal (self, deal_number);
}

/* Deals the next round of the game in play, from a fresh deal number. */
void
crapette_window_next_round (CrapetteWindow *self)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));

  self->round_index = MIN (self->round_index + 1, G_MAXUINT8);
  deal (self, fresh_deal_number ());
}

/* Chooses whether the end of a round is shown in a dialog (benchmarks turn it off). */
void
crapette_window_set_show_round_results (CrapetteWindow *self,
                                        gboolean        show)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));

  self->show_round_results = !!show;
}

/* Returns the text of the status line of @seat, as shown. */
const char *
crapette_window_get_status (CrapetteWindow *self,
                            CrapetteSeat    seat)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, NULL);

  return gtk_label_get_label (seat == CRAPETTE_SOUTH ? self->south_label : self->north_label);
}

/* Returns the dialog showing the result of the round just finished, or %NULL. */
GtkWindow *
crapette_window_get_round_dialog (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->round_dialog;
}
