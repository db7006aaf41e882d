/* test-computer.c: games against the computer in the window, hints, and the saved game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The person's moves go through the table's actions, as in test-window.c;
 * the computer's arrive by themselves from its worker thread, so the tests
 * run the main loop until it is South's turn again. Every test runs with
 * its own data folder, so the saved game is the test's own.
 */

#define G_LOG_DOMAIN "crapette-test"
/* setgroups() in save-test-helpers.h, which strict C11 leaves out. */
#define _DEFAULT_SOURCE

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "crapette-card.h"
#include "crapette-savegame.h"
#include "folder-test-helpers.h"
#include "save-test-helpers.h"
#include "ui-test-helpers.h"

/* Long enough for Hard on a busy machine, short enough to fail quickly. */
#define COMPUTER_TURN_TIMEOUT_MS 30000

static char *data_home;

typedef struct
{
  CrapetteWindow *window;
  CrapetteTable *table;
  CrapetteGame *game;
  CrapetteComputerTurn *computer;
  guint computer_moves;
  guint person_moves;
  guint saves_checked;
  gboolean check_saves;
} Fixture;

/* ---- Helpers --------------------------------------------------------------- */

/* Runs the main loop until @condition (a function of the fixture) holds; fails the test
 * after @timeout_ms. */
#define run_until(fixture, condition, timeout_ms, what) \
  ui_test_run_until ((UiTestCondition) (condition), (fixture), (timeout_ms), (what))

/* Runs the main loop for @ms milliseconds, whatever happens. */
static void
run_for (guint ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) ms * 1000;
  guint wake_up = g_timeout_add (5, ui_test_wake_up_cb, NULL);

  while (g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_up);
}

static gboolean
south_to_move_or_over (Fixture *fixture)
{
  return crapette_game_get_phase (fixture->game) != CRAPETTE_OUTCOME_PLAYING ||
         (crapette_game_get_current_player (fixture->game) == CRAPETTE_SOUTH &&
          !crapette_table_is_animating (fixture->table));
}

static const CrapettePosition *
true_position (Fixture *fixture)
{
  return crapette_round_get_position (crapette_game_get_round (fixture->game));
}

static void
assert_consistent (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  CrapetteMatch *match = crapette_window_get_match (fixture->window);

  if (!crapette_position_check_invariants (true_position (fixture), &error))
    g_error ("the position is broken: %s", error->message);
  g_assert_true (crapette_match_get_game (match) == fixture->game);
  g_assert_cmpuint (crapette_game_get_cards_left (fixture->game, CRAPETTE_SOUTH), ==,
                    crapette_position_cards_left (true_position (fixture), CRAPETTE_SOUTH));
}

/* Runs after the window's own handler: the save must already hold the move. */
static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    Fixture            *fixture)
{
  if (fixture->check_saves)
    {
      g_autofree char *saved = NULL;

      /* The window saves in a worker: wait for it, as closing the window would. */
      crapette_window_flush_save (fixture->window);
      saved = save_test_read ();
      g_autofree char *expected =
        crapette_match_to_record (crapette_window_get_match (fixture->window));

      g_assert_cmpstr (saved, ==, expected);
      fixture->saves_checked++;
    }
}

static void
on_computer_announce_cb (CrapetteComputerTurn *computer,
                         const char           *description,
                         Fixture              *fixture)
{
  /* The computer only ever plays its own seat. */
  g_assert_cmpuint (crapette_game_get_current_player (fixture->game), ==, CRAPETTE_NORTH);
  g_assert_nonnull (description);
  g_assert_cmpstr (description, !=, "");
  fixture->computer_moves++;
}

static void
fixture_open_window (Fixture *fixture)
{
  fixture->window = crapette_window_new (NULL);
  fixture->table = crapette_window_get_table (fixture->window);
  fixture->game = crapette_window_get_game (fixture->window);
  fixture->computer = crapette_window_get_computer (fixture->window);
  g_signal_connect (fixture->game, "move-applied", G_CALLBACK (on_move_applied_cb), fixture);
  g_signal_connect (fixture->computer, "announce", G_CALLBACK (on_computer_announce_cb),
                    fixture);
  crapette_window_set_show_round_results (fixture->window, FALSE);
  ui_test_show_window (fixture->window, 1280, 800);
  /* Short flights and no pause keep the test quick; the waiting is still done. */
  crapette_table_set_animation_duration (fixture->table, 30);
  crapette_computer_turn_set_pace (fixture->computer, 0);
}

static void
fixture_close_window (Fixture *fixture)
{
  if (fixture->window == NULL)
    return;
  g_signal_handlers_disconnect_by_data (fixture->game, fixture);
  g_signal_handlers_disconnect_by_data (fixture->computer, fixture);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ui_test_drain ();
  fixture->window = NULL;
}

static void
remove_saves (void)
{
  ui_test_remove_saves (data_home);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);

  g_settings_reset (settings, "opponent");
  g_settings_reset (settings, "variant");
  /* These games resume as after the first launch; the welcome has its own test. */
  g_settings_set_boolean (settings, "welcome-shown", TRUE);
  remove_saves ();
  fixture_open_window (fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  fixture_close_window (fixture);
}

/* Picks the person's move: a card to a foundation first, then (early in the
 * turn) a card move that is not house to house, then turning a card, then a
 * move of the turned card (in Russian Bank, to the waste ends the turn),
 * then ending the turn, then anything. */
static CrapetteMove
choose_person_move (Fixture *fixture,
                    guint    moves_this_turn)
{
  gsize n_moves;
  const CrapetteMove *moves = crapette_game_get_legal_moves (fixture->game, &n_moves);
  CrapetteMove move;

  g_assert_cmpuint (n_moves, >, 0);
  if (ui_test_find_card_move (fixture->game, CRAPETTE_N_PILE_KINDS,
                              CRAPETTE_PILE_KIND_FOUNDATION, &move))
    return move;
  for (gsize i = 0; moves_this_turn < 6 && i < n_moves; i++)
    if (moves[i].kind == CRAPETTE_MOVE_CARD &&
        !(crapette_pile_kind (moves[i].from) == CRAPETTE_PILE_KIND_HOUSE &&
          crapette_pile_kind (moves[i].to) == CRAPETTE_PILE_KIND_HOUSE))
      return moves[i];
  for (gsize i = 0; i < n_moves; i++)
    if (moves[i].kind == CRAPETTE_MOVE_TURN)
      return moves[i];
  for (gsize i = 0; i < n_moves; i++)
    if (moves[i].kind == CRAPETTE_MOVE_CARD &&
        crapette_pile_kind (moves[i].from) == CRAPETTE_PILE_KIND_TURNED)
      return moves[i];
  for (gsize i = 0; i < n_moves; i++)
    if (moves[i].kind == CRAPETTE_MOVE_END_TURN)
      return moves[i];
  return moves[0];
}

/* Plays one move of the person at South through the table's actions. */
static void
play_person_move (Fixture *fixture,
                  guint    moves_this_turn)
{
  guint before = true_position (fixture)->move_number;
  CrapetteMove move;

  g_assert_cmpuint (crapette_game_get_current_player (fixture->game), ==, CRAPETTE_SOUTH);
  move = choose_person_move (fixture, moves_this_turn);
  if (move.kind == CRAPETTE_MOVE_CARD)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.click-pile",
                                                 "u", (guint32) move.from));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->table), "table.click-pile",
                                                 "u", (guint32) move.to));
    }
  else
    {
      /* A click on the own stock turns a card, or ends the turn when none is left. */
      g_assert_true (gtk_widget_activate_action (
        GTK_WIDGET (fixture->table), "table.click-pile", "u",
        (guint32) crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH)));
    }
  if (true_position (fixture)->move_number != before + 1)
    g_error ("the move of kind %u %u → %u was not played: %s", move.kind, move.from, move.to,
             crapette_window_get_toast_message (fixture->window));
  fixture->person_moves++;
  assert_consistent (fixture);
}

/* Plays South's whole turn, then waits for the computer to play North's. */
static void
play_one_exchange (Fixture *fixture)
{
  guint turn = crapette_game_get_turn_number (fixture->game);
  guint moves_this_turn = 0;

  while (crapette_game_get_phase (fixture->game) == CRAPETTE_OUTCOME_PLAYING &&
         crapette_game_get_current_player (fixture->game) == CRAPETTE_SOUTH &&
         moves_this_turn < 200)
    play_person_move (fixture, moves_this_turn++);

  if (crapette_game_get_phase (fixture->game) != CRAPETTE_OUTCOME_PLAYING)
    return;
  g_assert_cmpuint (crapette_game_get_turn_number (fixture->game), >, turn);

  /* It is the computer's turn: the person's input is held back. */
  {
    guint before = true_position (fixture)->move_number;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.turn-card",
                                               NULL));
    g_assert_cmpuint (true_position (fixture)->move_number, ==, before);
    g_assert_cmpstr (crapette_window_get_toast_message (fixture->window), ==,
                     "Wait for the computer to play");
  }

  run_until (fixture, south_to_move_or_over, COMPUTER_TURN_TIMEOUT_MS, "the computer's turn");
  assert_consistent (fixture);
}

/* ---- Tests ----------------------------------------------------------------- */

static void
test_play_against_computer (Fixture       *fixture,
                            gconstpointer  data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  GtkWidget *undo_button = ui_test_find_action_button (GTK_WIDGET (fixture->window), "win.undo");

  g_assert_nonnull (undo_button);
  crapette_window_set_opponent (fixture->window, variant == CRAPETTE_VARIANT_RUSSIAN
                                                 ? CRAPETTE_OPPONENT_COMPUTER_HARD
                                                 : CRAPETTE_OPPONENT_COMPUTER_MEDIUM);
  crapette_window_new_game (fixture->window, variant, 42);
  g_assert_cmpuint (crapette_computer_turn_get_seat (fixture->computer), ==, CRAPETTE_NORTH);

  /* North may start: then the computer plays first. */
  run_until (fixture, south_to_move_or_over, COMPUTER_TURN_TIMEOUT_MS, "the first turn");
  for (guint exchange = 0; exchange < 6 &&
       crapette_game_get_phase (fixture->game) == CRAPETTE_OUTCOME_PLAYING; exchange++)
    {
      guint computer_moves = fixture->computer_moves;

      play_one_exchange (fixture);
      if (crapette_game_get_phase (fixture->game) == CRAPETTE_OUTCOME_PLAYING)
        {
          /* The computer's moves are not the person's to take back. */
          g_assert_false (gtk_widget_get_sensitive (undo_button));
          g_assert_cmpuint (fixture->computer_moves, >, computer_moves);
          g_assert_cmpstr (crapette_window_get_announcement (fixture->window), !=, "");
          g_assert_nonnull (strstr (crapette_window_get_status (fixture->window, CRAPETTE_SOUTH),
                                    "▶"));
        }
    }
  g_test_message ("the person made %u moves, the computer %u", fixture->person_moves,
                  fixture->computer_moves);
  g_assert_cmpuint (fixture->person_moves, >, 0);
  g_assert_cmpuint (fixture->computer_moves, >, 0);
}

static gboolean
computer_is_thinking (Fixture *fixture)
{
  return crapette_computer_turn_is_thinking (fixture->computer);
}

static gboolean
computer_has_move_ready (Fixture *fixture)
{
  return crapette_computer_turn_has_move_ready (fixture->computer);
}

static gboolean
computer_is_idle (Fixture *fixture)
{
  return !crapette_computer_turn_is_thinking (fixture->computer);
}

/* Finds a deal of @variant whose first player is @seat. */
static guint64
deal_started_by (CrapetteVariant variant,
                 CrapetteSeat    seat)
{
  CrapetteRules rules;

  crapette_rules_init_default (&rules);
  for (guint64 deal = 1; deal < 1000; deal++)
    {
      CrapettePosition position;

      crapette_position_deal (&position, variant, &rules, deal, 0);
      if (position.to_move == seat)
        return deal;
    }
  g_assert_not_reached ();
}

/* A new game started while the computer thinks, or while its move waits to be
 * played, gets no move of the old game. */
static void
test_new_game_cancels (Fixture       *fixture,
                       gconstpointer  data)
{
  guint64 north_starts = deal_started_by (CRAPETTE_VARIANT_RUSSIAN, CRAPETTE_NORTH);
  guint64 south_starts = deal_started_by (CRAPETTE_VARIANT_RUSSIAN, CRAPETTE_SOUTH);

  crapette_window_set_opponent (fixture->window, CRAPETTE_OPPONENT_COMPUTER_HARD);

  /* While it thinks: the worker is started the moment North's round is dealt. */
  crapette_window_new_game (fixture->window, CRAPETTE_VARIANT_RUSSIAN, north_starts);
  g_assert_true (computer_is_thinking (fixture));
  crapette_window_new_game (fixture->window, CRAPETTE_VARIANT_RUSSIAN, south_starts);
  g_assert_cmpuint (crapette_game_get_current_player (fixture->game), ==, CRAPETTE_SOUTH);
  run_until (fixture, computer_is_idle, COMPUTER_TURN_TIMEOUT_MS, "the old choice to end");
  run_for (200);
  g_assert_cmpuint (true_position (fixture)->move_number, ==, 0);
  g_assert_cmpuint (fixture->computer_moves, ==, 0);

  /* While its move waits for the pause before it is played. */
  crapette_computer_turn_set_pace (fixture->computer, 5000);
  crapette_window_new_game (fixture->window, CRAPETTE_VARIANT_RUSSIAN, north_starts);
  run_until (fixture, computer_has_move_ready, COMPUTER_TURN_TIMEOUT_MS, "a chosen move");
  crapette_window_new_game (fixture->window, CRAPETTE_VARIANT_RUSSIAN, south_starts);
  g_assert_false (crapette_computer_turn_has_move_ready (fixture->computer));
  run_for (200);
  g_assert_cmpuint (true_position (fixture)->move_number, ==, 0);
  g_assert_cmpuint (fixture->computer_moves, ==, 0);

  /* Closing the window while the computer thinks lets everything go cleanly. */
  crapette_computer_turn_set_pace (fixture->computer, 0);
  crapette_window_new_game (fixture->window, CRAPETTE_VARIANT_RUSSIAN, north_starts);
  g_assert_true (computer_is_thinking (fixture));
  {
    CrapetteComputerTurn *computer = g_object_ref (fixture->computer);

    fixture_close_window (fixture);
    while (crapette_computer_turn_is_thinking (computer))
      g_main_context_iteration (NULL, TRUE);
    g_assert_finalize_object (computer);
  }
}

static gboolean
hint_shown (Fixture *fixture)
{
  return crapette_table_get_hint (fixture->table, NULL, NULL);
}

/* The hint highlights the card and the target of a legal move of the person. */
static void
test_hint (Fixture       *fixture,
           gconstpointer  data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  gsize n_moves;
  const CrapetteMove *moves;
  CrapettePileId from, to;
  gboolean legal = FALSE;

  crapette_window_set_opponent (fixture->window, CRAPETTE_OPPONENT_COMPUTER_EASY);
  crapette_window_new_game (fixture->window, variant, deal_started_by (variant, CRAPETTE_SOUTH));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.hint", NULL));
  run_until (fixture, hint_shown, COMPUTER_TURN_TIMEOUT_MS, "the hint");

  g_assert_true (crapette_table_get_hint (fixture->table, &from, &to));
  /* A hint is not a card held: the person still picks it up. */
  g_assert_cmpuint (crapette_table_get_selected_pile (fixture->table), ==, CRAPETTE_NO_PILE);
  moves = crapette_game_get_legal_moves (fixture->game, &n_moves);
  for (gsize i = 0; i < n_moves; i++)
    {
      if (moves[i].kind == CRAPETTE_MOVE_CARD && moves[i].from == from && moves[i].to == to)
        legal = TRUE;
      if (moves[i].kind == CRAPETTE_MOVE_TURN &&
          from == crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH))
        legal = TRUE;
    }
  g_assert_true (legal);
  /* Advice in a place of its own, not on the computer's line. */
  g_assert_cmpstr (crapette_window_get_announcement (fixture->window), ==, "");
  g_assert_nonnull (crapette_window_get_hint (fixture->window));
  g_assert_true (g_str_has_prefix (crapette_window_get_hint (fixture->window), "Hint: "));
  g_assert_null (strstr (crapette_window_get_hint (fixture->window), "House"));
  g_test_message ("%s", crapette_window_get_hint (fixture->window));

  /* The next move takes it away, words and marks. */
  g_assert_true (crapette_game_play (fixture->game, &moves[0], NULL));
  g_assert_null (crapette_window_get_hint (fixture->window));
  g_assert_false (crapette_table_get_hint (fixture->table, NULL, NULL));
}

static gboolean
same_position (const CrapettePosition *a,
               const CrapettePosition *b)
{
  return crapette_position_equal (a, b) && a->to_move == b->to_move &&
         a->move_number == b->move_number && a->turn_number == b->turn_number;
}

/* The match is saved after every move, and a new window resumes it exactly. */
static void
test_save_and_resume (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  g_autofree char *record = NULL;
  g_autofree char *saved = NULL;
  CrapettePosition before;
  guint south_score, north_score;

  g_settings_set_string (settings, "opponent", "computer-easy");
  crapette_window_resume (fixture->window);
  g_assert_cmpint (crapette_match_get_opponent (crapette_window_get_match (fixture->window)),
                   ==, CRAPETTE_OPPONENT_COMPUTER_EASY);
  crapette_window_flush_save (fixture->window);
  saved = save_test_read ();
  g_assert_nonnull (saved);

  fixture->check_saves = TRUE;
  run_until (fixture, south_to_move_or_over, COMPUTER_TURN_TIMEOUT_MS, "the first turn");
  for (guint exchange = 0; exchange < 3 &&
       crapette_game_get_phase (fixture->game) == CRAPETTE_OUTCOME_PLAYING; exchange++)
    play_one_exchange (fixture);
  /* Half way through South's turn, to resume in the middle of it. */
  if (crapette_game_get_phase (fixture->game) == CRAPETTE_OUTCOME_PLAYING)
    play_person_move (fixture, 0);
  fixture->check_saves = FALSE;
  g_test_message ("%u saves checked", fixture->saves_checked);
  g_assert_cmpuint (fixture->saves_checked, ==, true_position (fixture)->move_number);

  record = crapette_match_to_record (crapette_window_get_match (fixture->window));
  before = *true_position (fixture);
  south_score = crapette_match_get_score (crapette_window_get_match (fixture->window),
                                          CRAPETTE_SOUTH);
  north_score = crapette_match_get_score (crapette_window_get_match (fixture->window),
                                          CRAPETTE_NORTH);
  fixture_close_window (fixture);

  fixture_open_window (fixture);
  crapette_window_resume (fixture->window);
  {
    CrapetteMatch *match = crapette_window_get_match (fixture->window);
    g_autofree char *resumed = crapette_match_to_record (match);

    g_assert_cmpstr (resumed, ==, record);
    g_assert_true (same_position (true_position (fixture), &before));
    g_assert_cmpuint (crapette_match_get_score (match, CRAPETTE_SOUTH), ==, south_score);
    g_assert_cmpuint (crapette_match_get_score (match, CRAPETTE_NORTH), ==, north_score);
    g_assert_cmpuint (crapette_computer_turn_get_seat (fixture->computer), ==, CRAPETTE_NORTH);
  }

  /* And play goes on from there. */
  if (crapette_game_get_phase (fixture->game) == CRAPETTE_OUTCOME_PLAYING)
    play_one_exchange (fixture);
}

/* A damaged save is kept aside, the person is told, and a new game begins. */
static void
test_damaged_save (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr(GDir) dir = NULL;
  const char *name;
  gboolean kept = FALSE;
  const char *message;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "Crapette match\nVersion: 1\nRounds: 3\n"
                                      "Variant: russian\n\nCrapette record\nDeal: x", -1,
                                      NULL));

  crapette_window_resume (fixture->window);
  message = crapette_window_get_toast_message (fixture->window);
  g_assert_nonnull (message);
  g_test_message ("toast: %s", message);
  g_assert_nonnull (strstr (message, "could not be read"));

  /* A new game has begun, and it is saved in place of the damaged one. */
  crapette_window_flush_save (fixture->window);
  g_assert_cmpuint (crapette_match_get_round_number (crapette_window_get_match (fixture->window)),
                    ==, 1);
  g_assert_cmpuint (crapette_match_count_moves (crapette_window_get_match (fixture->window)), ==,
                    0);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  dir = g_dir_open (folder, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (strstr (name, "damaged") != NULL)
      kept = TRUE;
  g_assert_true (kept);
}

static AdwMessageDialog *
find_dialog (CrapetteWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (item) &&
          gtk_window_get_transient_for (GTK_WINDOW (item)) == GTK_WINDOW (window))
        return ADW_MESSAGE_DIALOG (item);
    }
  return NULL;
}

/* The New Game dialog offers the game and the opponent, deals what is chosen, and
 * remembers the choice for the next time. */
static void
test_new_game_dialog (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  g_autofree char *opponent = NULL;
  AdwMessageDialog *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.new-game",
                                             NULL));
  dialog = find_dialog (fixture->window);
  g_assert_nonnull (dialog);
  adw_combo_row_set_selected (g_object_get_data (G_OBJECT (dialog), "variant-row"), 1);
  adw_combo_row_set_selected (g_object_get_data (G_OBJECT (dialog), "opponent-row"), 2);
  adw_message_dialog_response (dialog, "deal");

  opponent = g_settings_get_string (settings, "opponent");
  g_assert_cmpstr (opponent, ==, "computer-hard");
  g_assert_cmpint (g_settings_get_enum (settings, "variant"), ==, CRAPETTE_VARIANT_AMERICAN);
  g_assert_cmpuint (crapette_game_get_variant (fixture->game), ==, CRAPETTE_VARIANT_AMERICAN);
  g_assert_cmpint (crapette_match_get_opponent (crapette_window_get_match (fixture->window)),
                   ==, CRAPETTE_OPPONENT_COMPUTER_HARD);
  g_assert_cmpuint (crapette_computer_turn_get_seat (fixture->computer), ==, CRAPETTE_NORTH);

  /* Two people at one screen: nobody plays for North. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.new-game",
                                             NULL));
  ui_test_drain ();
  dialog = find_dialog (fixture->window);
  g_assert_nonnull (dialog);
  adw_combo_row_set_selected (g_object_get_data (G_OBJECT (dialog), "opponent-row"), 3);
  adw_message_dialog_response (dialog, "deal");
  g_assert_cmpuint (crapette_computer_turn_get_seat (fixture->computer), ==, CRAPETTE_NO_SEAT);
  g_assert_cmpuint (crapette_game_get_variant (fixture->game), ==, CRAPETTE_VARIANT_AMERICAN);
}

/* Pictures of a game against the computer: after its move, and with a hint shown. */
static void
test_screenshots (Fixture       *fixture,
                  gconstpointer  data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  gboolean russian = variant == CRAPETTE_VARIANT_RUSSIAN;

  ui_test_load_style ();
  crapette_window_set_opponent (fixture->window, CRAPETTE_OPPONENT_COMPUTER_MEDIUM);
  crapette_window_new_game (fixture->window, variant, 42);
  run_until (fixture, south_to_move_or_over, COMPUTER_TURN_TIMEOUT_MS, "the first turn");
  for (guint exchange = 0; exchange < 4 &&
       crapette_game_get_phase (fixture->game) == CRAPETTE_OUTCOME_PLAYING; exchange++)
    play_one_exchange (fixture);
  crapette_table_finish_animations (fixture->table);
  ui_test_drain ();
  ui_test_save_picture (GTK_WIDGET (fixture->window),
                russian ? "computer-russian" : "computer-american");

  if (crapette_game_get_phase (fixture->game) == CRAPETTE_OUTCOME_PLAYING)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.hint",
                                                 NULL));
      run_until (fixture, hint_shown, COMPUTER_TURN_TIMEOUT_MS, "the hint");
      ui_test_drain ();
      ui_test_save_picture (GTK_WIDGET (fixture->window),
                    russian ? "computer-russian-hint" : "computer-american-hint");
    }
}

/* North's reserve top, the 6♥, can go nowhere but onto South's 7♥, and it must be played
 * before North turns a card: the computer loads it onto the person's waste. */
static const char load_onto_person[] =
  "Crapette match\n"
  "Version: 1\n"
  "Variant: russian\n"
  "Length: 0\n"
  "Opponent: computer-medium\n"
  "\n"
  "Crapette record\n"
  "Variant: russian\n"
  "To move: north\n"
  "SR: 3♦\n"
  "SW: 7♥\n"
  "NR: 4♣* 6♥*\n"
  "H1: K♠\n"
  "H2: K♣*\n"
  "H3: 2♦\n"
  "H4: 9♥\n"
  "H5: 2♥*\n"
  "H6: 10♦*\n"
  "H7: J♥\n"
  "H8: 5♦\n"
  "Rest: SD ND\n"
  "\n"
  "Moves:\n";

/* Whether a toast on show tells of a load onto the person's waste. A toast lasts four
 * seconds, and a slow build can take longer over the rest of the turn, so the test looks
 * while the turn goes on. */
static gboolean
load_toast_shown (Fixture *fixture)
{
  const char *toast = crapette_window_get_toast_message (fixture->window);

  return (toast != NULL && strstr (toast, "to your waste pile") != NULL) ||
         south_to_move_or_over (fixture);
}

static void
test_load_is_announced (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *folder = g_build_filename (data_home, "load-test", NULL);
  g_autofree char *path = g_build_filename (folder, "load.crapette", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CrapettePileId south_waste = crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_SOUTH);
  g_autofree char *toast = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, load_onto_person, -1, &error));
  g_assert_true (crapette_window_open_file (fixture->window, file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (crapette_computer_turn_get_seat (fixture->computer), ==, CRAPETTE_NORTH);

  run_until (fixture, load_toast_shown, COMPUTER_TURN_TIMEOUT_MS, "the load's toast");
  /* The load was said where the person looks, not only in the move line. */
  toast = g_strdup (crapette_window_get_toast_message (fixture->window));
  run_until (fixture, south_to_move_or_over, COMPUTER_TURN_TIMEOUT_MS, "the computer's turn");
  g_assert_cmpuint (true_position (fixture)->piles[south_waste].count, >=, 2);

  g_assert_nonnull (toast);
  g_assert_nonnull (strstr (toast, "Six of Hearts"));
  g_assert_nonnull (strstr (toast, "Computer (Medium) plays"));
  g_assert_nonnull (strstr (toast, "to your waste pile"));
  /* One name for each player everywhere: the status lines say the same as the toast. */
  g_assert_nonnull (strstr (crapette_window_get_status (fixture->window, CRAPETTE_SOUTH),
                            "You"));
  g_assert_nonnull (strstr (crapette_window_get_status (fixture->window, CRAPETTE_NORTH),
                            "Computer (Medium)"));
  g_assert_null (strstr (crapette_window_get_status (fixture->window, CRAPETTE_SOUTH), "South"));
  g_assert_cmpuint (g_remove (path), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* Before anything asks GLib where the user's data lives. */
  data_home = folder_test_new_for_program ("crapette-test-computer-XXXXXX");
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  ui_test_init (&argc, &argv);

  g_test_add ("/computer/russian/play", Fixture, GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN),
              fixture_set_up, test_play_against_computer, fixture_tear_down);
  g_test_add ("/computer/american/play", Fixture, GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN),
              fixture_set_up, test_play_against_computer, fixture_tear_down);
  g_test_add ("/computer/new-game-cancels", Fixture, NULL, fixture_set_up,
              test_new_game_cancels, fixture_tear_down);
  g_test_add ("/computer/russian/hint", Fixture, GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN),
              fixture_set_up, test_hint, fixture_tear_down);
  g_test_add ("/computer/american/hint", Fixture, GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN),
              fixture_set_up, test_hint, fixture_tear_down);
  g_test_add ("/computer/load-is-announced", Fixture, NULL, fixture_set_up,
              test_load_is_announced, fixture_tear_down);
  g_test_add ("/computer/save-and-resume", Fixture, NULL, fixture_set_up,
              test_save_and_resume, fixture_tear_down);
  g_test_add ("/computer/new-game-dialog", Fixture, NULL, fixture_set_up, test_new_game_dialog,
              fixture_tear_down);
  g_test_add ("/computer/damaged-save", Fixture, NULL, fixture_set_up, test_damaged_save,
              fixture_tear_down);
  g_test_add ("/computer/russian/screenshots", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), fixture_set_up, test_screenshots,
              fixture_tear_down);
  g_test_add ("/computer/american/screenshots", Fixture,
              GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), fixture_set_up, test_screenshots,
              fixture_tear_down);

  status = g_test_run ();
  g_free (data_home);
  return status;
}
