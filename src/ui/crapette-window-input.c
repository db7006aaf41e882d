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
