/* crapette-window-save.c: the main window's saved game: written after every move, and a
 * lasting sign while it cannot be
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session (crapette-session.c) writes the match in a worker, so a move never waits for
 * the disk; this file shows what it says of it. When a save fails, a bar under the header bar says so in a player's words, with the
 * technical detail one click away and "Save As…" to put the game somewhere that works; it
 * stays while saves keep failing (a toast would be gone in seconds), and when one works
 * again it goes, and a toast says so. libadwaita 1.2 has no AdwBanner: the bar is a
 * GtkRevealer in the window's template.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-window-private.h"

static void
show_save_bar (CrapetteWindow *self,
               const char     *message,
               const char     *details)
{
  gtk_label_set_text (self->save_bar_label, message);
  g_free (self->save_details);
  self->save_details = g_strdup (details);
  gtk_revealer_set_reveal_child (self->save_bar, TRUE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->save_bar), GTK_ACCESSIBLE_STATE_HIDDEN,
                               FALSE, -1);
  self->n_save_bars_shown++;
}

static void
on_save_failed_cb (CrapetteSession *session,
                   const GError    *error,
                   const char      *details,
                   CrapetteWindow  *self)
{
  show_save_bar (self, error->message, details);
}

static void
on_save_recovered_cb (CrapetteSession *session,
                      CrapetteWindow  *self)
{
  gtk_revealer_set_reveal_child (self->save_bar, FALSE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->save_bar), GTK_ACCESSIBLE_STATE_HIDDEN,
                               TRUE, -1);
  crapette_window_show_toast (self, _("Your game is being saved again"));
}

/* A saved game that did not read back: what happened and where it was kept, once. */
static void
on_save_set_aside_cb (CrapetteSession *session,
                      const GError    *error,
                      const char      *kept_as,
                      CrapetteWindow  *self)
{
  crapette_window_show_toast (self, error->message);
}

/* Follows the session's saved game: the bar while saves fail, a toast for a save set aside. */
void
crapette_window_init_save (CrapetteWindow *self)
{
  g_signal_connect_object (self->session, "save-failed", G_CALLBACK (on_save_failed_cb), self, 0);
  g_signal_connect_object (self->session, "save-recovered", G_CALLBACK (on_save_recovered_cb),
                           self, 0);
  g_signal_connect_object (self->session, "save-set-aside", G_CALLBACK (on_save_set_aside_cb),
                           self, 0);
}

/* Waits until the last save asked for is on disk (or has failed). */
void
crapette_window_flush_save (CrapetteWindow *self)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));

  crapette_session_flush (self->session);
}

/* Returns the words on the "not being saved" bar, or %NULL when it is hidden. */
const char *
crapette_window_get_save_warning (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  return gtk_revealer_get_reveal_child (self->save_bar)
         ? gtk_label_get_text (self->save_bar_label) : NULL;
}

static void
action_save_details (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);
  GtkWidget *dialog;

  if (self->save_details == NULL)
    return;
  /* Plain text: the body of a message dialog is not read as markup. */
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Why Your Game Is Not Being Saved"),
                                   self->save_details);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Installs the action that explains a failed save. */
void
crapette_window_class_init_save (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.save-details", NULL, action_save_details);
}
