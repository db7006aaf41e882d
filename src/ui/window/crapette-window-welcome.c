/* crapette-window-welcome.c: the welcome on first launch, and again from the menu
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A person starting Crapette for the first time chooses the game and the opponent, can read
 * the rules, and only then is a game dealt: the computer does not start playing behind a
 * newcomer's back. The welcome is shown once (the "welcome-shown" setting) and offered again
 * as Welcome in the main menu.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-window-private.h"

static void
on_start_clicked_cb (GtkButton *button,
                     GtkWindow *welcome)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (gtk_window_get_transient_for (welcome));

  crapette_window_start_chosen_game (self, g_object_get_data (G_OBJECT (welcome), "variant-row"),
                                     g_object_get_data (G_OBJECT (welcome), "opponent-row"));
  gtk_window_destroy (welcome);
}

/* Closed without a choice on first launch: a game of the default kind is dealt, so the
 * table is never left without one. */
static gboolean
on_welcome_close_request_cb (GtkWindow *welcome,
                             gpointer   data)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (gtk_window_get_transient_for (welcome));

  crapette_session_new_match_from_settings (self->session);
  return FALSE;
}

/* A flat header bar with the window's buttons and an empty title, for the look; the window's
 * own title names it for screen readers. */
static GtkWidget *
new_flat_header (void)
{
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *title = gtk_label_new (NULL);

  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), TRUE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (title), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), title);
  gtk_widget_add_css_class (header, "flat");
  return header;
}

/* Escape closes @window, as it closes a dialog. */
static void
close_on_escape (GtkWidget *window)
{
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (window, shortcuts);
}

static GtkWidget *
new_welcome (CrapetteWindow *self)
{
  GtkWidget *welcome = adw_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *page = adw_status_page_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *group, *variant_row, *opponent_row, *buttons, *rules, *start;
  gboolean in_progress = crapette_session_get_persistent (self->session) &&
                         crapette_window_round_in_progress (self);

  gtk_window_set_title (GTK_WINDOW (welcome), _("Welcome"));
  gtk_window_set_modal (GTK_WINDOW (welcome), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (welcome), GTK_WINDOW (self));
  /* Read the Rules is the application's action. */
  gtk_window_set_application (GTK_WINDOW (welcome), gtk_window_get_application (GTK_WINDOW (self)));
  gtk_window_set_default_size (GTK_WINDOW (welcome), 520, -1);
  gtk_window_set_resizable (GTK_WINDOW (welcome), FALSE);

  gtk_box_append (GTK_BOX (box), new_flat_header ());

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (page), APPLICATION_ID);
  adw_status_page_set_title (ADW_STATUS_PAGE (page), _("Welcome to Crapette"));
  adw_status_page_set_description (ADW_STATUS_PAGE (page),
                                   _("Two players race to be the first to get rid of all "
                                     "their cards. Choose a game and an opponent to begin."));

  group = adw_preferences_group_new ();
  crapette_window_new_choice_rows (self, &variant_row, &opponent_row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), variant_row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), opponent_row);
  gtk_box_append (GTK_BOX (content), group);
  if (in_progress)
    {
      GtkWidget *warning = gtk_label_new (_("The game in progress will be given up."));

      gtk_label_set_wrap (GTK_LABEL (warning), TRUE);
      gtk_widget_add_css_class (warning, "dim-label");
      gtk_box_append (GTK_BOX (content), warning);
    }

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_box_set_homogeneous (GTK_BOX (buttons), TRUE);
  rules = gtk_button_new_with_mnemonic (_("Read the _Rules"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (rules), "app.rules");
  gtk_widget_add_css_class (rules, "pill");
  start = gtk_button_new_with_mnemonic (in_progress ? _("Start a _New Game") : _("_Start Playing"));
  gtk_widget_add_css_class (start, "pill");
  gtk_widget_add_css_class (start, "suggested-action");
  g_signal_connect (start, "clicked", G_CALLBACK (on_start_clicked_cb), welcome);
  gtk_box_append (GTK_BOX (buttons), rules);
  gtk_box_append (GTK_BOX (buttons), start);
  gtk_box_append (GTK_BOX (content), buttons);

  adw_status_page_set_child (ADW_STATUS_PAGE (page), content);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (welcome), box);
  gtk_window_set_default_widget (GTK_WINDOW (welcome), start);

  close_on_escape (welcome);

  g_object_set_data (G_OBJECT (welcome), "variant-row", variant_row);
  g_object_set_data (G_OBJECT (welcome), "opponent-row", opponent_row);
  g_object_set_data (G_OBJECT (welcome), "start-button", start);
  if (!in_progress)
    g_signal_connect (welcome, "close-request", G_CALLBACK (on_welcome_close_request_cb), NULL);
  return welcome;
}

/* The table the first welcome stands over is bare, and says nothing of a game: the game is
 * dealt once the newcomer has chosen it. */
static void
show_bare_table (CrapetteWindow *self,
                 gboolean        bare)
{
  crapette_table_set_game (self->table, bare ? NULL : self->game);
  gtk_widget_set_visible (GTK_WIDGET (self->north_label), !bare);
  gtk_widget_set_visible (GTK_WIDGET (self->south_label), !bare);
  /* The whole message line, not its announcement page: a stack whose page is hidden turns
   * to another (the hint's), and would stay there. */
  gtk_widget_set_visible (GTK_WIDGET (self->message_stack), !bare);
  gtk_widget_set_visible (GTK_WIDGET (self->window_title), !bare);
}

/* Puts the game back on a table left bare for the first welcome, once a game is chosen. */
void
crapette_window_cover_bare_table (CrapetteWindow *self)
{
  if (crapette_table_get_game (self->table) == NULL)
    show_bare_table (self, FALSE);
}

/* Shows the welcome of the first launch over a bare table. */
void
crapette_window_show_first_welcome (CrapetteWindow *self)
{
  show_bare_table (self, TRUE);
  crapette_window_show_welcome (self);
}

static void
on_window_mapped_cb (CrapetteWindow *self)
{
  g_signal_handlers_disconnect_by_func (self, on_window_mapped_cb, NULL);
  crapette_window_show_welcome (self);
}

/* Shows the welcome, and remembers that it has been shown. On the first launch the window
 * is not on screen yet: the welcome waits for it, or the window would come up over it. */
void
crapette_window_show_welcome (CrapetteWindow *self)
{
  GtkWidget *welcome;

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      g_signal_handlers_disconnect_by_func (self, on_window_mapped_cb, NULL);
      g_signal_connect (self, "map", G_CALLBACK (on_window_mapped_cb), NULL);
      return;
    }

  welcome = new_welcome (self);

  if (self->settings != NULL)
    g_settings_set_boolean (self->settings, "welcome-shown", TRUE);
  g_set_weak_pointer (&self->welcome, welcome);
  crapette_window_watch_dialog (self, GTK_WINDOW (welcome));
  gtk_window_present (GTK_WINDOW (welcome));
}

/* Takes the welcome away, shown or waiting for the window: the person has chosen a game
 * another way (a saved game opened from the file manager, say). */
void
crapette_window_dismiss_welcome (CrapetteWindow *self)
{
  g_signal_handlers_disconnect_by_func (self, on_window_mapped_cb, NULL);
  if (self->welcome != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->welcome, on_welcome_close_request_cb, NULL);
      gtk_window_destroy (GTK_WINDOW (self->welcome));
    }
}

/* Whether this is the first launch, when the welcome is shown instead of a dealt game. */
gboolean
crapette_window_welcome_is_due (CrapetteWindow *self)
{
  return self->settings != NULL && !g_settings_get_boolean (self->settings, "welcome-shown");
}

static void
action_welcome (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);

  if (self->welcome != NULL)
    gtk_window_present (GTK_WINDOW (self->welcome));
  else
    crapette_window_show_welcome (self);
}

/* Installs win.welcome. */
void
crapette_window_class_init_welcome (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.welcome", NULL, action_welcome);
}

/* Returns the welcome window on show, or %NULL. */
GtkWindow *
crapette_window_get_welcome (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return self->welcome != NULL ? GTK_WINDOW (self->welcome) : NULL;
}
