/* test-table-reading.c: what the table says to a player who plays by keyboard, without sight
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hand-made positions, played through the table's own actions (the keys' actions): the list
 * of where a card may go, the card a turn shows, and the focus ring after a jump.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include "crapette-notation.h"
#include "ui-test-helpers.h"

typedef struct
{
  CrapetteWindow *window;
  CrapetteTable *table;
  char *said;
} Fixture;

static void
on_announce_cb (CrapetteTable *table,
                const char    *text,
                Fixture       *fixture)
{
  g_free (fixture->said);
  fixture->said = g_strdup (text);
}

/* A window of two people at one screen showing the round that starts at @position. */
static void
fixture_set_up (Fixture    *fixture,
                const char *position)
{
  CrapettePosition start;
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteRound) round = NULL;

  fixture->window = crapette_window_new (NULL);
  fixture->table = crapette_window_get_table (fixture->window);
  crapette_window_new_game (fixture->window, CRAPETTE_VARIANT_RUSSIAN, 1);
  g_assert_true (crapette_notation_parse_position (position, -1, &start, &error));
  g_assert_no_error (error);
  round = crapette_round_new_from_position (&start, FALSE);
  crapette_game_load_round (crapette_window_get_game (fixture->window), round);
  ui_test_show_window (fixture->window, 1280, 800);
  g_signal_connect (fixture->table, "announce", G_CALLBACK (on_announce_cb), fixture);
}

static void
fixture_tear_down (Fixture *fixture)
{
  g_signal_handlers_disconnect_by_data (fixture->table, fixture);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ui_test_drain ();
  g_free (fixture->said);
}

static void
activate (Fixture    *fixture,
          const char *action,
          const char *format,
          ...)
{
  GVariant *parameter = NULL;
  va_list args;

  if (format != NULL)
    {
      va_start (args, format);
      parameter = g_variant_new_va (format, NULL, &args);
      va_end (args);
    }
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (fixture->table), action,
                                                     parameter));
  crapette_table_finish_animations (fixture->table);
}

/* South's reserve shows an Ace, every foundation is empty, and two houses are empty. */
static const char ace_on_reserve[] =
  "Crapette position\n"
  "Variant: russian\n"
  "Rules: reserve=13 start=low-card idle-turns=50\n"
  "To move: south\n"
  "\n"
  "SR: 9♦ A♠\n"
  "NR: 3♣*\n"
  "H1: 8♠\n"
  "H2: 2♥\n"
  "H3: K♣\n"
  "H4: Q♦\n"
  "H5: 5♥\n"
  "H6: 9♥\n"
  "Rest: SD ND\n";

/* Several empty places alike are named once; a single place by its own name. */
static void
test_targets_named_once (void)
{
  Fixture fixture = { NULL };
  CrapettePileId reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH);

  fixture_set_up (&fixture, ace_on_reserve);
  activate (&fixture, "table.click-pile", "u", (guint32) reserve);
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture.table), ==, reserve);
  activate (&fixture, "table.read-targets", NULL);
  g_assert_cmpstr (fixture.said, ==, "The Ace of Spades can go to any empty foundation.");

  /* The Ace goes up and shows the 9♦, which can go to the two empty houses only, said once. */
  activate (&fixture, "table.click-pile", "u", (guint32) crapette_pile_foundation (0));
  activate (&fixture, "table.click-pile", "u", (guint32) reserve);
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture.table), ==, reserve);
  activate (&fixture, "table.read-targets", NULL);
  g_assert_cmpstr (fixture.said, ==, "The Nine of Diamonds can go to any empty house.");
  fixture_tear_down (&fixture);
}

/* Nothing on the table takes the reserve's King, so South turns: the card is said. */
static const char king_on_reserve[] =
  "Crapette position\n"
  "Variant: russian\n"
  "Rules: reserve=13 start=low-card idle-turns=50\n"
  "To move: south\n"
  "\n"
  "SR: 9♦ K♠\n"
  "NR: 3♣*\n"
  "H1: 8♠\n"
  "H2: 2♥\n"
  "H3: K♣\n"
  "H4: Q♠\n"
  "H5: 5♥\n"
  "H6: 9♥\n"
  "H7: 4♠\n"
  "H8: 6♠\n"
  "SD: 7♣ 10♦\n"
  "Rest: ND\n";

static void
test_turn_says_card (void)
{
  Fixture fixture = { NULL };

  fixture_set_up (&fixture, king_on_reserve);
  activate (&fixture, "table.turn-card", NULL);
  g_assert_cmpstr (fixture.said, ==, "Turned up: Ten of Diamonds");
  fixture_tear_down (&fixture);
}

/* A jump to a pile by its key, or Escape, shows the focus ring, as an arrow key does. */
static void
test_jump_shows_focus (void)
{
  Fixture fixture = { NULL };
  GtkWindow *window;

  fixture_set_up (&fixture, king_on_reserve);
  window = GTK_WINDOW (fixture.window);

  gtk_window_set_focus_visible (window, FALSE);
  activate (&fixture, "table.focus-pile", "u", crapette_pile_house (2));
  g_assert_cmpuint (crapette_table_get_focus_pile (fixture.table), ==, crapette_pile_house (2));
  g_assert_true (gtk_window_get_focus_visible (window));

  gtk_window_set_focus_visible (window, FALSE);
  activate (&fixture, "table.cancel", NULL);
  g_assert_true (gtk_window_get_focus_visible (window));
  fixture_tear_down (&fixture);
}

/* The keys 1–8 (and the keypad's) jump to the houses, Ctrl+1–8 to the foundations: each
 * key binding of the table is activated as the key would activate it. */
static void
test_number_keys_jump (void)
{
  Fixture fixture = { NULL };
  g_autoptr (GListModel) controllers = NULL;
  guint jumps = 0;

  fixture_set_up (&fixture, king_on_reserve);
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (fixture.table));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          guint keyval, index;
          gboolean control;
          CrapettePileId pile;

          if (!GTK_IS_KEYVAL_TRIGGER (trigger))
            continue;
          keyval = gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger));
          control = (gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) &
                     GDK_CONTROL_MASK) != 0;
          if (keyval >= GDK_KEY_1 && keyval <= GDK_KEY_8)
            index = keyval - GDK_KEY_1;
          else if (keyval >= GDK_KEY_KP_1 && keyval <= GDK_KEY_KP_8 && !control)
            index = keyval - GDK_KEY_KP_1;
          else
            continue;
          pile = control ? crapette_pile_foundation (index) : crapette_pile_house (index);
          g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                       GTK_WIDGET (fixture.table),
                                                       gtk_shortcut_get_arguments (shortcut)));
          g_assert_cmpuint (crapette_table_get_focus_pile (fixture.table), ==, pile);
          jumps++;
        }
    }
  /* 1–8, the keypad's 1–8 and Ctrl+1–8. */
  g_assert_cmpuint (jumps, ==, 3 * CRAPETTE_N_HOUSES);
  fixture_tear_down (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  g_test_add_func ("/table-reading/targets-named-once", test_targets_named_once);
  g_test_add_func ("/table-reading/turn-says-card", test_turn_says_card);
  g_test_add_func ("/table-reading/jump-shows-focus", test_jump_shows_focus);
  g_test_add_func ("/table-reading/number-keys-jump", test_number_keys_jump);
  return g_test_run ();
}
