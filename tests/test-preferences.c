/* test-preferences.c: every row of the Preferences window round-trips through GSettings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <adwaita.h>

#include "crapette-preferences-window.h"
#include "ui-test-helpers.h"

/* Finds the descendant of @widget whose accessible title or label is @title. */
static GtkWidget *
find_row (GtkWidget  *widget,
          GType       type,
          const char *title)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type) && ADW_IS_PREFERENCES_ROW (child) &&
          g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child)), title) == 0)
        return child;
      found = find_row (child, type, title);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        return child;
      found = find_descendant (child, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct
{
  const char *title;
  const char *key;
  const char * const nicks[6];
} ChoiceRow;

static const ChoiceRow choice_rows[] = {
  { "Game", "variant", { "russian", "american" } },
  { "Opponent", "opponent",
    { "computer-easy", "computer-medium", "computer-hard", "two-players" } },
  { "Russian Bank", "russian-match-target",
    { "single-round", "points-100", "points-200", "points-300", "points-500" } },
  { "American Bank", "american-match-length",
    { "best-of-1", "best-of-3", "best-of-5", "best-of-7" } },
  { "First Player", "first-player", { "low-card", "alternate" } },
  { "Mistakes", "mistakes", { "prevented", "called" } },
  { "Computer’s Mistakes", "computer-mistakes", { "by-level", "always", "never" } },
  { "Animation Speed", "animation-speed", { "slow", "normal", "fast" } },
  { "Computer Speed", "computer-speed", { "slow", "normal", "fast" } },
};

static void
test_rows_round_trip (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapettePreferencesWindow *window = crapette_preferences_window_new (NULL, settings);
  GtkWidget *root = GTK_WIDGET (window);
  AdwComboRow *reserve;
  GtkSpinButton *spin;
  GtkSwitch *toggle;
  AdwEntryRow *south;

  g_object_ref_sink (window);

  for (guint i = 0; i < G_N_ELEMENTS (choice_rows); i++)
    {
      const ChoiceRow *choice = &choice_rows[i];
      AdwComboRow *row = ADW_COMBO_ROW (find_row (root, ADW_TYPE_COMBO_ROW, choice->title));
      guint n_items;

      g_assert_nonnull (row);
      n_items = g_list_model_get_n_items (adw_combo_row_get_model (row));
      g_assert_cmpuint (n_items, ==, g_strv_length ((char **) choice->nicks));
      for (guint item = 0; item < n_items; item++)
        {
          g_autofree char *stored = NULL;

          /* Row → key. */
          adw_combo_row_set_selected (row, item);
          stored = g_settings_get_string (settings, choice->key);
          g_assert_cmpstr (stored, ==, choice->nicks[item]);
          /* Key → row. */
          g_settings_set_string (settings, choice->key, choice->nicks[n_items - 1 - item]);
          g_assert_cmpuint (adw_combo_row_get_selected (row), ==, n_items - 1 - item);
        }
      g_settings_reset (settings, choice->key);
    }

  reserve = ADW_COMBO_ROW (find_row (root, ADW_TYPE_COMBO_ROW, "Reserve Size"));
  g_assert_nonnull (reserve);
  g_assert_cmpuint (adw_combo_row_get_selected (reserve), ==, 1);
  adw_combo_row_set_selected (reserve, 0);
  g_assert_cmpint (g_settings_get_int (settings, "reserve-size"), ==, 12);
  g_settings_set_int (settings, "reserve-size", 13);
  g_assert_cmpuint (adw_combo_row_get_selected (reserve), ==, 1);

  /* The spin button stays within the key's range at both ends. */
  spin = GTK_SPIN_BUTTON (find_descendant (root, GTK_TYPE_SPIN_BUTTON));
  g_assert_nonnull (spin);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 50);
  gtk_spin_button_set_value (spin, 10);
  g_assert_cmpint (g_settings_get_int (settings, "idle-turn-limit"), ==, 10);
  gtk_spin_button_set_value (spin, 5000);
  g_assert_cmpint (g_settings_get_int (settings, "idle-turn-limit"), ==, 500);
  g_settings_set_int (settings, "idle-turn-limit", 77);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 77);

  toggle = GTK_SWITCH (find_descendant (root, GTK_TYPE_SWITCH));
  g_assert_nonnull (toggle);
  gtk_switch_set_active (toggle, TRUE);
  g_assert_true (g_settings_get_boolean (settings, "four-colour-deck"));
  g_settings_set_boolean (settings, "four-colour-deck", FALSE);
  g_assert_false (gtk_switch_get_active (toggle));

  south = ADW_ENTRY_ROW (find_row (root, ADW_TYPE_ENTRY_ROW, "South"));
  g_assert_nonnull (south);
  gtk_editable_set_text (GTK_EDITABLE (south), "Éloïse");
  {
    g_autofree char *name = g_settings_get_string (settings, "south-name");

    g_assert_cmpstr (name, ==, "Éloïse");
  }
  g_settings_set_string (settings, "south-name", "Bob");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (south)), ==, "Bob");

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

/* The computer's mistakes only matter when they may be called: the row follows the rule. */
static void
test_computer_mistakes_follow_the_rule (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapettePreferencesWindow *window = crapette_preferences_window_new (NULL, settings);
  GtkWidget *row, *rule;

  g_object_ref_sink (window);
  row = find_row (GTK_WIDGET (window), ADW_TYPE_COMBO_ROW, "Computer’s Mistakes");
  rule = find_row (GTK_WIDGET (window), ADW_TYPE_COMBO_ROW, "Mistakes");
  g_assert_nonnull (row);
  g_assert_nonnull (rule);

  g_assert_cmpint (g_settings_get_enum (settings, "mistakes"), ==, CRAPETTE_MISTAKES_PREVENTED);
  g_assert_false (gtk_widget_get_sensitive (row));
  adw_combo_row_set_selected (ADW_COMBO_ROW (rule), 1);
  g_assert_true (gtk_widget_get_sensitive (row));
  g_settings_set_string (settings, "mistakes", "prevented");
  g_assert_false (gtk_widget_get_sensitive (row));
  /* By default each level plays as it would. */
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
  g_settings_reset (settings, "mistakes");
}

static void
test_shown (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapettePreferencesWindow *window = crapette_preferences_window_new (NULL, settings);

  g_object_ref_sink (window);
  gtk_window_present (GTK_WINDOW (window));
  ui_test_drain ();
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
  g_assert_finalize_object (window);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  g_test_add_func ("/preferences/rows-round-trip", test_rows_round_trip);
  g_test_add_func ("/preferences/computer-mistakes-follow-the-rule",
                   test_computer_mistakes_follow_the_rule);
  g_test_add_func ("/preferences/shown", test_shown);

  return g_test_run ();
}
