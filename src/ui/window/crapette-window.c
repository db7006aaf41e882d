/* crapette-window.c: the main window: the table, its toasts, the computer's turn and hints
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window puts the table, the session and the computer's turn together and
 * follows their signals. The session (src/engine/crapette-session.c) decides
 * which match is played, seats the computer, saves and keeps the scores; the
 * window only shows it. What it shows of the match lives in
 * crapette-window-match.c, what it says about the game (status lines, title,
 * announcements) in crapette-window-status.c, toasts in
 * crapette-window-toast.c, the input it holds back in crapette-window-input.c,
 * and the dialogs it opens in
 * crapette-window-dialogs.c. This file calls into its siblings and none of
 * them calls back into it.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-window.h"

#include "crapette-card-theme.h"
#include "crapette-window-private.h"

G_DEFINE_FINAL_TYPE (CrapetteWindow, crapette_window, ADW_TYPE_APPLICATION_WINDOW)

/* ---- The game's and the computer's signals -------------------------------- */

static void
on_announce_cb (CrapetteComputerTurn *computer,
                const char           *description,
                CrapetteWindow       *self)
{
  crapette_window_announce (self, description);
  self->announced_move = crapette_view_get_move_number (crapette_game_get_view (self->game)) + 1;
}

/* Whether the computer's @move puts a card on one of the person's own piles. */
static gboolean
loads_onto_person (CrapetteWindow     *self,
                   const CrapetteMove *move)
{
  CrapetteSeat target = crapette_pile_seat (move->to);

  return move->kind == CRAPETTE_MOVE_CARD && target != CRAPETTE_NO_SEAT &&
         target != crapette_computer_turn_get_seat (self->computer);
}

static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    CrapetteWindow     *self)
{
  /* The computer's last move stays in words until the person plays. */
  if (crapette_view_get_move_number (crapette_game_get_view (game)) != self->announced_move)
    crapette_window_announce (self, "");
  else if (loads_onto_person (self, move))
    /* A card put on the person's own pile changes their game: said where it is seen. */
    crapette_window_show_toast (self, crapette_window_get_announcement (self));
  crapette_window_update_status (self);
}

/* ---- Actions --------------------------------------------------------------- */

static void
action_turn_card (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);

  if (crapette_window_refuse_input (self))
    return;
  gtk_widget_activate_action (GTK_WIDGET (self->table), "table.turn-card", NULL);
}

static void
apply_speeds (CrapetteWindow *self)
{
  /* Slow, normal, fast. The computer's pace at each of its speeds is its own
   * (crapette-computer-turn.c). */
  static const guint animation_ms[] = { 450, 300, 150 };
  guint animation = 1, pace = 1;

  if (self->settings != NULL)
    {
      animation = MIN ((guint) g_settings_get_enum (self->settings, "animation-speed"), 2);
      pace = MIN ((guint) g_settings_get_enum (self->settings, "computer-speed"), 2);
    }
  crapette_table_set_animation_duration (self->table, animation_ms[animation]);
  crapette_computer_turn_set_speed (self->computer, pace);
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

/* The size a window opens at on a screen of @screen_width × @screen_height, when no size
 * was saved: nine tenths of the screen each way, which leaves room for a desktop's top bar
 * and the window's own shadow on a 1280×800 laptop and uses most of a larger screen; never
 * below the smallest size that is remembered. */
void
crapette_window_size_for_screen (int  screen_width,
                                 int  screen_height,
                                 int *width,
                                 int *height)
{
  g_return_if_fail (width != NULL && height != NULL);

  *width = MAX (600, screen_width * 9 / 10);
  *height = MAX (500, screen_height * 9 / 10);
}

/* The screen the window opens on: GTK 4.8 says which monitor a window is on only once it is
 * shown, so the first one, where a new window appears on most desktops. */
static void
size_from_screen (CrapetteWindow *self)
{
  GListModel *monitors = gdk_display_get_monitors (gtk_widget_get_display (GTK_WIDGET (self)));
  g_autoptr(GdkMonitor) monitor = g_list_model_get_n_items (monitors) > 0 ?
                                  g_list_model_get_item (monitors, 0) : NULL;
  GdkRectangle geometry = { 0, 0, 1100 * 10 / 9, 800 * 10 / 9 };
  int width, height;

  if (monitor != NULL)
    gdk_monitor_get_geometry (monitor, &geometry);
  crapette_window_size_for_screen (geometry.width, geometry.height, &width, &height);
  gtk_window_set_default_size (GTK_WINDOW (self), width, height);
}

/* The size saved when the window last closed, or else the screen's. */
static void
apply_default_size (CrapetteWindow *self)
{
  g_autoptr(GVariant) saved_width = NULL;
  g_autoptr(GVariant) saved_height = NULL;

  if (self->settings != NULL)
    {
      saved_width = g_settings_get_user_value (self->settings, "window-width");
      saved_height = g_settings_get_user_value (self->settings, "window-height");
    }
  if (saved_width != NULL && saved_height != NULL)
    gtk_window_set_default_size (GTK_WINDOW (self),
                                 g_settings_get_int (self->settings, "window-width"),
                                 g_settings_get_int (self->settings, "window-height"));
  else
    size_from_screen (self);
}

static gboolean
crapette_window_close_request (GtkWindow *window)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (window);

  /* The computer stops thinking at once, and the last move reaches the disk. */
  crapette_computer_turn_cancel (self->computer);
  crapette_window_flush_save (self);

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

  g_clear_handle_id (&self->status_source, g_source_remove);
  g_clear_handle_id (&self->menu_closing_source, g_source_remove);
  crapette_window_dispose_dialogs (self);
  crapette_window_dispose_open (self);
  crapette_window_dispose_net (self);
  g_clear_handle_id (&self->toast_source, g_source_remove);
  g_clear_weak_pointer (&self->last_toast);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  if (self->computer != NULL)
    g_signal_handlers_disconnect_by_data (self->computer, self);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);

  /* The computer first: it lets go of the session and the table, and stops thinking. Then
   * the session writes what is left and lets go of the saved game's lock, whoever still
   * holds it. */
  g_clear_object (&self->computer);
  if (self->session != NULL)
    crapette_session_close (self->session);

  gtk_widget_dispose_template (GTK_WIDGET (self), CRAPETTE_TYPE_WINDOW);

  g_clear_object (&self->match);
  g_clear_object (&self->game);
  g_clear_object (&self->session);
  g_clear_object (&self->theme);
  g_clear_object (&self->settings);
  self->table = NULL;

  G_OBJECT_CLASS (crapette_window_parent_class)->dispose (object);
}

static void
crapette_window_finalize (GObject *object)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (object);

  g_free (self->shown_toast_text);
  g_free (self->save_details);

  G_OBJECT_CLASS (crapette_window_parent_class)->finalize (object);
}

/* F9 shows or hides the move history, as its header button does. */
static gboolean
toggle_history_cb (GtkWidget *widget,
                   GVariant  *args,
                   gpointer   data)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);

  gtk_toggle_button_set_active (self->history_button,
                                !gtk_toggle_button_get_active (self->history_button));
  return TRUE;
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

  g_type_ensure (CRAPETTE_TYPE_ANNOUNCER);
  g_type_ensure (CRAPETTE_TYPE_TABLE);
  g_type_ensure (CRAPETTE_TYPE_HISTORY_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/crapette/Crapette/crapette-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, content_overlay);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, announcement_label);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, announcer);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, table);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, history_revealer);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, history_button);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, history_panel);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_F9, 0, toggle_history_cb, NULL);
  crapette_window_class_init_look_back (widget_class);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, save_bar);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, save_bar_label);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, take_over_button);

  gtk_widget_class_install_action (widget_class, "win.turn-card", NULL, action_turn_card);
  crapette_window_class_init_match (widget_class);
  crapette_window_class_init_hint (widget_class);
  crapette_window_class_init_undo (widget_class);
  crapette_window_class_init_stop (widget_class);
  crapette_window_class_init_net (widget_class);
  crapette_window_class_init_internet (widget_class);
  crapette_window_class_init_welcome (widget_class);
  crapette_window_class_init_dialogs (widget_class);
  crapette_window_class_init_save (widget_class);
}

/* A menu button keeps its tooltip while its menu is closed (GTK 4.8 names the button for
 * screen readers from it) and has none while the menu is open, so that the tooltip never
 * stands over the menu. */
static void
on_menu_shown_cb (GtkWidget *popover,
                  GtkWidget *menu_button)
{
  gtk_widget_set_has_tooltip (menu_button, !gtk_widget_get_mapped (popover));
}

void
crapette_window_hide_tooltip_over_menu (GtkMenuButton *menu_button)
{
  GtkPopover *popover = gtk_menu_button_get_popover (menu_button);

  g_signal_connect_object (popover, "map", G_CALLBACK (on_menu_shown_cb), menu_button, 0);
  g_signal_connect_object (popover, "unmap", G_CALLBACK (on_menu_shown_cb), menu_button, 0);
}

static void
crapette_window_init (CrapetteWindow *self)
{
  static const char * const game_properties[] = {
    "notify::current-player", "notify::phase", "notify::south-cards-left",
    "notify::north-cards-left", "notify::variant", "round-started",
  };

  gtk_widget_init_template (GTK_WIDGET (self));

  self->show_round_results = TRUE;
  self->theme = crapette_card_theme_new ();
  self->settings = settings_if_installed ();
  self->session = crapette_session_new (self->settings);
  self->game = g_object_ref (crapette_session_get_game (self->session));
  self->computer = crapette_computer_turn_new (self->session, self->table);

  apply_default_size (self);
  if (self->settings != NULL)
    {
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      g_settings_bind (self->settings, "four-colour-deck", self->theme, "four-colour",
                       G_SETTINGS_BIND_GET);
      g_signal_connect_object (self->settings, "changed::animation-speed",
                               G_CALLBACK (apply_speeds), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->settings, "changed::computer-speed",
                               G_CALLBACK (apply_speeds), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->settings, "changed::south-name",
                               G_CALLBACK (crapette_window_update_status), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->settings, "changed::north-name",
                               G_CALLBACK (crapette_window_update_status), self,
                               G_CONNECT_SWAPPED);
    }
  apply_speeds (self);

  for (guint i = 0; i < G_N_ELEMENTS (game_properties); i++)
    g_signal_connect_object (self->game, game_properties[i],
                             G_CALLBACK (crapette_window_update_status), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "move-applied", G_CALLBACK (on_move_applied_cb), self, 0);
  g_signal_connect_object (self->table, "refused", G_CALLBACK (crapette_window_show_toast), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->computer, "announce", G_CALLBACK (on_announce_cb), self, 0);
  crapette_window_init_title (self);
  crapette_window_init_plates (self);
  crapette_window_init_toasts (self);
  crapette_window_init_speech (self);
  crapette_window_init_undo (self);
  crapette_window_init_stop (self);
  crapette_window_init_match (self);
  crapette_window_init_net (self);
  crapette_window_init_save (self);

  crapette_window_init_input (self);
  crapette_window_init_focus (self);
  crapette_window_hide_tooltip_over_menu (self->menu_button);

  crapette_table_set_theme (self->table, self->theme);
  crapette_table_set_game (self->table, self->game);
  /* The keyboard starts on the table, where the game is played and its keys work. */
  gtk_widget_activate_action (GTK_WIDGET (self->table), "table.move-focus", "i", GTK_DIR_DOWN);
  crapette_history_panel_set_game (self->history_panel, self->game);
  crapette_window_init_look_back (self);
  crapette_window_init_hint (self);
  g_object_bind_property (self->history_button, "active", self->history_revealer, "reveal-child",
                          G_BINDING_SYNC_CREATE);
  if (self->settings != NULL)
    g_settings_bind (self->settings, "show-history", self->history_button, "active",
                     G_SETTINGS_BIND_DEFAULT);

  crapette_session_new_match (self->session, crapette_session_get_chosen_variant (self->session),
                              crapette_session_fresh_deal_number ());

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

  return crapette_session_get_match (self->session);
}

/* Returns the session the window shows: its match, seats, scores and saved game. */
CrapetteSession *
crapette_window_get_session (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->session;
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

/* Chooses whether the end of a round is shown in a dialog (benchmarks turn it off). */
void
crapette_window_set_show_round_results (CrapetteWindow *self,
                                        gboolean        show)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));

  self->show_round_results = !!show;
}
