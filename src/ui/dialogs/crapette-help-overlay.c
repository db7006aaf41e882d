/* crapette-help-overlay.c: the keyboard shortcuts window, built the first time it is asked for
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GtkApplication builds gtk/help-overlay.ui for every window as the window
 * is added, which put several milliseconds of widget building in front of
 * the first frame for a window hardly anyone opens. The file is therefore
 * compiled under another resource name, and this action builds it when the
 * player first asks for it.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-help-overlay.h"

#define HELP_OVERLAY_RESOURCE "/io/github/crapette/Crapette/crapette-help-overlay.ui"

static void
action_show_help_overlay (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  GtkApplicationWindow *window = GTK_APPLICATION_WINDOW (user_data);
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (window);

  if (overlay == NULL)
    {
      g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource (HELP_OVERLAY_RESOURCE);
      GObject *built = gtk_builder_get_object (builder, "help_overlay");

      if (!GTK_IS_SHORTCUTS_WINDOW (built))
        {
          g_warning ("%s holds no shortcuts window named help_overlay", HELP_OVERLAY_RESOURCE);
          return;
        }
      overlay = GTK_SHORTCUTS_WINDOW (built);
      /* The window keeps it from now on, hides it on close and shows it transient. */
      gtk_application_window_set_help_overlay (window, overlay);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

static void
on_window_added_cb (GtkApplication *application,
                    GtkWindow      *window,
                    gpointer        user_data)
{
  g_autoptr (GSimpleAction) action = NULL;

  if (!GTK_IS_APPLICATION_WINDOW (window) ||
      g_action_map_lookup_action (G_ACTION_MAP (window), "show-help-overlay") != NULL)
    return;

  action = g_simple_action_new ("show-help-overlay", NULL);
  g_signal_connect_object (action, "activate", G_CALLBACK (action_show_help_overlay), window, 0);
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (action));
}

/* Gives every window of @application a win.show-help-overlay action (Ctrl+?) that builds
 * the shortcuts window on first use. */
void
crapette_help_overlay_install (GtkApplication *application)
{
  static const char *accels[] = { "<Primary>question", NULL };

  g_return_if_fail (GTK_IS_APPLICATION (application));

  g_signal_connect (application, "window-added", G_CALLBACK (on_window_added_cb), NULL);
  gtk_application_set_accels_for_action (application, "win.show-help-overlay", accels);
}
