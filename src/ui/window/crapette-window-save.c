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
 *
 * A copy opened while another held the save plays read-only under that bar. Once the other
 * copy is gone (the session's ::save-writer-gone), the bar says so and offers Take Over: this
 * copy then saves, going on with the other copy's game as it was saved, and drops its own
 * moves since it opened (crapette-session-take-over.c says why). The bar says that before
 * the person chooses, and Save As beside it keeps those moves.
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
  char *kept = g_strdup (details);   /* @details may be the words shown until now */

  gtk_label_set_text (self->save_bar_label, message);
  g_free (self->save_details);
  self->save_details = kept;
  gtk_widget_set_visible (GTK_WIDGET (self->take_over_button), FALSE);
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
hide_save_bar (CrapetteWindow *self)
{
  gtk_revealer_set_reveal_child (self->save_bar, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->take_over_button), FALSE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->save_bar), GTK_ACCESSIBLE_STATE_HIDDEN,
                               TRUE, -1);
}

static void
on_save_recovered_cb (CrapetteSession *session,
                      CrapetteWindow  *self)
{
  hide_save_bar (self);
  crapette_window_show_toast (self, _("Your game is being saved again"));
}

/* The copy that held the save is gone: the bar offers to take it over, saying what happens. */
static void
on_save_writer_gone_cb (CrapetteSession *session,
                        CrapetteWindow  *self)
{
  show_save_bar (self,
                 _("The other copy of Crapette has closed. Take over to go on with its game "
                   "and save here; the moves made here since it opened will be dropped "
                   "(Save As keeps them)."),
                 self->save_details);
  gtk_widget_set_visible (GTK_WIDGET (self->take_over_button), TRUE);
}

static void
action_take_over (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CrapetteWindow *self = CRAPETTE_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  gboolean resumed = FALSE;

  if (!crapette_session_get_read_only (self->session))
    return;
  if (!crapette_session_take_over (self->session, &resumed, &error))
    {
      /* Yet another copy took the save first: back to playing read-only. */
      show_save_bar (self, error->message, self->save_details);
      return;
    }
  hide_save_bar (self);
  crapette_window_show_toast (self, resumed
                              ? _("Saving here now, going on with the other copy's game")
                              : _("Saving here now: the other copy's match was over, so "
                                  "this one goes on"));
}

/* Whether the save bar offers to take the saved game over. */
gboolean
crapette_window_get_can_take_over (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), FALSE);

  return gtk_revealer_get_reveal_child (self->save_bar) &&
         gtk_widget_get_visible (GTK_WIDGET (self->take_over_button));
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
  g_signal_connect_object (self->session, "save-writer-gone",
                           G_CALLBACK (on_save_writer_gone_cb), self, 0);
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
  gtk_widget_class_install_action (widget_class, "win.take-over", NULL, action_take_over);
}
