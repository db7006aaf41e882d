/* test-computer-pace.c: the Computer Speed setting changes how long the computer's turn takes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The same computer turn (the first turn of a deal North opens, which a computer level plays
 * the same way every time) is played with real flights at Normal and at Fast, the setting
 * changed as the Preferences window changes it, and timed on the monotonic clock.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include "ui-test-helpers.h"

/* Long enough for a long turn at Normal on a busy machine, short enough to fail quickly. */
#define TURN_TIMEOUT_MS 60000

/* The turn timed: long enough to reach the short pauses of a run, short enough to time twice. */
#define MIN_TURN_MOVES 6
#define MAX_TURN_MOVES 20

typedef struct
{
  CrapetteWindow *window;
  CrapetteGame *game;
  CrapetteTable *table;
  CrapetteComputerTurn *computer;
  GSettings *settings;
  gboolean computer_moving;  /* between the computer's announcement and its move */
  guint computer_moves;
  guint shown_moves;         /* the computer's moves of a card, which fly and are marked */
  guint flights_seen;        /* of those, the ones whose card was seen in flight */
  guint marks_seen;          /* and the ones still marked when the next move came */
  gboolean last_marked;      /* whether the computer's last move is one to mark */
} Fixture;

static gboolean
wake_up_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static gboolean
turn_is_over (Fixture *fixture)
{
  return crapette_game_get_phase (fixture->game) != CRAPETTE_OUTCOME_PLAYING ||
         (crapette_game_get_current_player (fixture->game) == CRAPETTE_SOUTH &&
          !crapette_table_is_animating (fixture->table));
}

/* Whether the computer's last move is still marked on the table. */
static void
check_last_mark (Fixture *fixture)
{
  if (fixture->last_marked && fixture->table->last_to != CRAPETTE_NO_PILE)
    fixture->marks_seen++;
  fixture->last_marked = FALSE;
}

/* Lets the computer play North's turn and runs the main loop until it is over; returns how
 * long it took, in seconds. */
static double
run_computer_turn (Fixture *fixture)
{
  gint64 start = g_get_monotonic_time ();
  gint64 deadline = start + (gint64) TURN_TIMEOUT_MS * 1000;
  guint wake_up = g_timeout_add (10, wake_up_cb, NULL);

  crapette_computer_turn_resume (fixture->computer);
  while (!turn_is_over (fixture))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("gave up waiting for the computer's turn");
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (wake_up);
  check_last_mark (fixture);
  return (g_get_monotonic_time () - start) / 1e6;
}

static void
on_announce_cb (CrapetteComputerTurn *computer,
                const char           *description,
                Fixture              *fixture)
{
  check_last_mark (fixture);
  fixture->computer_moving = TRUE;
  fixture->computer_moves++;
}

/* Runs after the table's handler, which sends the card flying, and before the computer marks
 * the move. */
static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    Fixture            *fixture)
{
  if (!fixture->computer_moving)
    return;
  fixture->computer_moving = FALSE;
  if (move->kind != CRAPETTE_MOVE_CARD && move->kind != CRAPETTE_MOVE_TURN)
    return;
  fixture->shown_moves++;
  fixture->last_marked = TRUE;
  if (crapette_table_is_animating (fixture->table))
    fixture->flights_seen++;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->settings = g_settings_new (SETTINGS_SCHEMA_ID);
  g_settings_set_boolean (fixture->settings, "welcome-shown", TRUE);
  g_settings_reset (fixture->settings, "animation-speed");
  g_settings_reset (fixture->settings, "computer-speed");
  fixture->window = crapette_window_new (NULL);
  fixture->game = crapette_window_get_game (fixture->window);
  fixture->table = crapette_window_get_table (fixture->window);
  fixture->computer = crapette_window_get_computer (fixture->window);
  crapette_window_set_show_round_results (fixture->window, FALSE);
  crapette_window_set_opponent (fixture->window, CRAPETTE_OPPONENT_COMPUTER_MEDIUM);
  g_signal_connect (fixture->game, "move-applied", G_CALLBACK (on_move_applied_cb), fixture);
  g_signal_connect (fixture->computer, "announce", G_CALLBACK (on_announce_cb), fixture);
  ui_test_show_window (fixture->window, 1280, 800);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_signal_handlers_disconnect_by_data (fixture->game, fixture);
  g_signal_handlers_disconnect_by_data (fixture->computer, fixture);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ui_test_drain ();
  g_settings_reset (fixture->settings, "animation-speed");
  g_settings_reset (fixture->settings, "computer-speed");
  g_clear_object (&fixture->settings);
}

/* Deals @deal again, with the computer held back until the caller lets it play. */
static void
deal_again (Fixture *fixture,
            guint64  deal)
{
  crapette_window_new_game (fixture->window, CRAPETTE_VARIANT_RUSSIAN, deal);
  crapette_computer_turn_cancel (fixture->computer);
  ui_test_drain ();
  crapette_table_finish_animations (fixture->table);
  fixture->computer_moving = FALSE;
  fixture->last_marked = FALSE;
  fixture->computer_moves = 0;
  fixture->shown_moves = 0;
  fixture->flights_seen = 0;
  fixture->marks_seen = 0;
}

/* Sets Computer Speed as the Preferences window does, through the settings, which the window
 * follows; Card Animation stays at its default. */
static void
set_computer_speed (Fixture       *fixture,
                    CrapetteSpeed  speed)
{
  /* Set to another speed first, so that the key changes even when it was @speed already. */
  g_settings_set_enum (fixture->settings, "computer-speed",
                       speed == CRAPETTE_SPEED_SLOW ? CRAPETTE_SPEED_FAST : CRAPETTE_SPEED_SLOW);
  g_settings_set_enum (fixture->settings, "computer-speed", speed);
  ui_test_drain ();
}

/* The first deal that North opens with a turn of MIN_TURN_MOVES to MAX_TURN_MOVES moves,
 * found by playing it without flights or pauses. */
static guint64
find_long_opening_turn (Fixture *fixture,
                        guint   *n_moves)
{
  for (guint64 deal = 1; deal < 200; deal++)
    {
      CrapettePosition position;
      CrapetteRules rules;

      crapette_rules_init_default (&rules);
      crapette_position_deal (&position, CRAPETTE_VARIANT_RUSSIAN, &rules, deal, 0);
      if (position.to_move != CRAPETTE_NORTH)
        continue;
      deal_again (fixture, deal);
      crapette_table_set_animation_duration (fixture->table, 0);
      crapette_computer_turn_set_pace (fixture->computer, 0);
      run_computer_turn (fixture);
      if (fixture->computer_moves >= MIN_TURN_MOVES && fixture->computer_moves <= MAX_TURN_MOVES)
        {
          *n_moves = fixture->computer_moves;
          return deal;
        }
    }
  g_assert_not_reached ();
}

/* The same computer turn, real flights and all, takes at most half as long at Fast as at
 * Normal, and at both speeds each of its cards is seen flying and marked. */
static void
test_fast_is_twice_as_quick (Fixture       *fixture,
                             gconstpointer  data)
{
  static const CrapetteSpeed speeds[] = { CRAPETTE_SPEED_NORMAL, CRAPETTE_SPEED_FAST };
  double seconds[G_N_ELEMENTS (speeds)];
  guint n_moves = 0;
  guint64 deal = find_long_opening_turn (fixture, &n_moves);

  for (guint i = 0; i < G_N_ELEMENTS (speeds); i++)
    {
      deal_again (fixture, deal);
      set_computer_speed (fixture, speeds[i]);
      seconds[i] = run_computer_turn (fixture);
      g_test_message ("deal %" G_GUINT64_FORMAT ", %u moves at %s: %.2f s", deal,
                      fixture->computer_moves, i == 0 ? "Normal" : "Fast", seconds[i]);
      g_assert_cmpuint (fixture->computer_moves, ==, n_moves);
      g_assert_cmpuint (fixture->shown_moves, >, 0);
      g_assert_cmpuint (fixture->flights_seen, ==, fixture->shown_moves);
      g_assert_cmpuint (fixture->marks_seen, ==, fixture->shown_moves);
    }
  g_assert_cmpfloat (seconds[1], <=, seconds[0] / 2);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  g_test_add ("/computer-pace/fast-is-twice-as-quick", Fixture, NULL, fixture_set_up,
              test_fast_is_twice_as_quick, fixture_tear_down);
  return g_test_run ();
}
