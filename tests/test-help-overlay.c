/* test-help-overlay.c: the shortcuts window is built when asked for, not with every window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "crapette-help-overlay.h"

/* What the shortcuts window must list: the gestures, the history's keys, every shortcut the
 * issue found missing. */
static const char * const listed[] = {
  "Double-click a card", "Plays it to a foundation", "Drag a card onto a pile",
  "Click a card, then the pile it goes to", "Click your stock", "Click a move",
  "Return to play", "Replay this deal", "Scores", "Show or hide the move history",
};

/* Appends the title and subtitle of every shortcut in @widget to @titles. */
static void
collect_titles (GtkWidget *widget,
                GString   *titles)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;

      g_object_get (widget, "title", &title, "subtitle", &subtitle, NULL);
      g_string_append_printf (titles, "%s\n%s\n", title, subtitle != NULL ? subtitle : "");
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_titles (child, titles);
}

static void
test_built_on_first_use (void)
{
  g_autoptr (AdwApplication) application = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) accels = NULL;
  GtkShortcutsWindow *overlay;
  GtkWidget *window;

  /* The program's resource path: GtkApplication would look for gtk/help-overlay.ui there. */
  application = g_object_new (ADW_TYPE_APPLICATION,
                              "application-id", "io.github.crapette.TestHelpOverlay",
                              "flags", G_APPLICATION_NON_UNIQUE,
                              "resource-base-path", "/io/github/crapette/Crapette",
                              NULL);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);
  crapette_help_overlay_install (GTK_APPLICATION (application));

  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application),
                                                  "win.show-help-overlay");
  g_assert_cmpuint (g_strv_length (accels), ==, 1);
  g_assert_cmpstr (accels[0], ==, "<Control>question");

  window = adw_application_window_new (GTK_APPLICATION (application));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), "show-help-overlay"));
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));

  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (overlay));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (overlay)) == GTK_WINDOW (window));

  /* Every shortcut and gesture is listed (the gestures as shortcuts of their own type, with a
   * title and subtitle, which GTK 4.8 draws without a warning; this test runs with fatal
   * warnings). */
  {
    g_autoptr(GString) titles = g_string_new (NULL);

    collect_titles (GTK_WIDGET (overlay), titles);
    for (guint i = 0; i < G_N_ELEMENTS (listed); i++)
      if (strstr (titles->str, listed[i]) == NULL)
        g_error ("the shortcuts window does not list “%s”", listed[i]);
  }

  /* Asking again shows the same window. */
  gtk_widget_set_visible (GTK_WIDGET (overlay), FALSE);
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  g_assert_true (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window))
                 == overlay);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  GTestDBus *bus;
  g_autofree char *display = g_strdup (g_getenv ("DISPLAY"));
  int status;

  g_test_init (&argc, &argv, NULL);

  /* A session bus of its own, so that the application registers as it does for a player. */
  bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_up (bus);
  /* GTestDBus unsets DISPLAY; the windows still need it. That bus has no
   * accessibility service, which GTK would otherwise warn about. */
  if (display != NULL)
    g_setenv ("DISPLAY", display, TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);

  g_test_add_func ("/help-overlay/built-on-first-use", test_built_on_first_use);
  status = g_test_run ();

  /* Stopped, and not taken down or freed (either waits for the connection to
   * go): GTK keeps its connection to the bus to the end of the program. */
  g_test_dbus_stop (bus);
  return status;
}
