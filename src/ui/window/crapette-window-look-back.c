/* crapette-window-look-back.c: the table as it was after a move picked in the history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Selecting a move in the history (a click, or the arrow keys) shows the table as it stood
 * after that move, read-only and tinted, under a bar that says so and offers Return to Play;
 * Escape, the button or letting go of the move return to play. The round is replayed from its
 * start to that move (CrapetteRound keeps every move), and shown as the player saw it: cards
 * face down stay unknown. Meanwhile the game goes on underneath (the computer may play); the
 * table catches up on return. Nothing can be played while looking back.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-window-private.h"

#include "crapette-locale.h"
#include "crapette-view.h"

static void
update_bar (CrapetteWindow *self,
            guint           index)
{
  guint n_moves = crapette_round_get_n_moves (crapette_game_get_round (self->game));
  g_autofree char *number = crapette_locale_format_number (index + 1);
  g_autofree char *count = crapette_locale_format_number (n_moves);
  g_autofree char *text = NULL;

  /* Translators: the bar over the table while it shows the table as it was after an earlier
   * move picked in the history; the first %s is that move's number, the second how many
   * moves the round has had */
  text = g_strdup_printf (_("Looking back at move %s of %s — the table as it was then"),
                          number, count);
  gtk_label_set_label (self->look_back_label, text);
}

static void
on_selected_changed_cb (CrapetteHistoryPanel *panel,
                        CrapetteWindow       *self)
{
  guint index;

  if (crapette_history_panel_get_selected_move (panel, &index))
    {
      g_autoptr(CrapetteView) past =
        crapette_view_new_from_round (crapette_game_get_round (self->game), index + 1);

      crapette_table_set_looking_back (self->table, past);
      update_bar (self, index);
      gtk_revealer_set_reveal_child (self->look_back_bar, TRUE);
    }
  else
    {
      crapette_table_set_looking_back (self->table, NULL);
      gtk_revealer_set_reveal_child (self->look_back_bar, FALSE);
    }
  crapette_window_update_status (self);
  crapette_window_update_undo (self);
  crapette_window_update_stop (self);
}

/* The bar counts the round's moves, which go on while looking back. */
static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    CrapetteWindow     *self)
{
  guint index;

  if (crapette_history_panel_get_selected_move (self->history_panel, &index))
    update_bar (self, index);
}

static void
action_return_to_play (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  crapette_window_return_to_play (CRAPETTE_WINDOW (widget));
}

/* Escape returns to play from anywhere in the window while looking back; otherwise it is the
 * table's (to put down a card or take a hint away). */
static gboolean
on_key_pressed_cb (GtkEventControllerKey *controller,
                   guint                  keyval,
                   guint                  keycode,
                   GdkModifierType        state,
                   CrapetteWindow        *self)
{
  if (keyval != GDK_KEY_Escape || !crapette_window_is_looking_back (self))
    return FALSE;
  crapette_window_return_to_play (self);
  return TRUE;
}

/* Whether the table shows a move picked in the history rather than the game now. */
gboolean
crapette_window_is_looking_back (CrapetteWindow *self)
{
  return crapette_table_is_looking_back (self->table);
}

/* Lets go of the move picked in the history: the table shows the game as it is now. */
void
crapette_window_return_to_play (CrapetteWindow *self)
{
  crapette_history_panel_unselect (self->history_panel);
}

/* Hiding the history lets go of the move picked in it. */
static void
on_history_shown_cb (GtkRevealer    *revealer,
                     GParamSpec     *pspec,
                     CrapetteWindow *self)
{
  if (!gtk_revealer_get_reveal_child (revealer))
    crapette_window_return_to_play (self);
}

/* Follows the history's selection, and takes Escape while looking back. */
void
crapette_window_init_look_back (CrapetteWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  g_signal_connect_object (self->history_revealer, "notify::reveal-child",
                           G_CALLBACK (on_history_shown_cb), self, 0);
  g_signal_connect (self->history_panel, "selected-changed",
                    G_CALLBACK (on_selected_changed_cb), self);
  g_signal_connect_object (self->game, "move-applied", G_CALLBACK (on_move_applied_cb), self,
                           0);
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

/* Installs win.return-to-play. */
void
crapette_window_class_init_look_back (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, look_back_bar);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, look_back_label);
  gtk_widget_class_install_action (widget_class, "win.return-to-play", NULL,
                                   action_return_to_play);
}
