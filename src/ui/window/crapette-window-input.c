/* crapette-window-input.c: the person's input held back while the table is looked back at or
 * the computer plays, with a word why
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-window-private.h"

/* Holds input back while the table is looked back at or the computer plays, with a word why;
 * returns whether it did. */
gboolean
crapette_window_refuse_input (CrapetteWindow *self)
{
  /* A past position picked in the history is only looked at. */
  if (crapette_table_is_looking_back (self->table))
    {
      crapette_window_show_toast_for (self, _("You are looking back: return to play to move "
                                              "a card"), 2);
      return TRUE;
    }
  if (crapette_window_net_holds_input (self) != NULL)
    {
      /* A match left for later asks for its password again, rather than only saying so. */
      if (!crapette_window_net_ask_password (self))
        crapette_window_show_toast_for (self, crapette_window_net_holds_input (self), 2);
      return TRUE;
    }
  if (crapette_session_get_call_out (self->session))
    {
      crapette_window_show_toast_for (self, _("Wait until the other table has taken your "
                                              "“Stop!”"), 2);
      return TRUE;
    }
  /* Hidden deal: a card turned up is shown once both programs sent its key. */
  if (crapette_window_net_card_pending (self))
    {
      crapette_window_show_toast_for (self, _("Wait: the card is being turned up"), 2);
      return TRUE;
    }
  if (crapette_session_is_remote_to_move (self->session))
    {
      crapette_window_show_toast_for (self, _("Wait for the other player to play"), 2);
      return TRUE;
    }
  if (!crapette_session_is_computer_to_move (self->session))
    return FALSE;
  /* Short, so that it is gone by the time the person's turn comes. */
  crapette_window_show_toast_for (self, _("Wait for the computer to play"), 2);
  return TRUE;
}

/* ---- The focus comes home -------------------------------------------------- */

/* Puts the keyboard focus back on the table, on the pile it left, with its ring: whatever
 * was opened over the table or beside it has closed, and the game's keys (1–8, the arrows)
 * work again at once. */
void
crapette_window_focus_home (CrapetteWindow *self)
{
  if (gtk_widget_in_destruction (GTK_WIDGET (self)) || self->table == NULL ||
      !gtk_widget_get_visible (GTK_WIDGET (self->table)))
    return;
  crapette_table_focus_home (self->table);
}

static void
on_dialog_unmap_cb (GtkWidget      *dialog,
                    CrapetteWindow *self)
{
  crapette_window_focus_home (self);
}

/* Brings the focus home to the table when @dialog, opened over the window, goes away. */
void
crapette_window_watch_dialog (CrapetteWindow *self,
                              GtkWindow      *dialog)
{
  g_signal_connect_object (dialog, "unmap", G_CALLBACK (on_dialog_unmap_cb), self, 0);
}

static void
on_history_shown_cb (GtkToggleButton *button,
                     GParamSpec      *pspec,
                     CrapetteWindow  *self)
{
  if (!gtk_toggle_button_get_active (button))
    crapette_window_focus_home (self);
}

/* The main menu, closing, gives the focus back to its button, at a moment of GTK's choosing:
 * the focus that lands on the button right after the menu went off screen goes home. */
static void
on_focus_widget_cb (CrapetteWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (!self->menu_closing || focus == NULL ||
      !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->menu_button)))
    return;
  self->menu_closing = FALSE;
  crapette_window_focus_home (self);
}

static gboolean
menu_closed_cb (gpointer data)
{
  CrapetteWindow *self = data;

  self->menu_closing = FALSE;
  self->menu_closing_source = 0;
  return G_SOURCE_REMOVE;
}

/* For a moment after the menu closed (long enough for GTK's own focus change, too short for a
 * person's Tab back to the button), the button's focus goes home. */
static void
on_popover_unmap_cb (GtkPopover     *popover,
                     CrapetteWindow *self)
{
  self->menu_closing = TRUE;
  g_clear_handle_id (&self->menu_closing_source, g_source_remove);
  self->menu_closing_source = g_timeout_add (250, menu_closed_cb, self);
  crapette_window_focus_home (self);
}

/* The window becomes active again with the focus on a button of its header bar: a window
 * opened from it (the rules, the shortcuts, a file chooser) has closed. */
static void
on_active_cb (CrapetteWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (gtk_window_is_active (GTK_WINDOW (self)) &&
      (focus == NULL || gtk_widget_get_ancestor (focus, ADW_TYPE_HEADER_BAR) != NULL))
    crapette_window_focus_home (self);
}

/* Brings the focus home to the table whenever the main menu, the history pane or a window
 * opened over the table closes. */
void
crapette_window_init_focus (CrapetteWindow *self)
{
  g_signal_connect_object (gtk_menu_button_get_popover (self->menu_button), "unmap",
                           G_CALLBACK (on_popover_unmap_cb), self, 0);
  g_signal_connect_object (self, "notify::focus-widget", G_CALLBACK (on_focus_widget_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->history_button, "notify::active",
                           G_CALLBACK (on_history_shown_cb), self, 0);
  g_signal_connect_object (self, "notify::is-active", G_CALLBACK (on_active_cb), self,
                           G_CONNECT_SWAPPED);
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
      return crapette_window_refuse_input (self);
    case GDK_KEY_PRESS:
      switch (gdk_key_event_get_keyval (event))
        {
        case GDK_KEY_Return:
        case GDK_KEY_KP_Enter:
        case GDK_KEY_space:
        case GDK_KEY_KP_Space:
          return crapette_window_refuse_input (self);
        default:
          return FALSE;
        }
    default:
      return FALSE;
    }
}

/* Puts the guard on the table's input ahead of the table's own gestures, so the computer's
 * turn is not played for it and a past position is only looked at. */
void
crapette_window_init_input (CrapetteWindow *self)
{
  GtkEventController *guard = gtk_event_controller_legacy_new ();

  gtk_event_controller_set_propagation_phase (guard, GTK_PHASE_CAPTURE);
  g_signal_connect_object (guard, "event", G_CALLBACK (on_table_event_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self->table), guard);
}
