/* test-help-overlay.c: the shortcuts window is built when asked for, and lists every key
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "crapette-application.h"
#include "crapette-help-overlay.h"
#include "crapette-table.h"

/* What the shortcuts window must list: the gestures, the history's keys, every shortcut the
 * issue found missing. */
static const char * const listed[] = {
  "Double-click a card", "Plays it to a foundation", "Drag a card onto a pile",
  "Click a card, then the pile it goes to", "Click your stock", "Click a move",
  "Return to play", "Replay this deal", "Scores", "Show or hide the move history",
  "Read the pile in focus, card by card", "Say where the card you hold can go",
  "Read the whole position, pile by pile",
};

#define HELP_OVERLAY_RESOURCE "/io/github/crapette/Crapette/crapette-help-overlay.ui"
#define LISTED_MODIFIERS (GDK_SHIFT_MASK | GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)

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

/* A key as the overlay and the bindings are compared: "<keyval>:<modifiers>", the letter in
 * lower case (a binding of Shift+D has the keyval D, the overlay writes <shift>d). */
static char *
key_name (guint           keyval,
          GdkModifierType modifiers)
{
  return g_strdup_printf ("%u:%u", gdk_keyval_to_lower (keyval), modifiers & LISTED_MODIFIERS);
}

/* Adds to @keys every key of one GtkShortcutsShortcut accelerator: alternatives separated by
 * spaces, ranges such as "<ctrl>1...<ctrl>8" spelt out key by key. */
static void
add_accelerator_keys (const char *accelerator,
                      GHashTable *keys)
{
  g_auto (GStrv) alternatives = g_strsplit (accelerator, " ", -1);

  for (guint i = 0; alternatives[i] != NULL; i++)
    {
      g_auto (GStrv) ends = g_strsplit (alternatives[i], "...", 2);
      guint first, last;
      GdkModifierType modifiers, last_modifiers;

      if (ends[0][0] == '\0')
        continue;
      g_assert_true (gtk_accelerator_parse (ends[0], &first, &modifiers));
      last = first;
      if (ends[1] != NULL)
        {
          g_assert_true (gtk_accelerator_parse (ends[1], &last, &last_modifiers));
          g_assert_cmpuint (modifiers, ==, last_modifiers);
          g_assert_cmpuint (first, <, last);
        }
      for (guint keyval = first; keyval <= last; keyval++)
        g_hash_table_add (keys, key_name (keyval, modifiers));
    }
}

/* Collects the keys of every accelerator shortcut under @widget into @keys, and as
 * "action:NAME" the actions of those that show the keys of an action. */
static void
collect_keys (GtkWidget  *widget,
              GHashTable *keys)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *accelerator = NULL;
      g_autofree char *action_name = NULL;

      g_object_get (widget, "accelerator", &accelerator, "action-name", &action_name, NULL);
      if (accelerator != NULL)
        add_accelerator_keys (accelerator, keys);
      if (action_name != NULL)
        g_hash_table_add (keys, g_strconcat ("action:", action_name, NULL));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_keys (child, keys);
}

/* Fails unless every key binding of @widget's class is in @keys. The keypad's digits and
 * Enter are the same keys as their twins on the main keyboard, which the overlay lists. */
static void
assert_bindings_listed (GtkWidget  *widget,
                        GHashTable *keys)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);
  guint checked = 0;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
          g_autofree char *name = NULL;
          g_autofree char *action_text = NULL;
          guint keyval;

          if (!GTK_IS_KEYVAL_TRIGGER (trigger))
            continue;
          keyval = gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger));
          if (g_str_has_prefix (gdk_keyval_name (keyval), "KP_"))
            continue;
          name = key_name (keyval, gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)));
          action_text = gtk_shortcut_action_to_string (action);
          if (!g_hash_table_contains (keys, name))
            g_error ("the shortcuts window does not list %s, the key of %s",
                     gtk_shortcut_trigger_to_string (trigger), action_text);
          checked++;
        }
    }
  /* Arrows, Return, Space, Escape, I, L, P, 1–8, Ctrl+1–8, D/C/W/R and Shift+D/C/W/R. */
  g_assert_cmpuint (checked, >=, 32);
}

/* Every key the table binds (moving, playing, reading aloud) and every accelerator of the
 * application's actions has its line in the shortcuts window, so a player who learns the
 * keys from it learns all of them. */
static void
test_every_key_listed (void)
{
  g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource (HELP_OVERLAY_RESOURCE);
  g_autoptr (GHashTable) keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (CrapetteApplication) application = crapette_application_new ();
  g_auto (GStrv) actions = NULL;
  GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
  GtkWidget *table = crapette_table_new ();

  collect_keys (overlay, keys);

  g_object_ref_sink (table);
  assert_bindings_listed (table, keys);
  g_object_unref (table);

  g_application_set_flags (G_APPLICATION (application), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, NULL));
  actions = gtk_application_list_action_descriptions (GTK_APPLICATION (application));
  g_assert_cmpuint (g_strv_length (actions), >=, 10);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application),
                                                                     actions[i]);
      g_autofree char *shown_by_action = g_strconcat ("action:", actions[i], NULL);

      if (g_hash_table_contains (keys, shown_by_action))
        continue;
      for (guint j = 0; accels[j] != NULL; j++)
        {
          guint keyval;
          GdkModifierType modifiers;
          g_autofree char *name = NULL;

          g_assert_true (gtk_accelerator_parse (accels[j], &keyval, &modifiers));
          name = key_name (keyval, modifiers);
          if (!g_hash_table_contains (keys, name))
            g_error ("the shortcuts window does not list %s, the key of %s", accels[j],
                     actions[i]);
        }
    }
  gtk_window_destroy (GTK_WINDOW (overlay));
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
  g_test_add_func ("/help-overlay/every-key-listed", test_every_key_listed);
  status = g_test_run ();

  /* Stopped, and not taken down or freed (either waits for the connection to
   * go): GTK keeps its connection to the bus to the end of the program. */
  g_test_dbus_stop (bus);
  return status;
}
