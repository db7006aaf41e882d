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
  if (toast == self->last_toast)
    g_clear_handle_id (&self->toast_source, g_source_remove);
}

/* Shows @message in a toast for @seconds, replacing the one before. */
void
crapette_window_show_toast_for (CrapetteWindow *self,
                                const char     *message,
                                guint           seconds)
{
  AdwToast *toast;
  /* libadwaita 1.2 reads a toast's title as markup, and a message may quote a file or a
   * folder's name: escaped, it is shown as written instead of as a blank toast. */
  g_autofree char *title = g_markup_escape_text (message, -1);

  /* Toasts are read out: a refusal, a load onto the person's piles, a file opened. */
  crapette_window_speak (self, message);

  /* The window times its toast itself, so that a message that replaces another is shown for
   * its own time, not for what was left of the other's. */
  g_clear_handle_id (&self->toast_source, g_source_remove);
  self->toast_source = g_timeout_add_seconds (seconds, toast_time_is_up, self);

  /* A new message replaces the last one rather than queueing behind it. It
   * takes the place of the toast on show instead of dismissing it: in
   * libadwaita 1.2 a toast dismissed while it animates crashes the overlay. */
  if (self->last_toast != NULL)
    {
      adw_toast_set_title (self->last_toast, title);
      return;
    }

  toast = adw_toast_new (title);
  adw_toast_set_timeout (toast, 0);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed), self, 0);
  g_set_weak_pointer (&self->last_toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* The text @markup shows once parsed, or %NULL if it is not valid markup. */
static char *
markup_shown_text (const char *markup)
{
  char *text = NULL;

  if (!pango_parse_markup (markup, -1, 0, NULL, &text, NULL, NULL))
    return NULL;
  return text;
}

/* Returns the text the toast on show reads (its title once parsed as markup), or %NULL. */
const char *
crapette_window_get_toast_message (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), NULL);

  g_clear_pointer (&self->shown_toast_text, g_free);
  if (self->last_toast != NULL)
    self->shown_toast_text = markup_shown_text (adw_toast_get_title (self->last_toast));
  return self->shown_toast_text;
}
