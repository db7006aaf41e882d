/* test-round-end.c: a finished round always leads on, however its summary is closed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rounds near their end (the records of tests/a11y) are played out at random between two
 * people at one screen; then the summary is closed each way a person closes it, and the
 * header bar, the main menu's action and its key must still lead on: to the next round, or
 * to a new match against the same opponent once the match is over. A saved game whose last
 * round is over offers the same when it is resumed.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include "crapette-application.h"
#include "crapette-random.h"
#include "crapette-window-private.h"
#include "folder-test-helpers.h"
#include "ui-test-helpers.h"

static char *data_home;

/* How the summary goes away. */
typedef enum
{
  CLOSE_BY_ESCAPE,  /* its Escape binding */
  CLOSE_BY_BUTTON,  /* the close button of its header bar */
  CLOSE_BY_OTHER,   /* destroyed, as when another window takes over */
} CloseWay;

/* The near-end record of @variant, for two people, as a match of @length. */
static char *
near_end_record (CrapetteVariant variant,
                 guint           length)
{
  const char *name = variant == CRAPETTE_VARIANT_AMERICAN ? "american-near-end.crapette"
                                                          : "russian-near-end.crapette";
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "a11y", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  GString *out = g_string_new (NULL);

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "Opponent:"))
        g_string_append (out, "Opponent: two-players");
      else if (g_str_has_prefix (lines[i], "Length:"))
        g_string_append_printf (out, "Length: %u", length);
      else
        g_string_append (out, lines[i]);
      if (lines[i + 1] != NULL)
        g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* A window on screen playing the near-end round of @variant, in a match of @length. */
/* A match that goes on after its first round: 300 points, or the best of 3 rounds. */
static guint
long_match (CrapetteVariant variant)
{
  return variant == CRAPETTE_VARIANT_AMERICAN ? 3 : 300;
}

/* A match of one round. */
static guint
short_match (CrapetteVariant variant)
{
  return variant == CRAPETTE_VARIANT_AMERICAN ? 1 : CRAPETTE_MATCH_SINGLE_ROUND;
}

static CrapetteWindow *
new_near_end_window (CrapetteVariant variant,
                     guint           length)
{
  CrapetteWindow *window = crapette_window_new (NULL);
  g_autofree char *record = near_end_record (variant, length);
  g_autoptr(GError) error = NULL;

  crapette_session_open_record (crapette_window_get_session (window), record, -1, &error);
  g_assert_no_error (error);
  ui_test_show_window (window, 1280, 800);
  return window;
}

/* Plays the round out with random moves (seed @seed), as two people at one screen. */
static void
play_round_out (CrapetteWindow *window,
                guint32         seed)
{
  CrapetteGame *game = crapette_window_get_game (window);
  CrapetteRandom random;

  crapette_random_init (&random, seed);
  for (guint moves = 0; crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING; moves++)
    {
      gsize n_moves;
      const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_moves);
      CrapetteMove move;

      g_assert_cmpuint (moves, <, 20000);
      g_assert_cmpuint (n_moves, >, 0);
      move = legal[crapette_random_below (&random, (guint32) n_moves)];
      g_assert_true (crapette_game_play (game, &move, NULL));
    }
  ui_test_drain ();
  crapette_table_finish_animations (crapette_window_get_table (window));
}

static void
close_summary (CrapetteWindow *window,
               CloseWay        way)
{
  GtkWindow *summary = window->round_dialog;

  g_assert_nonnull (summary);
  switch (way)
    {
    case CLOSE_BY_ESCAPE:
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (summary), "window.close", NULL));
      break;
    case CLOSE_BY_BUTTON:
      gtk_window_close (summary);
      break;
    case CLOSE_BY_OTHER:
      gtk_window_destroy (summary);
      break;
    }
  ui_test_drain ();
  g_assert_null (window->round_dialog);
}

/* Whether the window's action @name is enabled, as a button bound to it in the window
 * sees it (a menu item hidden when disabled follows the same state). */
static gboolean
action_enabled (CrapetteWindow *window,
                const char     *name)
{
  GtkWidget *box = gtk_widget_get_parent (GTK_WIDGET (window->table));
  GtkWidget *probe = gtk_button_new ();
  g_autofree char *action = g_strconcat ("win.", name, NULL);
  gboolean enabled;

  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), action);
  gtk_box_append (GTK_BOX (box), probe);
  enabled = gtk_widget_get_sensitive (probe);
  gtk_box_remove (GTK_BOX (box), probe);
  return enabled;
}

/* The header bar, the menu and the key all lead on, to @action with the button's @label. */
static void
assert_way_on (CrapetteWindow *window,
               const char     *action,
               const char     *label)
{
  GtkWidget *button = GTK_WIDGET (window->next_round_button);
  gboolean next_round = g_str_equal (action, "win.next-round");

  g_assert_true (gtk_widget_get_visible (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, label);
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, action);
  g_assert_true (action_enabled (window, "next-round") == next_round);
  g_assert_true (action_enabled (window, "new-match") == !next_round);
  /* Nothing is given up by a new game now: the round's points are counted. */
  g_assert_false (crapette_window_round_in_progress (window));
}

/* While a round is played, nothing of the way on shows. */
static void
assert_no_way_on (CrapetteWindow *window)
{
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->next_round_button)));
  g_assert_false (action_enabled (window, "next-round"));
  g_assert_false (action_enabled (window, "new-match"));
}

/* The message line tells how the round ended, or who won the match with it, in a sentence
 * of @pattern ("wins the round"); once the next round is dealt it is empty again. */
static void
assert_round_end_written (CrapetteWindow *window,
                          const char     *pattern)
{
  const char *line = crapette_window_get_announcement (window);

  if (!g_regex_match_simple (pattern, line, 0, 0))
    g_test_message ("the message line: “%s”", line);
  g_assert_true (g_regex_match_simple (pattern, line, 0, 0));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->message_stack)));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->message_stack), ==,
                   "announcement");
  /* The news of the round, not dimmed as a move in words is. */
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window->announcement_label), "round-end"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window->announcement_label),
                                            "dim-label"));
}

/* The next round dealt, the message line is empty and waits for moves in words, dimmed. */
static void
assert_line_cleared (CrapetteWindow *window)
{
  g_assert_cmpstr (crapette_window_get_announcement (window), ==, "");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window->announcement_label), "dim-label"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window->announcement_label), "round-end"));
}

#define ROUND_END "^((South|North) wins the round|The round is blocked|The round is over)$"
#define MATCH_END "^((South|North) wins the match|The match is drawn)$"

/* Each way of closing the summary leaves the next round a click, a menu item or a key away;
 * the button deals it. */
static void
test_next_round (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);

  for (CloseWay way = CLOSE_BY_ESCAPE; way <= CLOSE_BY_OTHER; way++)
    {
      CrapetteWindow *window = new_near_end_window (variant, long_match (variant));
      CrapetteMatch *match = crapette_window_get_match (window);

      assert_no_way_on (window);
      play_round_out (window, 11 + way);
      g_assert_false (crapette_match_is_finished (match));
      close_summary (window, way);
      assert_way_on (window, "win.next-round", "_Next Round");
      assert_round_end_written (window, ROUND_END);

      g_signal_emit_by_name (window->next_round_button, "clicked");
      ui_test_drain ();
      g_assert_true (crapette_window_get_match (window) == match);
      g_assert_true (crapette_match_is_round_in_play (match));
      g_assert_cmpuint (crapette_match_get_n_finished_rounds (match), ==, 1);
      assert_no_way_on (window);
      assert_line_cleared (window);
      /* With a move made in the new round, a new game would give it up again. */
      play_round_out (window, 3);
      close_summary (window, way);
      assert_round_end_written (window, ROUND_END);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-round", NULL));
      g_assert_cmpuint (crapette_match_get_n_finished_rounds (match), ==, 2);
      g_assert_true (crapette_match_is_round_in_play (match));
      assert_line_cleared (window);

      gtk_window_destroy (GTK_WINDOW (window));
      ui_test_drain ();
    }
}

/* After the match's last round, the way on is a new match: the same game and opponent, a
 * fresh deal. */
static void
test_new_match (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  CrapetteWindow *window = new_near_end_window (variant, short_match (variant));
  CrapetteSession *session = crapette_window_get_session (window);
  CrapetteMatch *match = crapette_window_get_match (window);
  CrapetteMatch *next;

  play_round_out (window, 5);
  g_assert_true (crapette_match_is_finished (match));
  close_summary (window, CLOSE_BY_ESCAPE);
  assert_way_on (window, "win.new-match", "_New Match");
  assert_round_end_written (window, MATCH_END);

  g_signal_emit_by_name (window->next_round_button, "clicked");
  ui_test_drain ();
  next = crapette_window_get_match (window);
  g_assert_true (next != match);
  g_assert_false (crapette_match_is_finished (next));
  g_assert_true (crapette_match_is_round_in_play (next));
  g_assert_cmpint (crapette_match_get_variant (next), ==, variant);
  g_assert_cmpint (crapette_session_get_opponent (session), ==, CRAPETTE_OPPONENT_TWO_PLAYERS);
  g_assert_cmpint (crapette_match_get_opponent (next), ==, CRAPETTE_OPPONENT_TWO_PLAYERS);
  assert_no_way_on (window);

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

/* Every label of the window's title on one line (the subtitle wraps rather than being cut). */
static void
assert_one_line (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    {
      if (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (widget))) != 1)
        g_test_message ("on more lines: %s", gtk_label_get_text (GTK_LABEL (widget)));
      g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (widget))),
                       ==, 1);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_one_line (child);
}

/* At 800×600, once the round is over and Next Round stands in the header bar, the subtitle
 * still stands on one line: American Bank's count of completed sequences, told by the
 * summary, leaves it. */
static void
test_subtitle_800x600 (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  CrapetteWindow *window = crapette_window_new (NULL);
  g_autofree char *record = near_end_record (variant, long_match (variant));
  g_autoptr(GError) error = NULL;
  const char *subtitle;

  crapette_session_open_record (crapette_window_get_session (window), record, -1, &error);
  g_assert_no_error (error);
  ui_test_show_window (window, 800, 600);
  subtitle = adw_window_title_get_subtitle (window->window_title);
  if (variant == CRAPETTE_VARIANT_AMERICAN)
    g_assert_nonnull (strstr (subtitle, "completed sequence"));
  play_round_out (window, 11);
  close_summary (window, CLOSE_BY_ESCAPE);
  assert_way_on (window, "win.next-round", "_Next Round");
  ui_test_wait_for_frames (GTK_WIDGET (window));
  subtitle = adw_window_title_get_subtitle (window->window_title);
  g_assert_nonnull (strstr (subtitle, "The round is over"));
  g_assert_null (strstr (subtitle, "completed sequence"));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 800);
  assert_one_line (GTK_WIDGET (window->window_title));

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

/* Quitting on a finished round and starting again brings the round back with its way on. */
static void
test_resumed (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapetteWindow *window = crapette_window_new (NULL);
  g_autofree char *record = near_end_record (variant, long_match (variant));
  g_autofree char *round_end = NULL;
  g_autoptr(GError) error = NULL;
  CrapetteMatch *match;

  ui_test_remove_saves (data_home);
  g_settings_set_boolean (settings, "welcome-shown", TRUE);
  crapette_window_resume (window);
  g_assert_true (crapette_session_open_record (crapette_window_get_session (window), record, -1,
                                               &error));
  g_assert_no_error (error);
  ui_test_show_window (window, 1280, 800);
  play_round_out (window, 7);
  close_summary (window, CLOSE_BY_BUTTON);
  assert_round_end_written (window, ROUND_END);
  round_end = g_strdup (crapette_window_get_announcement (window));
  crapette_window_flush_save (window);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();

  window = crapette_window_new (NULL);
  crapette_window_resume (window);
  ui_test_show_window (window, 1280, 800);
  match = crapette_window_get_match (window);
  g_assert_cmpuint (crapette_match_get_n_finished_rounds (match), ==, 1);
  g_assert_false (crapette_match_is_round_in_play (match));
  assert_way_on (window, "win.next-round", "_Next Round");
  /* The summary is not shown again; the table still says who won. */
  g_assert_null (window->round_dialog);
  g_assert_cmpstr (crapette_window_get_announcement (window), ==, round_end);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-round", NULL));
  g_assert_true (crapette_match_is_round_in_play (match));
  assert_no_way_on (window);
  assert_line_cleared (window);

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
  ui_test_remove_saves (data_home);
}

/* The main menu's button: the primary one (the header bar holds others, for network play). */
static GtkWidget *
find_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget)))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_menu_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The main menu offers Next Round and New Match when they lead somewhere, and Ctrl+Enter is
 * the key of both. */
static void
test_menu_and_key (void)
{
  g_autoptr(CrapetteApplication) application = crapette_application_new ();
  CrapetteWindow *window = crapette_window_new (NULL);
  GMenuModel *menu = gtk_menu_button_get_menu_model (
    GTK_MENU_BUTTON (find_menu_button (GTK_WIDGET (window))));
  const char * const actions[] = { "win.next-round", "win.new-match", NULL };
  guint found = 0;

  g_assert_nonnull (menu);
  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);

      for (int i = 0; section != NULL && i < g_menu_model_get_n_items (section); i++)
        {
          g_autofree char *action = NULL;
          g_autofree char *hidden = NULL;

          g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s", &action);
          g_menu_model_get_item_attribute (section, i, "hidden-when", "s", &hidden);
          if (g_strv_contains (actions, action != NULL ? action : ""))
            {
              g_assert_cmpstr (hidden, ==, "action-disabled");
              found++;
            }
        }
    }
  g_assert_cmpuint (found, ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();

  g_application_set_flags (G_APPLICATION (application), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, NULL));
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application),
                                                                    actions[i]);

      g_assert_cmpuint (g_strv_length (accels), ==, 1);
      g_assert_cmpstr (accels[0], ==, "<Control>Return");
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  /* No saved game of the person running the tests is read or written. */
  data_home = folder_test_new_for_program ("crapette-test-XXXXXX");
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    g_setenv ("GTK_A11Y", "none", TRUE);
  gtk_init ();
  adw_init ();

  g_test_add_data_func ("/round-end/russian/next-round",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_next_round);
  g_test_add_data_func ("/round-end/american/next-round",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_next_round);
  g_test_add_data_func ("/round-end/russian/new-match",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_new_match);
  g_test_add_data_func ("/round-end/american/new-match",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_new_match);
  g_test_add_data_func ("/round-end/russian/resumed",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_resumed);
  g_test_add_data_func ("/round-end/american/resumed",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_resumed);
  g_test_add_data_func ("/round-end/russian/subtitle-800x600",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_subtitle_800x600);
  g_test_add_data_func ("/round-end/american/subtitle-800x600",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_subtitle_800x600);
  g_test_add_func ("/round-end/menu", test_menu_and_key);
  status = g_test_run ();
  g_free (data_home);
  return status;
}
