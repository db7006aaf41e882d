/* crapette-window.c: the main window: the table, the match in play, the computer and the status
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window owns the match being played and everything around it: the
 * computer opponent, the saved game, the scoreboard and the status lines.
 * The dialogs it opens (a new game, the end of a round, files) live in
 * crapette-window-dialogs.c.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-window.h"

#include "crapette-card-theme.h"
#include "crapette-description.h"
#include "crapette-hint.h"
#include "crapette-locale.h"
#include "crapette-savegame.h"
#include "crapette-window-private.h"

/* Deal numbers small enough to read out or type in when sharing a deal. */
#define MAX_DEAL_NUMBER 1000000

G_DEFINE_FINAL_TYPE (CrapetteWindow, crapette_window, ADW_TYPE_APPLICATION_WINDOW)

static const char *
variant_name (CrapetteVariant variant)
{
  return variant == CRAPETTE_VARIANT_AMERICAN ? _("American Bank") : _("Russian Bank");
}

guint64
crapette_window_fresh_deal_number (void)
{
  return (guint64) g_random_int_range (1, MAX_DEAL_NUMBER);
}

/* The computer level of an opponent key of the settings, or %NULL for two people. */
const char *
crapette_window_opponent_level (const char *opponent)
{
  if (g_strcmp0 (opponent, "computer-easy") == 0)
    return "easy";
  if (g_strcmp0 (opponent, "computer-medium") == 0)
    return "medium";
  if (g_strcmp0 (opponent, "computer-hard") == 0)
    return "hard";
  return NULL;
}

void
crapette_window_show_toast (CrapetteWindow *self,
                            const char     *message)
{
  crapette_window_show_toast_for (self, message, 4);
}

void
crapette_window_show_toast_for (CrapetteWindow *self,
                                const char     *message,
                                guint           seconds)
{
  AdwToast *toast;

  /* A new message replaces the last one rather than queueing behind it. It
   * takes the place of the toast on show instead of dismissing it: in
   * libadwaita 1.2 a toast dismissed while it animates crashes the overlay. */
  if (self->last_toast != NULL)
    {
      adw_toast_set_title (self->last_toast, message);
      return;
    }

  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, seconds);
  g_set_weak_pointer (&self->last_toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* ---- Status ---------------------------------------------------------------- */

/* The name shown for @seat: the one given in the preferences, else the computer's, else
 * the seat's. */
const char *
crapette_window_player_name (CrapetteWindow *self,
                             CrapetteSeat    seat)
{
  const char *name = NULL;

  if (self->match != NULL)
    name = crapette_match_get_player_name (self->match, seat);
  if (name != NULL && name[0] != '\0')
    return name;
  if (seat == crapette_computer_turn_get_seat (self->computer))
    return _("Computer");
  return crapette_seat_name (seat);
}

static guint
completed_sequences (const CrapettePosition *view)
{
  guint completed = 0;

  for (guint i = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
    completed += view->piles[crapette_pile_foundation (i)].count > 0;
  return completed;
}

static char *
describe_score (CrapetteWindow *self,
                CrapetteSeat    seat)
{
  guint score = self->match != NULL ? crapette_match_get_score (self->match, seat) : 0;

  if (crapette_game_get_variant (self->game) == CRAPETTE_VARIANT_AMERICAN)
    /* TRANSLATORS: the rounds of an American Bank match a player has won */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u round won", "%u rounds won",
                                         score), score);
  /* TRANSLATORS: a player's score in a Russian Bank match */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u point", "%u points", score), score);
}

static void
update_seat_label (CrapetteWindow *self,
                   CrapetteSeat    seat,
                   GtkLabel       *label)
{
  guint left = crapette_game_get_cards_left (self->game, seat);
  gboolean to_play = crapette_game_get_phase (self->game) == CRAPETTE_OUTCOME_PLAYING &&
                     crapette_game_get_current_player (self->game) == seat;
  g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card left",
                                                         "%u cards left", left), left);
  g_autofree char *score = describe_score (self, seat);
  const char *name = crapette_window_player_name (self, seat);
  g_autofree char *text = NULL;
  g_autofree char *localized = NULL;

  if (to_play)
    {
      g_autofree char *who = g_strdup_printf (_("%s to play"), name);

      /* TRANSLATORS: a player's status line: "South to play — 37 cards left — 120 points" */
      text = g_strdup_printf (_("▶ %s — %s — %s"), who, count, score);
      gtk_widget_add_css_class (GTK_WIDGET (label), "current");
    }
  else
    {
      /* TRANSLATORS: a player's status line: "North — 35 cards left — 0 points" */
      text = g_strdup_printf (_("%s — %s — %s"), name, count, score);
      gtk_widget_remove_css_class (GTK_WIDGET (label), "current");
    }
  /* Numbers are shown in the digits of the player's language (Persian ۰–۹). */
  localized = crapette_locale_localize_digits (text);
  gtk_label_set_label (label, localized);
}

void
crapette_window_update_status (CrapetteWindow *self)
{
  const CrapettePosition *view = crapette_game_get_view (self->game);
  g_autofree char *subtitle = NULL;
  g_autofree char *round = NULL;
  gboolean computer_to_move = crapette_computer_turn_is_computer_to_move (self->computer);

  update_seat_label (self, CRAPETTE_NORTH, self->north_label);
  update_seat_label (self, CRAPETTE_SOUTH, self->south_label);

  if (self->match != NULL && crapette_match_is_finished (self->match))
    subtitle = g_strdup (_("The match is over"));
  else if (crapette_game_get_phase (self->game) != CRAPETTE_OUTCOME_PLAYING)
    subtitle = g_strdup (_("The round is over"));
  else if (computer_to_move)
    subtitle = g_strdup (_("The computer is playing"));
  else
    subtitle = g_strdup_printf (_("%s to play"),
                                crapette_window_player_name (self,
                                                             crapette_game_get_current_player (
                                                               self->game)));

  if (self->match != NULL && crapette_match_get_round_number (self->match) > 0)
    {
      g_autofree char *both = NULL;

      /* TRANSLATORS: the window's subtitle: "Round 2 · South to play" */
      both = g_strdup_printf (_("Round %u · %s"), crapette_match_get_round_number (self->match),
                              subtitle);
      g_free (subtitle);
      subtitle = g_steal_pointer (&both);
    }

  if (view->variant == CRAPETTE_VARIANT_AMERICAN)
    {
      guint completed = completed_sequences (view);
      g_autofree char *sequences = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                 "%u completed sequence",
                                                                 "%u completed sequences",
                                                                 completed), completed);
      g_autofree char *both = g_strdup_printf ("%s · %s", subtitle, sequences);

      g_free (subtitle);
      subtitle = g_steal_pointer (&both);
    }

  adw_window_title_set_title (self->window_title, variant_name (view->variant));
  {
    g_autofree char *localized = crapette_locale_localize_digits (subtitle);

    adw_window_title_set_subtitle (self->window_title, localized);
  }

  /* A hint or a turned card is the person's to ask for, not the computer's. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint",
                                 !computer_to_move &&
                                 crapette_game_get_phase (self->game) == CRAPETTE_OUTCOME_PLAYING);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-deal",
                                 self->match != NULL &&
                                 crapette_match_is_round_in_play (self->match));
}

/* Puts a move in words where it is seen, and read out by screen readers; the
 * tooltip holds all of it when the line is too short. */
static void
announce (CrapetteWindow *self,
          const char     *text)
{
  gtk_label_set_label (self->announcement_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->announcement_label),
                               text[0] != '\0' ? text : NULL);
}

static void
on_game_changed_cb (CrapetteWindow *self)
{
  crapette_window_update_status (self);
}

static void
on_announce_cb (CrapetteComputerTurn *computer,
                const char           *description,
                CrapetteWindow       *self)
{
  announce (self, description);
  self->announced_move = crapette_game_get_view (self->game)->move_number + 1;
}

/* ---- Saving ---------------------------------------------------------------- */

void
crapette_window_save (CrapetteWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (!self->keeps_session || self->match == NULL ||
      crapette_match_get_round_number (self->match) == 0)
    return;

  if (crapette_savegame_save (self->match, &error))
    {
      self->save_failed = FALSE;
      return;
    }
  /* Said once, not after every move, until a save works again. */
  if (!self->save_failed)
    crapette_window_show_toast (self, error->message);
  self->save_failed = TRUE;
}

static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    CrapetteWindow     *self)
{
  /* A move made after a hint makes the hint stale. */
  g_cancellable_cancel (self->hint_cancellable);
  /* The computer's last move stays in words until the person plays. */
  if (crapette_game_get_view (game)->move_number != self->announced_move)
    announce (self, "");
  crapette_window_save (self);
  crapette_window_update_status (self);
}

/* ---- The match ------------------------------------------------------------- */

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
  const char *level = crapette_window_opponent_level (crapette_match_get_opponent (self->match));
  g_autoptr(GError) error = NULL;

  announce (self, "");
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
  g_signal_connect_object (match, "notify::south-score", G_CALLBACK (on_game_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (match, "notify::north-score", G_CALLBACK (on_game_changed_cb), self,
                           G_CONNECT_SWAPPED);

  seat_the_computer (self);
  crapette_window_update_status (self);
}

static void
read_rules (CrapetteWindow *self,
            CrapetteRules  *rules)
{
  crapette_rules_init_default (rules);
  if (self->settings != NULL)
    {
      CrapetteRules chosen = *rules;

      chosen.reserve_size = (guint8) g_settings_get_int (self->settings, "reserve-size");
      chosen.first_player = (guint8) g_settings_get_enum (self->settings, "first-player");
      chosen.idle_turn_limit = (guint16) g_settings_get_int (self->settings, "idle-turn-limit");
      if (crapette_rules_validate (&chosen, NULL))
        *rules = chosen;
    }
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

  variant = g_settings_get_enum (self->settings, "variant") == 1 ? CRAPETTE_VARIANT_AMERICAN
                                                                 : CRAPETTE_VARIANT_RUSSIAN;
  read_rules (self, &rules);
  played = crapette_match_get_rules (self->match);
  {
    g_autofree char *opponent = g_settings_get_string (self->settings, "opponent");

    if (g_strcmp0 (opponent, crapette_match_get_opponent (self->match)) != 0)
      return TRUE;
  }
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

static void
start_match (CrapetteWindow  *self,
             CrapetteVariant  variant,
             const char      *opponent,
             guint64          seed)
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
  CrapetteVariant variant = CRAPETTE_VARIANT_RUSSIAN;

  if (self->settings != NULL)
    {
      g_free (self->opponent);
      self->opponent = g_settings_get_string (self->settings, "opponent");
      if (g_settings_get_enum (self->settings, "variant") == 1)
        variant = CRAPETTE_VARIANT_AMERICAN;
    }
  start_match (self, variant, self->opponent, crapette_window_fresh_deal_number ());
}

/* ---- Input while the computer plays --------------------------------------- */

static gboolean
refuse_if_computer_to_move (CrapetteWindow *self)
{
  if (!crapette_computer_turn_is_computer_to_move (self->computer))
    return FALSE;
  /* Short, so that it is gone by the time the person's turn comes. */
  crapette_window_show_toast_for (self, _("Wait for the computer to play"), 2);
  return TRUE;
}

/* Clicks, drags and the keys that pick up or put down a card are held back
 * on the computer's turn, with a word why; moving the focus is not, so that
 * a person can look around the table meanwhile. */
static gboolean
on_table_event_cb (GtkEventControllerLegacy *controller,
                   GdkEvent                 *event,
                   CrapetteWindow           *self)
{
  switch ((int) gdk_event_get_event_type (event))
    {
    case GDK_BUTTON_PRESS:
    case GDK_TOUCH_BEGIN:
      return refuse_if_computer_to_move (self);
    case GDK_KEY_PRESS:
      switch (gdk_key_event_get_keyval (event))
        {
        case GDK_KEY_Return:
        case GDK_KEY_KP_Enter:
        case GDK_KEY_space:
        case GDK_KEY_KP_Space:
          return refuse_if_computer_to_move (self);
        default:
          return FALSE;
        }
    default:
      return FALSE;
    }
}

/* ---- Actions --------------------------------------------------------------- */

static void
action_turn_card (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);

  if (refuse_if_computer_to_move (self))
    return;
  gtk_widget_activate_action (GTK_WIDGET (self->table), "table.turn-card", NULL);
}

static void
action_next_round (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  crapette_window_next_round (CRAPETTE_WINDOW (widget));
}

static void
action_replay_deal (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);

  if (self->match == NULL || !crapette_match_is_round_in_play (self->match))
    return;
  crapette_match_replay_round (self->match);
  crapette_window_save (self);
  crapette_window_update_status (self);
}

static void
on_hint_found_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  g_autoptr(CrapetteWindow) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;
  CrapetteMove move;

  if (!crapette_hint_find_finish (CRAPETTE_GAME (source), result, &move, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        crapette_window_show_toast (self, error->message);
      return;
    }
  if (self->table == NULL)
    return;

  description = crapette_game_describe_move (self->game, &move);
  announce (self, description);
  if (move.kind == CRAPETTE_MOVE_END_TURN)
    crapette_window_show_toast (self, _("Nothing more to play: end your turn"));
  crapette_table_show_hint (self->table, &move);
}

static void
action_hint (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);

  if (refuse_if_computer_to_move (self) ||
      crapette_game_get_phase (self->game) != CRAPETTE_OUTCOME_PLAYING)
    return;

  g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
  self->hint_cancellable = g_cancellable_new ();
  crapette_hint_find_async (self->game, self->hint_cancellable, on_hint_found_cb,
                            g_object_ref (self));
}

static void
apply_speeds (CrapetteWindow *self)
{
  static const guint animation_ms[] = { 350, 200, 100 };
  static const guint pace_ms[] = { 900, 450, 150 };
  guint animation = 1, pace = 1;

  if (self->settings != NULL)
    {
      animation = MIN ((guint) g_settings_get_enum (self->settings, "animation-speed"), 2);
      pace = MIN ((guint) g_settings_get_enum (self->settings, "computer-speed"), 2);
    }
  crapette_table_set_animation_duration (self->table, animation_ms[animation]);
  crapette_computer_turn_set_pace (self->computer, pace_ms[pace]);
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

  /* The computer stops thinking at once; the game was saved after its last move. */
  crapette_computer_turn_cancel (self->computer);
  g_cancellable_cancel (self->hint_cancellable);

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

  g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
  crapette_window_dispose_dialogs (self);
  g_clear_weak_pointer (&self->last_toast);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  if (self->computer != NULL)
    g_signal_handlers_disconnect_by_data (self->computer, self);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);

  /* The computer first: it lets go of the game and the table, and stops thinking. */
  g_clear_object (&self->computer);

  gtk_widget_dispose_template (GTK_WIDGET (self), CRAPETTE_TYPE_WINDOW);

  g_clear_object (&self->match);
  g_clear_object (&self->scoreboard);
  g_clear_object (&self->game);
  g_clear_object (&self->theme);
  g_clear_object (&self->settings);
  self->table = NULL;

  G_OBJECT_CLASS (crapette_window_parent_class)->dispose (object);
}

static void
crapette_window_finalize (GObject *object)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (object);

  g_free (self->opponent);

  G_OBJECT_CLASS (crapette_window_parent_class)->finalize (object);
}

static void
crapette_window_class_init (CrapetteWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = crapette_window_dispose;
  object_class->finalize = crapette_window_finalize;
  window_class->close_request = crapette_window_close_request;

  g_type_ensure (CRAPETTE_TYPE_TABLE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/crapette/Crapette/crapette-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, north_label);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, south_label);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, announcement_label);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, table);

  gtk_widget_class_install_action (widget_class, "win.turn-card", NULL, action_turn_card);
  gtk_widget_class_install_action (widget_class, "win.next-round", NULL, action_next_round);
  gtk_widget_class_install_action (widget_class, "win.replay-deal", NULL, action_replay_deal);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, action_hint);
  crapette_window_class_init_dialogs (widget_class);
}

static void
crapette_window_init (CrapetteWindow *self)
{
  static const char * const game_properties[] = {
    "notify::current-player", "notify::phase", "notify::south-cards-left",
    "notify::north-cards-left", "notify::variant", "round-started",
  };
  GtkEventController *guard;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->show_round_results = TRUE;
  self->opponent = g_strdup ("two-players");
  self->game = crapette_game_new ();
  self->theme = crapette_card_theme_new ();
  self->settings = settings_if_installed ();
  self->computer = crapette_computer_turn_new (self->game, self->table);

  if (self->settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (self->settings, "window-width"),
                                   g_settings_get_int (self->settings, "window-height"));
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      g_settings_bind (self->settings, "four-colour-deck", self->theme, "four-colour",
                       G_SETTINGS_BIND_GET);
      g_signal_connect_object (self->settings, "changed::animation-speed",
                               G_CALLBACK (apply_speeds), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->settings, "changed::computer-speed",
                               G_CALLBACK (apply_speeds), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->settings, "changed::south-name",
                               G_CALLBACK (on_game_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->settings, "changed::north-name",
                               G_CALLBACK (on_game_changed_cb), self, G_CONNECT_SWAPPED);
    }
  apply_speeds (self);

  for (guint i = 0; i < G_N_ELEMENTS (game_properties); i++)
    g_signal_connect_object (self->game, game_properties[i], G_CALLBACK (on_game_changed_cb),
                             self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "move-applied", G_CALLBACK (on_move_applied_cb), self, 0);
  g_signal_connect_object (self->table, "refused", G_CALLBACK (crapette_window_show_toast), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->computer, "announce", G_CALLBACK (on_announce_cb), self, 0);

  /* Ahead of the table's own gestures, so the computer's turn is not played for it. */
  guard = gtk_event_controller_legacy_new ();
  gtk_event_controller_set_propagation_phase (guard, GTK_PHASE_CAPTURE);
  g_signal_connect_object (guard, "event", G_CALLBACK (on_table_event_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self->table), guard);

  crapette_table_set_theme (self->table, self->theme);
  crapette_table_set_game (self->table, self->game);

  crapette_window_new_game (self, self->settings != NULL &&
                            g_settings_get_enum (self->settings, "variant") == 1
                            ? CRAPETTE_VARIANT_AMERICAN : CRAPETTE_VARIANT_RUSSIAN,
                            crapette_window_fresh_deal_number ());

  if (g_strcmp0 (PROFILE, "development") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
}

/* ---- Public API ------------------------------------------------------------ */

/* Creates a main window for @application, with a round dealt for two people at one screen. */
CrapetteWindow *
crapette_window_new (GtkApplication *application)
{
  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);

  return g_object_new (CRAPETTE_TYPE_WINDOW, "application", application, NULL);
}

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

  match = crapette_savegame_load (self->game, &kept_as, &error);
  if (error != NULL)
    crapette_window_show_toast (self, error->message);

  /* A match that has ended has nothing left to resume. */
  if (match != NULL && !crapette_match_is_finished (match))
    {
      g_free (self->opponent);
      self->opponent = g_strdup (crapette_match_get_opponent (match));
      crapette_window_adopt_match (self, match);
      return;
    }
  crapette_window_new_game_from_settings (self);
}

/* Returns the game the window plays. */
CrapetteGame *
crapette_window_get_game (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->game;
}

/* Returns the match the window plays. */
CrapetteMatch *
crapette_window_get_match (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->match;
}

/* Returns the card table of the window. */
CrapetteTable *
crapette_window_get_table (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->table;
}

/* Returns what plays the computer's moves in this window. */
CrapetteComputerTurn *
crapette_window_get_computer (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->computer;
}

/* Chooses who plays North in the next new game: "computer-easy", "computer-medium",
 * "computer-hard" or "two-players". */
void
crapette_window_set_opponent (CrapetteWindow *self,
                              const char     *opponent)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));
  g_return_if_fail (opponent != NULL);

  if (crapette_window_opponent_level (opponent) == NULL &&
      g_strcmp0 (opponent, "two-players") != 0)
    {
      g_warning ("Unknown opponent “%s”", opponent);
      return;
    }
  g_free (self->opponent);
  self->opponent = g_strdup (opponent);
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

/* Returns the last move announced for screen readers (the computer's or a hint), or "". */
const char *
crapette_window_get_announcement (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return gtk_label_get_label (self->announcement_label);
}

/* Returns the message of the toast on show, or %NULL. */
const char *
crapette_window_get_toast_message (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->last_toast != NULL ? adw_toast_get_title (self->last_toast) : NULL;
}

/* Returns the dialog showing the result of the round just finished, or %NULL. */
GtkWindow *
crapette_window_get_round_dialog (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->round_dialog;
}
