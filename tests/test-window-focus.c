/* test-window-focus.c: the keyboard focus comes home to the table, on the pile it left
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Whatever opens over the table or beside it (a dialog, the main menu, the history pane),
 * the focus is back on the table's pile when it closes, with its ring showing, so the
 * game's keys (1–8, the arrows) work at once.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include "crapette-window-private.h"
#include "ui-test-helpers.h"

typedef struct
{
  CrapetteWindow *window;
  CrapetteTable *table;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->window = crapette_window_new (NULL);
  fixture->table = crapette_window_get_table (fixture->window);
  crapette_window_set_opponent (fixture->window, CRAPETTE_OPPONENT_TWO_PLAYERS);
  crapette_window_new_game (fixture->window, GPOINTER_TO_UINT (data), 42);
  ui_test_show_window (fixture->window, 1280, 800);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ui_test_drain ();
}

/* Puts the focus on house 3 with its key, as a person does. */
static void
focus_house_3 (Fixture *fixture)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.focus-pile",
                                             "u", crapette_pile_house (2)));
  g_assert_cmpuint (crapette_table_get_focus_pile (fixture->table), ==, crapette_pile_house (2));
}

/* Moves the focus away from the table, onto a button of the header bar. */
static void
focus_header (Fixture *fixture)
{
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (fixture->window->history_button)));
  gtk_window_set_focus_visible (GTK_WINDOW (fixture->window), FALSE);
  g_assert_cmpuint (crapette_table_get_focus_pile (fixture->table), ==, CRAPETTE_NO_PILE);
}

/* The focus is back on house 3, and shows. */
static void
assert_home (Fixture *fixture)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (fixture->window));

  ui_test_drain ();
  if (focus != crapette_table_get_pile_view (fixture->table, crapette_pile_house (2)))
    g_test_message ("focus on %s", focus ? G_OBJECT_TYPE_NAME (focus) : "nothing");
  g_assert_cmpuint (crapette_table_get_focus_pile (fixture->table), ==, crapette_pile_house (2));
  g_assert_true (focus == crapette_table_get_pile_view (fixture->table, crapette_pile_house (2)));
  g_assert_true (gtk_widget_has_visible_focus (focus));
  /* And a pile key works there: 5 goes to house 5. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.focus-pile",
                                             "u", crapette_pile_house (4)));
  g_assert_cmpuint (crapette_table_get_focus_pile (fixture->table), ==, crapette_pile_house (4));
}

/* Runs the main loop until @window is on screen. */
static void
wait_mapped (GtkWindow *window)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add (5000, ui_test_timeout_cb, &timed_out);

  while (!timed_out && !gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  ui_test_drain ();
}

/* Finds the newest window over the main window, other than the main window. */
static GtkWindow *
dialog_over (CrapetteWindow *window)
{
  g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window) &&
          gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return toplevel;
    }
  return NULL;
}

/* Preferences, New Game and Scores, opened from the header bar and closed: the focus is home. */
static void
test_dialogs (Fixture       *fixture,
              gconstpointer  data)
{
  const char * const actions[] = { "win.preferences", "win.new-game", "win.scores", NULL };

  for (guint i = 0; actions[i] != NULL; i++)
    {
      GtkWindow *dialog = NULL;

      focus_house_3 (fixture);
      focus_header (fixture);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), actions[i], NULL));
      g_set_weak_pointer (&dialog, dialog_over (fixture->window));
      g_assert_nonnull (dialog);
      wait_mapped (dialog);
      gtk_window_close (dialog);
      ui_test_drain ();
      g_assert_null (dialog);
      assert_home (fixture);
    }
}

/* The history pane hidden again (F9 or its button): the focus is home. */
static void
test_history (Fixture       *fixture,
              gconstpointer  data)
{
  focus_house_3 (fixture);
  gtk_toggle_button_set_active (fixture->window->history_button, TRUE);
  ui_test_drain ();
  focus_header (fixture);
  gtk_toggle_button_set_active (fixture->window->history_button, FALSE);
  assert_home (fixture);
}

/* The main menu closed, by Escape or a click elsewhere: the focus is home. */
static void
test_menu (Fixture       *fixture,
           gconstpointer  data)
{
  GtkPopover *popover = gtk_menu_button_get_popover (fixture->window->menu_button);

  focus_house_3 (fixture);
  /* Reached with Tab, or F10. */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (fixture->window->menu_button)));
  gtk_menu_button_popup (fixture->window->menu_button);
  ui_test_drain ();
  /* Whatever the menu did with the focus while open, it is not on the table. */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (fixture->window->menu_button)));
  gtk_popover_popdown (popover);
  assert_home (fixture);
}

/* The first time the focus comes home, before any pile had it, it lands on South's stock. */
static void
test_first_home (Fixture       *fixture,
                 gconstpointer  data)
{
  CrapetteTable *fresh = CRAPETTE_TABLE (crapette_table_new ());

  g_object_ref_sink (fresh);
  g_assert_cmpuint (fresh->home_pile, ==, CRAPETTE_NO_PILE);
  g_object_unref (fresh);

  focus_header (fixture);
  fixture->table->home_pile = CRAPETTE_NO_PILE;
  crapette_window_focus_home (fixture->window);
  g_assert_cmpuint (crapette_table_get_focus_pile (fixture->table), ==,
                    crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH));
  g_assert_true (gtk_widget_has_visible_focus (gtk_root_get_focus (GTK_ROOT (fixture->window))));
}

/* Tab into the table from outside lands on the pile the focus left, not the first pile. */
static void
test_tab_in (Fixture       *fixture,
             gconstpointer  data)
{
  focus_house_3 (fixture);
  focus_header (fixture);
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (fixture->table), GTK_DIR_TAB_FORWARD));
  g_assert_cmpuint (crapette_table_get_focus_pile (fixture->table), ==, crapette_pile_house (2));
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  for (CrapetteVariant variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      const char *name = variant == CRAPETTE_VARIANT_RUSSIAN ? "russian" : "american";
      gconstpointer data = GUINT_TO_POINTER (variant);
      g_autofree char *dialogs = g_strdup_printf ("/window-focus/%s/dialogs", name);
      g_autofree char *history = g_strdup_printf ("/window-focus/%s/history", name);
      g_autofree char *menu = g_strdup_printf ("/window-focus/%s/menu", name);
      g_autofree char *first = g_strdup_printf ("/window-focus/%s/first-home", name);
      g_autofree char *tab = g_strdup_printf ("/window-focus/%s/tab-in", name);

      g_test_add (dialogs, Fixture, data, fixture_set_up, test_dialogs, fixture_tear_down);
      g_test_add (history, Fixture, data, fixture_set_up, test_history, fixture_tear_down);
      g_test_add (menu, Fixture, data, fixture_set_up, test_menu, fixture_tear_down);
      g_test_add (first, Fixture, data, fixture_set_up, test_first_home, fixture_tear_down);
      g_test_add (tab, Fixture, data, fixture_set_up, test_tab_in, fixture_tear_down);
    }
  return g_test_run ();
}
