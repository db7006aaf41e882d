/* crapette-window-toast.c: the main window's toasts: one at a time, the newest replacing the
 * one on show
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-window-private.h"

/* Shows @message in a toast that replaces the one before. */
void
crapette_window_show_toast (CrapetteWindow *self,
                            const char     *message)
{
  crapette_window_show_toast_for (self, message, 4);
}

static gboolean
toast_time_is_up (gpointer data)
{
  CrapetteWindow *self = data;

  self->toast_source = 0;
  if (self->last_toast != NULL)
    adw_toast_dismiss (self->last_toast);
  return G_SOURCE_REMOVE;
}

static void
toast_dismissed (AdwToast       *toast,
                 CrapetteWindow *self)
{
  if (toast != self->last_toast)
    return;
  g_clear_handle_id (&self->toast_source, g_source_remove);
  /* Dismissed, it is on its way out (libadwaita hides it, then lets go of it): no longer the
   * toast on show, and no place for the next message. */
  g_clear_weak_pointer (&self->last_toast);
}

/* The words of a toast, in a label of its own: libadwaita 1.2 shows a toast's title on one
 * line, cut short with an ellipsis, and the longer refusals ("Tableau piles are built in
 * double suits: …") lost their end in a narrow window or with large text. This label wraps
 * instead. It is plain text, never markup, so a file's or a folder's name quoted in a message
 * shows as written. */
static GtkWidget *
new_toast_label (const char *message)
{
  GtkWidget *label = gtk_label_new (message);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  /* The overlay gives a toast the width it asks for, not the window's: a wrapping label asks
   * for no more than this, which fits an 800 px window even with text 1.5 times larger. */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 50);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

/* Shows @message in a toast for @seconds, replacing the one before. */
void
crapette_window_show_toast_for (CrapetteWindow *self,
                                const char     *message,
                                guint           seconds)
{
  AdwToast *toast;
  GtkWidget *shown_label;

  /* Toasts are read out: a refusal, a load onto the person's piles, a file opened. */
  crapette_window_speak (self, message);

  /* The window times its toast itself, so that a message that replaces another is shown for
   * its own time, not for what was left of the other's. */
  g_clear_handle_id (&self->toast_source, g_source_remove);
  self->toast_source = g_timeout_add_seconds (seconds, toast_time_is_up, self);

  /* A new message replaces the last one rather than queueing behind it. It
   * takes the place of the toast on show instead of dismissing it: in
   * libadwaita 1.2 a toast dismissed while it animates crashes the overlay. */
  shown_label = self->last_toast != NULL ? adw_toast_get_custom_title (self->last_toast) : NULL;
  if (GTK_IS_LABEL (shown_label))
    {
      gtk_label_set_text (GTK_LABEL (shown_label), message);
      return;
    }

  toast = adw_toast_new ("");
  adw_toast_set_custom_title (toast, new_toast_label (message));
  adw_toast_set_timeout (toast, 0);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed), self, 0);
  g_set_weak_pointer (&self->last_toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* Returns the text the toast on show reads, or %NULL. */
const char *
crapette_window_get_toast_message (CrapetteWindow *self)
{
  GtkWidget *label;

  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  g_clear_pointer (&self->shown_toast_text, g_free);
  label = self->last_toast != NULL ? adw_toast_get_custom_title (self->last_toast) : NULL;
  if (GTK_IS_LABEL (label))
    self->shown_toast_text = g_strdup (gtk_label_get_text (GTK_LABEL (label)));
  return self->shown_toast_text;
}
