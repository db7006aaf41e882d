/* crapette-window-hint.c: a hint, worded as advice, in a place and a look of its own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The hint is found by the session (a Hard player of its own, in a worker) and marked on the
 * table with its own frame and arrow. Its words are advice to the player to move ("Hint: put
 * the Eight of Diamonds from your reserve onto the Nine of Clubs."), naming piles as the table
 * shows them, and take the place of that player's status line in the hint's colours, so they
 * are never taken for a move made or for the computer's line. The next move, a new deal, a
 * look back or Escape takes the hint away.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-window-private.h"

#include "crapette-description.h"

/* Takes the hint's words away, and its marks from the table. */
void
crapette_window_dismiss_hint (CrapetteWindow *self)
{
  if (self->message_stack == NULL)
    return;
  gtk_stack_set_visible_child_name (self->message_stack, "announcement");
  gtk_label_set_label (self->hint_label, "");
  if (self->table != NULL)
    crapette_table_show_hint (self->table, NULL);
}

/* Returns the hint shown in its place, or %NULL when none is. */
const char *
crapette_window_get_hint (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->message_stack), "hint") != 0)
    return NULL;
  return gtk_label_get_label (self->hint_label);
}

static void
on_hint_found_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  g_autoptr(CrapetteWindow) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *advice = NULL;
  CrapetteMove move;

  if (!crapette_session_find_hint_finish (CRAPETTE_SESSION (source), result, &move, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        crapette_window_show_toast (self, error->message);
      return;
    }
  if (self->table == NULL || crapette_table_is_looking_back (self->table))
    return;

  advice = crapette_game_describe_hint (self->game, &move);
  gtk_label_set_label (self->hint_label, advice);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->hint_label), advice);
  gtk_stack_set_visible_child_name (self->message_stack, "hint");
  crapette_table_show_hint (self->table, &move);
}

static void
action_hint (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);

  if (crapette_window_refuse_input (self) ||
      crapette_game_get_phase (self->game) != CRAPETTE_OUTCOME_PLAYING)
    return;

  crapette_session_find_hint_async (self->session, on_hint_found_cb, g_object_ref (self));
}

/* Escape takes the hint's words away as the table takes its marks; the key goes on to it. */
static gboolean
on_key_pressed_cb (GtkEventControllerKey *controller,
                   guint                  keyval,
                   guint                  keycode,
                   GdkModifierType        state,
                   CrapetteWindow        *self)
{
  if (keyval == GDK_KEY_Escape && crapette_window_get_hint (self) != NULL)
    crapette_window_dismiss_hint (self);
  return FALSE;
}

/* Follows the game so that a hint goes with the next move or deal. */
void
crapette_window_init_hint (CrapetteWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  g_signal_connect_object (self->game, "move-applied", G_CALLBACK (crapette_window_dismiss_hint),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "move-undone", G_CALLBACK (crapette_window_dismiss_hint),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "round-started",
                           G_CALLBACK (crapette_window_dismiss_hint), self, G_CONNECT_SWAPPED);
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

/* Installs win.hint. */
void
crapette_window_class_init_hint (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, message_stack);
  gtk_widget_class_bind_template_child (widget_class, CrapetteWindow, hint_label);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, action_hint);
}
