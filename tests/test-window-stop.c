/* test-window-stop.c: "Stop!" in the window — the computer calls the person's mistake, the
 * person calls the computer's with the button and with S, and a call with nothing to stop
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include "crapette-application.h"
#include "crapette-refusal.h"
#include "crapette-window-private.h"
#include "ui-test-helpers.h"

/* Runs the main loop until the round's last move is a call, or ten seconds pass. */
static gboolean
wait_for_call (CrapetteGame *game)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add (10000, ui_test_timeout_cb, &timed_out);
  const CrapetteRound *round = crapette_game_get_round (game);

  while (!timed_out && !crapette_round_get_last_call (round, NULL))
    {
      g_main_context_iteration (NULL, TRUE);
      round = crapette_game_get_round (game);
    }
  if (!timed_out)
    g_source_remove (timeout);
  return !timed_out;
}

/* Runs the main loop for @ms milliseconds. */
static void
run_for (guint ms)
{
  gboolean timed_out = FALSE;

  g_timeout_add (ms, ui_test_timeout_cb, &timed_out);
  while (!timed_out)
    g_main_context_iteration (NULL, TRUE);
}

/* A legal move of the player to move that breaks a duty, if there is one. */
static gboolean
find_mistake (CrapetteGame *game,
              CrapetteMove *mistake)
{
  const CrapettePosition *position = crapette_round_get_position (crapette_game_get_round (game));
  CrapetteMove legal[CRAPETTE_MAX_MOVES];
  gsize n_legal = crapette_position_legal_moves (position, legal);

  for (gsize i = 0; i < n_legal; i++)
    {
      if (legal[i].kind == CRAPETTE_MOVE_CARD &&
          crapette_position_duty_broken (position, &legal[i], NULL) != CRAPETTE_REFUSAL_NONE)
        {
          *mistake = legal[i];
          return TRUE;
        }
    }
  return FALSE;
}

/* A window playing Russian Bank with mistakes called against @opponent, dealt so that
 * @seat moves first and has a mistake at hand; the computer stands still. */
static CrapetteWindow *
new_window_with_mistake (CrapetteApplication *application,
                         CrapetteOpponent     opponent,
                         CrapetteSeat         seat,
                         CrapetteMove        *mistake)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapetteWindow *window;
  CrapetteGame *game;
  guint64 deal = 1;

  g_settings_set_string (settings, "mistakes", "called");
  window = crapette_window_new (application != NULL ? GTK_APPLICATION (application) : NULL);
  game = crapette_window_get_game (window);
  crapette_window_set_show_round_results (window, FALSE);
  crapette_window_set_opponent (window, opponent);
  crapette_computer_turn_set_pace (crapette_window_get_computer (window), 1);
  for (;; deal++)
    {
      g_assert_cmpuint (deal, <, 200);
      crapette_window_new_game (window, CRAPETTE_VARIANT_RUSSIAN, deal);
      crapette_computer_turn_cancel (crapette_window_get_computer (window));
      if (crapette_game_get_current_player (game) == seat && find_mistake (game, mistake))
        break;
    }
  g_assert_cmpint (crapette_view_get_rules (crapette_game_get_view (game))->mistakes, ==,
                   CRAPETTE_MISTAKES_CALLED);
  ui_test_show_window (window, 1280, 800);
  return window;
}

/* The toast after a call: what was missed, then how many moves went back and who plays. */
static void
assert_call_told (CrapetteWindow *window,
                  guint           n_taken_back,
                  const char     *next)
{
  g_autofree char *mistake = crapette_game_describe_last_call (crapette_window_get_game (window));
  g_autofree char *taken_back =
    n_taken_back == 1 ? g_strdup ("1 move is taken back: the mistake.")
                      : g_strdup_printf ("%u moves are taken back, from the mistake on.",
                                         n_taken_back);
  g_autofree char *expected = g_strdup_printf ("%s. %s %s.", mistake, taken_back, next);

  g_assert_nonnull (mistake);
  g_assert_cmpstr (crapette_window_get_toast_message (window), ==, expected);
}

static void
reset_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);

  g_settings_reset (settings, "mistakes");
  g_settings_reset (settings, "opponent");
}

/* The person breaks a duty; Hard, who calls every mistake, calls it once the card has
 * landed: the move is taken back, the turn is the computer's and the window says why. */
static void
test_computer_calls (void)
{
  CrapetteMove mistake;
  CrapetteWindow *window = new_window_with_mistake (NULL, CRAPETTE_OPPONENT_COMPUTER_HARD,
                                                    CRAPETTE_SOUTH, &mistake);
  CrapetteGame *game = crapette_window_get_game (window);
  CrapettePosition before = *crapette_round_get_position (crapette_game_get_round (game));
  g_autofree char *expected = NULL;
  g_autofree char *next = NULL;
  const char *toast;

  crapette_computer_turn_set_pace (crapette_window_get_computer (window), 300);
  crapette_computer_turn_resume (crapette_window_get_computer (window));
  g_assert_true (crapette_session_play (crapette_window_get_session (window), CRAPETTE_SOUTH,
                                        &mistake, NULL));
  g_assert_true (wait_for_call (game));
  /* The computer's next move waits three paces (here 3 × 300 ms) once the cards taken back
   * have landed, so the person reads what was called: nothing has moved after two. */
  while (crapette_table_is_animating (crapette_window_get_table (window)))
    g_main_context_iteration (NULL, TRUE);
  run_for (600);
  g_assert_true (crapette_round_get_last_call (crapette_game_get_round (game), NULL));
  crapette_computer_turn_cancel (crapette_window_get_computer (window));

  g_assert_cmpuint (crapette_round_get_n_moves (crapette_game_get_round (game)), ==, 2);
  g_assert_cmpint (crapette_game_get_current_player (game), ==, CRAPETTE_NORTH);
  g_assert_cmpmem (crapette_round_get_position (crapette_game_get_round (game))->piles,
                   sizeof before.piles, before.piles, sizeof before.piles);
  expected = crapette_game_describe_last_call (game);
  g_assert_true (g_str_has_prefix (expected, "Stop! You did not"));
  toast = crapette_window_get_toast_message (window);
  g_assert_true (g_str_has_prefix (toast, expected));
  next = g_strdup_printf ("%s to play",
                          crapette_player_names_get (crapette_game_get_players (game),
                                                     CRAPETTE_NORTH));
  assert_call_told (window, 1, next);

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
  reset_settings ();
}

/* The computer breaks a duty (played here for it); the person calls with the header bar's
 * Stop! button, which is offered on the computer's turn and not after the person has moved. */
static void
test_person_calls_with_button (void)
{
  CrapetteMove mistake, any;
  CrapetteWindow *window = new_window_with_mistake (NULL, CRAPETTE_OPPONENT_COMPUTER_MEDIUM,
                                                    CRAPETTE_NORTH, &mistake);
  CrapetteGame *game = crapette_window_get_game (window);
  GtkWidget *stop_button = ui_test_find_action_button (GTK_WIDGET (window), "win.stop");
  const CrapettePlayerNames *players = crapette_game_get_players (game);
  g_autofree char *expected = NULL;

  g_assert_nonnull (stop_button);
  g_assert_true (gtk_widget_get_visible (stop_button));
  g_assert_true (gtk_widget_get_sensitive (stop_button));
  g_assert_true (crapette_session_play (crapette_window_get_session (window), CRAPETTE_NORTH,
                                        &mistake, NULL));
  crapette_table_finish_animations (crapette_window_get_table (window));
  g_assert_true (gtk_widget_get_sensitive (stop_button));

  g_signal_emit_by_name (stop_button, "clicked");
  ui_test_drain ();
  g_assert_true (crapette_round_get_last_call (crapette_game_get_round (game), NULL));
  g_assert_cmpint (crapette_game_get_current_player (game), ==, CRAPETTE_SOUTH);
  expected = crapette_game_describe_last_call (game);
  g_assert_nonnull (strstr (expected, crapette_player_names_get (players, CRAPETTE_NORTH)));
  assert_call_told (window, 1, "Your turn");

  /* On the person's own turn, once they have moved, there is nothing they may call. */
  if (ui_test_find_card_move (game, CRAPETTE_N_PILE_KINDS, CRAPETTE_N_PILE_KINDS, &any) &&
      crapette_game_play (game, &any, NULL) &&
      crapette_game_get_current_player (game) == CRAPETTE_SOUTH)
    g_assert_false (gtk_widget_get_sensitive (stop_button));

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
  reset_settings ();
}

/* S is the call's shortcut: the computer's mistake is called through it; then, with no
 * mistake made, a call only says that there is nothing to stop. */
static void
test_person_calls_with_key_and_false_call (void)
{
  g_autoptr(CrapetteApplication) application = crapette_application_new ();
  g_auto(GStrv) accels = NULL;
  CrapetteWindow *window;
  CrapetteGame *game;
  CrapetteMove mistake;
  CrapettePosition before;
  guint n_moves;

  g_application_set_flags (G_APPLICATION (application), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, NULL));
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application), "win.stop");
  g_assert_true (g_strv_contains ((const char * const *) accels, "s"));

  window = new_window_with_mistake (application, CRAPETTE_OPPONENT_COMPUTER_EASY,
                                    CRAPETTE_NORTH, &mistake);
  game = crapette_window_get_game (window);

  /* Nothing broken yet: the call changes nothing and says so. */
  before = *crapette_round_get_position (crapette_game_get_round (game));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL));
  ui_test_drain ();
  g_assert_true (crapette_position_equal (crapette_round_get_position (crapette_game_get_round (game)),
                                          &before));
  g_assert_cmpuint (crapette_round_get_n_moves (crapette_game_get_round (game)), ==, 0);
  g_assert_cmpstr (crapette_window_get_toast_message (window), ==, "There is nothing to stop");

  /* The mistake, then S. */
  g_assert_true (crapette_session_play (crapette_window_get_session (window), CRAPETTE_NORTH,
                                        &mistake, NULL));
  n_moves = crapette_round_get_n_moves (crapette_game_get_round (game));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL));
  ui_test_drain ();
  g_assert_cmpuint (crapette_round_get_n_moves (crapette_game_get_round (game)), ==, n_moves + 1);
  g_assert_true (crapette_round_get_last_call (crapette_game_get_round (game), NULL));
  g_assert_cmpint (crapette_game_get_current_player (game), ==, CRAPETTE_SOUTH);
  g_assert_true (g_str_has_prefix (crapette_window_get_toast_message (window), "Stop! "));
  assert_call_told (window, n_moves, "Your turn");

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
  reset_settings ();
}

/* With mistakes prevented the button is not shown. */
static void
test_button_hidden_when_prevented (void)
{
  CrapetteWindow *window = crapette_window_new (NULL);
  GtkWidget *stop_button;

  crapette_window_new_game (window, CRAPETTE_VARIANT_RUSSIAN, 7);
  ui_test_show_window (window, 1280, 800);
  stop_button = ui_test_find_action_button (GTK_WIDGET (window), "win.stop");
  g_assert_nonnull (stop_button);
  g_assert_false (gtk_widget_get_visible (stop_button));
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

/* A network match, the friend at North (no peer here: the test answers for it): North's
 * mistake, North still to move; South's call goes to the friend's table, and the window
 * says the table waits, holds input and offers no second call until the answer, which
 * here says the round had ended there. */
static void
test_call_relayed (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapetteWindow *window;
  CrapetteSession *session;
  CrapetteGame *game;
  CrapetteMove mistake;
  GtkWidget *stop_button;
  guint64 deal = 1;
  guint n_moves;

  g_settings_set_string (settings, "mistakes", "called");
  window = crapette_window_new (NULL);
  session = crapette_window_get_session (window);
  game = crapette_window_get_game (window);
  crapette_window_set_show_round_results (window, FALSE);
  crapette_window_set_opponent (window, CRAPETTE_OPPONENT_TWO_PLAYERS);
  for (;; deal++)
    {
      g_assert_cmpuint (deal, <, 400);
      crapette_window_new_game (window, CRAPETTE_VARIANT_RUSSIAN, deal);
      crapette_session_set_remote_seat (session, CRAPETTE_NORTH);
      if (crapette_game_get_current_player (game) == CRAPETTE_NORTH && find_mistake (game, &mistake))
        {
          CrapetteRound *copy = crapette_round_copy (crapette_game_get_round (game));
          gboolean keeps = crapette_round_play (copy, &mistake, NULL) &&
                           crapette_round_get_position (copy)->to_move == CRAPETTE_NORTH;

          crapette_round_free (copy);
          if (keeps)
            break;
        }
    }
  ui_test_show_window (window, 1280, 800);
  g_assert_true (crapette_session_play_remote (session, &mistake, NULL));
  crapette_table_finish_animations (crapette_window_get_table (window));
  n_moves = crapette_round_get_n_moves (crapette_game_get_round (game));
  stop_button = ui_test_find_action_button (GTK_WIDGET (window), "win.stop");
  g_assert_true (gtk_widget_get_sensitive (stop_button));

  g_signal_emit_by_name (stop_button, "clicked");
  ui_test_drain ();
  /* Not played here: it waits for the friend's table. */
  g_assert_true (crapette_session_get_call_out (session));
  g_assert_cmpuint (crapette_round_get_n_moves (crapette_game_get_round (game)), ==, n_moves);
  g_assert_nonnull (strstr (adw_window_title_get_subtitle (window->window_title),
                            "Waiting for the other table to take your “Stop!”"));
  g_assert_cmpstr (crapette_window_get_toast_message (window), ==,
                   "Stop! called: the other table takes the moves back, and this one waits for it");
  g_assert_false (gtk_widget_get_sensitive (stop_button));
  /* The table's input is held (the window asks the session), and no move is played. */
  g_assert_true (crapette_session_is_remote_to_move (session));
  g_assert_true (crapette_window_refuse_input (window));

  /* The friend's table had ended the round: nothing is taken back, the table goes on. */
  g_assert_true (crapette_session_answer_call (session, FALSE, NULL));
  ui_test_drain ();
  g_assert_false (crapette_session_get_call_out (session));
  g_assert_cmpstr (crapette_window_get_toast_message (window), ==,
                   "The round was over on the other table before your “Stop!” reached it: "
                   "nothing is taken back");
  g_assert_null (strstr (adw_window_title_get_subtitle (window->window_title), "Waiting"));
  g_assert_true (gtk_widget_get_sensitive (stop_button));

  crapette_session_set_remote_seat (session, CRAPETTE_NO_SEAT);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
  reset_settings ();
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  g_test_add_func ("/window-stop/computer-calls", test_computer_calls);
  g_test_add_func ("/window-stop/button", test_person_calls_with_button);
  g_test_add_func ("/window-stop/key-and-false-call", test_person_calls_with_key_and_false_call);
  g_test_add_func ("/window-stop/hidden-when-prevented", test_button_hidden_when_prevented);
  g_test_add_func ("/window-stop/call-relayed", test_call_relayed);
  return g_test_run ();
}
