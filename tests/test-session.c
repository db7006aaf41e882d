/* test-session.c: the session without a display: matches played to the end and scored, the
 * saved game written and resumed exactly, a failing save, new games, replays and files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The settings live in GSettings' memory backend and every save in a data folder of this
 * test's own, emptied before each case; nothing here needs GTK.
 */

#define G_LOG_DOMAIN "crapette-test"
/* setgroups() in save_test_drop_root(), which strict C11 leaves out. */
#define _DEFAULT_SOURCE

#include "config.h"

#include <glib/gstdio.h>

#include "crapette-enums.h"
#include "crapette-match-record.h"
#include "crapette-random.h"
#include "crapette-savegame.h"
#include "crapette-scoreboard.h"
#include "crapette-session.h"
#include "folder-test-helpers.h"
#include "save-test-helpers.h"

/* Everything a session said, counted. */
typedef struct
{
  guint started[3];             /* by CrapetteMatchStart */
  CrapetteMatch *last_started;
  guint rounds_finished;
  guint last_round_index;
  guint matches_finished;
  CrapetteSeat winner;
  guint save_failed;
  GError *save_error;
  guint save_recovered;
  guint set_aside;
  GError *set_aside_error;
  char *kept_as;
} Events;

static void
on_match_started_cb (CrapetteSession    *session,
                     CrapetteMatch      *match,
                     CrapetteMatchStart  how,
                     Events             *events)
{
  g_assert_cmpuint (how, <=, CRAPETTE_MATCH_START_OPENED);
  g_assert_true (crapette_session_get_match (session) == match);
  events->started[how]++;
  events->last_started = match;
}

static void
on_round_finished_cb (CrapetteSession     *session,
                      guint                index,
                      CrapetteRoundResult *result,
                      Events              *events)
{
  CrapetteMatch *match = crapette_session_get_match (session);

  /* The round is in the match's score when the window hears of it. */
  g_assert_cmpuint (crapette_match_get_n_finished_rounds (match), ==, index + 1);
  events->rounds_finished++;
  events->last_round_index = index;
}

static void
on_match_finished_cb (CrapetteSession *session,
                      CrapetteSeat     winner,
                      Events          *events)
{
  events->matches_finished++;
  events->winner = winner;
}

static void
on_save_failed_cb (CrapetteSession *session,
                   const GError    *error,
                   const char      *details,
                   Events          *events)
{
  g_assert_nonnull (details);
  events->save_failed++;
  g_clear_error (&events->save_error);
  events->save_error = g_error_copy (error);
}

static void
on_save_recovered_cb (CrapetteSession *session,
                      Events          *events)
{
  events->save_recovered++;
}

static void
on_save_set_aside_cb (CrapetteSession *session,
                      const GError    *error,
                      const char      *kept_as,
                      Events          *events)
{
  events->set_aside++;
  g_clear_error (&events->set_aside_error);
  events->set_aside_error = g_error_copy (error);
  g_free (events->kept_as);
  events->kept_as = g_strdup (kept_as);
}

static void
events_clear (Events *events)
{
  g_clear_error (&events->save_error);
  g_clear_error (&events->set_aside_error);
  g_clear_pointer (&events->kept_as, g_free);
}

static CrapetteSession *
new_session (GSettings *settings,
             Events    *events)
{
  CrapetteSession *session = crapette_session_new (settings);

  *events = (Events) { .winner = CRAPETTE_NO_SEAT };
  g_signal_connect (session, "match-started", G_CALLBACK (on_match_started_cb), events);
  g_signal_connect (session, "round-finished", G_CALLBACK (on_round_finished_cb), events);
  g_signal_connect (session, "match-finished", G_CALLBACK (on_match_finished_cb), events);
  g_signal_connect (session, "save-failed", G_CALLBACK (on_save_failed_cb), events);
  g_signal_connect (session, "save-recovered", G_CALLBACK (on_save_recovered_cb), events);
  g_signal_connect (session, "save-set-aside", G_CALLBACK (on_save_set_aside_cb), events);
  return session;
}

/* Settings in memory, back at their defaults, with short rounds. */
static GSettings *
new_settings (void)
{
  GSettings *settings = g_settings_new (SETTINGS_SCHEMA_ID);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
  g_settings_set_int (settings, "idle-turn-limit", 10);
  return settings;
}

/* The move the player to move makes: the session's computer player's choice at its seat, a
 * random legal move for a person. */
static void
choose_move (CrapetteSession *session,
             CrapetteRandom  *random,
             CrapetteMove    *move)
{
  CrapetteGame *game = crapette_session_get_game (session);
  CrapetteSeat seat = crapette_game_get_current_player (game);
  CrapettePlayer *player = crapette_session_get_player (session, seat);
  gsize n_moves;
  const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_moves);

  if (player != NULL)
    {
      g_assert_true (crapette_session_is_computer_to_move (session));
      crapette_player_choose (player, crapette_game_get_known_view (game), move);
      return;
    }
  g_assert_false (crapette_session_is_computer_to_move (session));
  g_assert_cmpuint (n_moves, >, 0);
  *move = legal[crapette_random_below (random, (guint32) n_moves)];
}

/* Plays up to @n_moves moves of the round in play, each through the session for the seat to
 * move; returns how many were played. */
static guint
play_moves (CrapetteSession *session,
            CrapetteRandom  *random,
            guint            n_moves)
{
  CrapetteGame *game = crapette_session_get_game (session);
  guint played = 0;

  while (played < n_moves && crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING)
    {
      g_autoptr(GError) error = NULL;
      CrapetteMove move;

      choose_move (session, random, &move);
      g_assert_true (crapette_session_play (session, crapette_game_get_current_player (game),
                                            &move, &error));
      g_assert_no_error (error);
      played++;
    }
  return played;
}

static void
assert_same_match (CrapetteMatch *a,
                   CrapetteMatch *b)
{
  g_autofree char *record_a = crapette_match_to_record (a);
  g_autofree char *record_b = crapette_match_to_record (b);
  CrapetteGame *game_a = crapette_match_get_game (a);
  CrapetteGame *game_b = crapette_match_get_game (b);

  g_assert_cmpstr (record_a, ==, record_b);
  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    g_assert_cmpuint (crapette_match_get_score (a, seat), ==, crapette_match_get_score (b, seat));
  g_assert_cmpuint (crapette_game_get_current_player (game_a), ==,
                    crapette_game_get_current_player (game_b));
  g_assert_true (crapette_position_equal (
    crapette_round_get_position (crapette_game_get_round (game_a)),
    crapette_round_get_position (crapette_game_get_round (game_b))));
}

/* ---- A match to the end ---------------------------------------------------- */

static void
play_match_to_the_end (CrapetteVariant variant,
                       const char     *length_key,
                       const char     *length)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(CrapetteSession) session = NULL;
  g_autoptr(CrapetteScoreboard) scoreboard = crapette_scoreboard_new (settings);
  g_autoptr(CrapetteSession) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *record = NULL;
  CrapetteScoreStats stats;
  CrapetteMatch *match;
  CrapetteRandom random;
  Events events, again_events;
  guint rounds = 0;

  save_test_empty_folder ();
  g_settings_set_enum (settings, "variant", (int) variant);
  g_settings_set_enum (settings, "opponent", CRAPETTE_OPPONENT_COMPUTER_EASY);
  g_settings_set_string (settings, length_key, length);
  crapette_random_init (&random, 7 + variant);

  session = new_session (settings, &events);
  g_assert_false (crapette_session_resume (session));
  g_assert_true (crapette_session_get_persistent (session));
  crapette_session_new_match_from_settings (session);
  g_assert_cmpuint (events.started[CRAPETTE_MATCH_START_NEW], ==, 1);
  match = crapette_session_get_match (session);
  g_assert_cmpint (crapette_match_get_variant (match), ==, variant);
  g_assert_cmpint (crapette_session_get_computer_seat (session), ==, CRAPETTE_NORTH);
  g_assert_nonnull (crapette_session_get_player (session, CRAPETTE_NORTH));
  g_assert_null (crapette_session_get_player (session, CRAPETTE_SOUTH));

  while (!crapette_match_is_finished (match))
    {
      play_moves (session, &random, G_MAXUINT);
      rounds++;
      g_assert_cmpuint (events.rounds_finished, ==, rounds);
      g_assert_cmpuint (events.last_round_index, ==, rounds - 1);
      if (!crapette_match_is_finished (match))
        g_assert_true (crapette_session_next_round (session));
    }
  g_assert_cmpuint (events.matches_finished, ==, 1);
  g_assert_cmpint (events.winner, ==, crapette_match_get_winner (match));

  /* The scoreboard has every round and the match, against Easy in this game only. */
  crapette_scoreboard_get_stats (scoreboard, variant, CRAPETTE_OPPONENT_COMPUTER_EASY, &stats);
  g_assert_cmpuint (stats.matches_played, ==, 1);
  g_assert_cmpuint (stats.rounds_played, ==, rounds);
  g_assert_cmpuint (stats.matches_won, ==, events.winner == CRAPETTE_SOUTH);
  crapette_scoreboard_get_stats (scoreboard, variant, CRAPETTE_OPPONENT_COMPUTER_HARD, &stats);
  g_assert_cmpuint (stats.matches_played, ==, 0);

  /* The save holds the finished match, and a finished match is not resumed. */
  g_assert_true (crapette_session_flush (session));
  saved = save_test_read ();
  record = crapette_match_to_record (match);
  g_assert_cmpstr (saved, ==, record);
  g_assert_cmpuint (events.save_failed, ==, 0);
  crapette_session_close (session);
  again = new_session (settings, &again_events);
  g_assert_false (crapette_session_resume (again));
  g_assert_cmpuint (again_events.started[CRAPETTE_MATCH_START_RESUMED], ==, 0);
  g_assert_cmpuint (again_events.set_aside, ==, 0);

  /* "Next round" after the end starts a new match of the same game. */
  g_assert_true (crapette_session_next_round (session));
  g_assert_cmpuint (events.started[CRAPETTE_MATCH_START_NEW], ==, 2);
  g_assert_true (crapette_session_get_match (session) != match);
  g_assert_cmpint (crapette_match_get_variant (crapette_session_get_match (session)), ==, variant);
  events_clear (&events);
  events_clear (&again_events);
  g_assert_finalize_object (g_steal_pointer (&again));
  g_assert_finalize_object (g_steal_pointer (&session));
}

static void
test_russian_match_to_the_end (void)
{
  play_match_to_the_end (CRAPETTE_VARIANT_RUSSIAN, "russian-match-target", "single-round");
}

static void
test_american_match_to_the_end (void)
{
  play_match_to_the_end (CRAPETTE_VARIANT_AMERICAN, "american-match-length", "best-of-3");
}

/* ---- Saving and resuming --------------------------------------------------- */

static void
test_save_and_resume (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(CrapetteSession) session = NULL;
  g_autoptr(CrapetteSession) resumed = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *record = NULL;
  CrapetteGame *game;
  CrapetteRandom random;
  Events events, resumed_events;

  save_test_empty_folder ();
  g_settings_set_enum (settings, "opponent", CRAPETTE_OPPONENT_TWO_PLAYERS);
  g_settings_set_string (settings, "south-name", "Zoé");
  crapette_random_init (&random, 11);
  session = new_session (settings, &events);
  game = crapette_session_get_game (session);

  /* Before it is resumed, a session saves nothing. */
  crapette_session_new_match (session, CRAPETTE_VARIANT_RUSSIAN, 4242);
  play_moves (session, &random, 5);
  g_assert_true (crapette_session_flush (session));
  g_assert_null (save_test_read ());

  g_assert_false (crapette_session_resume (session));
  crapette_session_new_match (session, CRAPETTE_VARIANT_RUSSIAN, 4243);
  g_assert_cmpint (crapette_session_get_computer_seat (session), ==, CRAPETTE_NO_SEAT);
  play_moves (session, &random, 30);
  /* A move the table plays straight on the game is saved as well. */
  {
    gsize n_moves;
    CrapetteMove move;

    g_assert_cmpint (crapette_game_get_phase (game), ==, CRAPETTE_OUTCOME_PLAYING);
    move = crapette_game_get_legal_moves (game, &n_moves)[0];
    g_assert_true (crapette_game_play (game, &move, NULL));
  }
  g_assert_true (crapette_session_flush (session));
  saved = save_test_read ();
  record = crapette_match_to_record (crapette_session_get_match (session));
  g_assert_cmpstr (saved, ==, record);

  /* A move taken back is taken out of the save too. */
  if (crapette_session_can_undo (session))
    {
      g_autofree char *after_undo = NULL;
      g_autofree char *undone = NULL;

      g_assert_true (crapette_session_undo (session));
      g_assert_true (crapette_session_flush (session));
      after_undo = save_test_read ();
      undone = crapette_match_to_record (crapette_session_get_match (session));
      g_assert_cmpstr (after_undo, ==, undone);
      g_assert_cmpstr (after_undo, !=, saved);
      g_assert_true (crapette_session_redo (session));
      g_assert_true (crapette_session_flush (session));
    }

  crapette_session_close (session);
  resumed = new_session (settings, &resumed_events);
  g_assert_true (crapette_session_resume (resumed));
  g_assert_cmpuint (resumed_events.started[CRAPETTE_MATCH_START_RESUMED], ==, 1);
  g_assert_cmpuint (resumed_events.started[CRAPETTE_MATCH_START_NEW], ==, 0);
  g_assert_true (resumed_events.last_started == crapette_session_get_match (resumed));
  assert_same_match (crapette_session_get_match (session), crapette_session_get_match (resumed));
  g_assert_cmpstr (crapette_match_get_player_name (crapette_session_get_match (resumed),
                                                   CRAPETTE_SOUTH), ==, "Zoé");
  g_assert_cmpint (crapette_session_get_opponent (resumed), ==, CRAPETTE_OPPONENT_TWO_PLAYERS);
  /* Resuming does not write the save again. */
  g_assert_cmpuint (resumed_events.save_failed, ==, 0);

  events_clear (&events);
  events_clear (&resumed_events);
  g_assert_finalize_object (g_steal_pointer (&resumed));
  g_assert_finalize_object (g_steal_pointer (&session));
}

/* A saved match against the computer comes back with the computer in its seat. */
static void
test_resume_seats_the_computer (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(CrapetteSession) session = NULL;
  g_autoptr(CrapetteSession) resumed = NULL;
  CrapetteRandom random;
  Events events, resumed_events;

  save_test_empty_folder ();
  g_settings_set_enum (settings, "opponent", CRAPETTE_OPPONENT_COMPUTER_MEDIUM);
  crapette_random_init (&random, 12);
  session = new_session (settings, &events);
  g_assert_false (crapette_session_resume (session));
  crapette_session_new_match_from_settings (session);
  play_moves (session, &random, 12);
  g_object_unref (g_steal_pointer (&session));

  /* The other opponent chosen meanwhile is for the next new match only. */
  g_settings_set_enum (settings, "opponent", CRAPETTE_OPPONENT_TWO_PLAYERS);
  resumed = new_session (settings, &resumed_events);
  g_assert_true (crapette_session_resume (resumed));
  g_assert_cmpint (crapette_session_get_opponent (resumed), ==,
                   CRAPETTE_OPPONENT_COMPUTER_MEDIUM);
  g_assert_cmpint (crapette_session_get_computer_seat (resumed), ==, CRAPETTE_NORTH);
  g_assert_cmpstr (crapette_player_get_kind (crapette_session_get_player (resumed,
                                                                          CRAPETTE_NORTH)),
                   ==, "medium");
  g_assert_true (crapette_session_settings_differ (resumed));
  events_clear (&events);
  events_clear (&resumed_events);
}

/* A saved game that does not read is set aside and said once; a new match can begin. */
static void
test_damaged_save_set_aside (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(CrapetteSession) session = NULL;
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *folder = g_path_get_dirname (path);
  Events events;

  save_test_empty_folder ();
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "Crapette match\nVariant: chess\n", -1, NULL));

  session = new_session (settings, &events);
  g_assert_false (crapette_session_resume (session));
  g_assert_cmpuint (events.set_aside, ==, 1);
  g_assert_error (events.set_aside_error, CRAPETTE_SAVEGAME_ERROR,
                  CRAPETTE_SAVEGAME_ERROR_DAMAGED);
  g_assert_nonnull (events.kept_as);
  g_assert_true (g_file_test (events.kept_as, G_FILE_TEST_IS_REGULAR));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_null (crapette_session_get_match (session));

  crapette_session_new_match_from_settings (session);
  g_assert_true (crapette_session_flush (session));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (events.set_aside, ==, 1);
  events_clear (&events);
}

/* ---- A save that fails ----------------------------------------------------- */

/* Root writes anywhere: the folder that cannot be written to is tried as "nobody", in a
 * subprocess that drops root first and takes a data folder of its own. */
static void
test_save_failure (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(GSettings) settings = NULL;
      g_autoptr(CrapetteSession) session = NULL;
      g_autofree char *data_home = NULL;
      g_autofree char *path = NULL;
      g_autofree char *folder = NULL;
      g_autofree char *good = NULL;
      g_autofree char *last = NULL;
      g_autofree char *now = NULL;
      CrapetteRandom random;
      Events events;

      save_test_drop_root ();
      /* Made by "nobody", who can remove it. */
      data_home = folder_test_new ("crapette-session-XXXXXX");
      g_setenv ("XDG_DATA_HOME", data_home, TRUE);
      path = crapette_savegame_get_path ();
      g_assert_true (g_str_has_prefix (path, data_home));
      folder = g_path_get_dirname (path);

      settings = new_settings ();
      crapette_random_init (&random, 13);
      session = new_session (settings, &events);
      g_assert_false (crapette_session_resume (session));
      crapette_session_new_match (session, CRAPETTE_VARIANT_RUSSIAN, 4245);
      play_moves (session, &random, 3);
      g_assert_true (crapette_session_flush (session));
      good = save_test_read ();
      g_assert_nonnull (good);

      /* Play goes on while no save works; the last good one stays as it was. */
      g_assert_cmpint (g_chmod (folder, 0500), ==, 0);
      for (guint i = 0; i < 5; i++)
        {
          g_autofree char *saved = NULL;

          g_assert_cmpuint (play_moves (session, &random, 1), ==, 1);
          g_assert_false (crapette_session_flush (session));
          saved = save_test_read ();
          g_assert_cmpstr (saved, ==, good);
        }
      g_assert_cmpuint (events.save_failed, ==, 1);
      g_assert_error (events.save_error, CRAPETTE_SAVEGAME_ERROR,
                      CRAPETTE_SAVEGAME_ERROR_READ_ONLY);
      g_assert_cmpuint (events.save_recovered, ==, 0);

      /* The folder writable again: the next move is saved, and that is said once. */
      g_assert_cmpint (g_chmod (folder, 0700), ==, 0);
      g_assert_cmpuint (play_moves (session, &random, 1), ==, 1);
      g_assert_true (crapette_session_flush (session));
      g_assert_cmpuint (events.save_recovered, ==, 1);
      g_assert_cmpuint (events.save_failed, ==, 1);
      last = save_test_read ();
      now = crapette_match_to_record (crapette_session_get_match (session));
      g_assert_cmpstr (last, ==, now);

      crapette_session_close (session);
      events_clear (&events);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* A second session finds the save held by the first: it saves nothing, and says so once. */
static void
test_save_held_by_another (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(CrapetteSession) first = NULL;
  g_autoptr(CrapetteSession) second = NULL;
  g_autofree char *held = NULL;
  g_autofree char *after = NULL;
  CrapetteRandom random;
  Events first_events, second_events;

  save_test_empty_folder ();
  crapette_random_init (&random, 14);
  first = new_session (settings, &first_events);
  g_assert_false (crapette_session_resume (first));
  crapette_session_new_match_from_settings (first);
  g_assert_true (crapette_session_flush (first));
  held = save_test_read ();

  second = new_session (settings, &second_events);
  crapette_session_resume (second);
  g_assert_cmpuint (second_events.save_failed, ==, 1);
  g_assert_error (second_events.save_error, CRAPETTE_SAVEGAME_ERROR,
                  CRAPETTE_SAVEGAME_ERROR_LOCKED);
  crapette_session_new_match (second, CRAPETTE_VARIANT_AMERICAN, 99);
  play_moves (second, &random, 4);
  crapette_session_flush (second);
  after = save_test_read ();
  g_assert_cmpstr (after, ==, held);
  g_assert_cmpuint (second_events.save_failed, ==, 1);
  events_clear (&first_events);
  events_clear (&second_events);
}

/* ---- New games, replays and files ------------------------------------------ */

static void
test_new_and_replay (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(CrapetteSession) session = NULL;
  CrapettePosition start;
  CrapetteMatch *match;
  CrapetteGame *game;
  CrapetteRandom random;
  Events events;

  save_test_empty_folder ();
  crapette_random_init (&random, 15);
  session = new_session (settings, &events);
  game = crapette_session_get_game (session);

  /* A new game: the deal asked for, against the opponent set. */
  crapette_session_set_opponent (session, CRAPETTE_OPPONENT_TWO_PLAYERS);
  crapette_session_new_match (session, CRAPETTE_VARIANT_AMERICAN, 777);
  match = crapette_session_get_match (session);
  g_assert_cmpuint (events.started[CRAPETTE_MATCH_START_NEW], ==, 1);
  g_assert_cmpuint (crapette_match_get_deal_number (match, 0), ==, 777);
  g_assert_cmpint (crapette_game_get_variant (game), ==, CRAPETTE_VARIANT_AMERICAN);
  start = *crapette_round_get_position (crapette_game_get_round (game));
  g_assert_false (crapette_session_game_in_progress (session));

  /* Replay This Deal: the same cards, no move made, the same match. */
  g_assert_cmpuint (play_moves (session, &random, 8), ==, 8);
  g_assert_true (crapette_session_game_in_progress (session));
  g_assert_false (crapette_session_next_round (session));
  g_assert_true (crapette_session_replay_deal (session));
  g_assert_true (crapette_session_get_match (session) == match);
  g_assert_cmpuint (crapette_round_get_n_moves (crapette_game_get_round (game)), ==, 0);
  g_assert_true (crapette_position_equal (&start, crapette_round_get_position (
                                                   crapette_game_get_round (game))));
  g_assert_cmpuint (events.started[CRAPETTE_MATCH_START_NEW], ==, 1);

  /* A chosen game is remembered for the next start. */
  crapette_session_start_chosen (session, CRAPETTE_VARIANT_RUSSIAN,
                                 CRAPETTE_OPPONENT_COMPUTER_HARD);
  g_assert_cmpint (g_settings_get_enum (settings, "variant"), ==, CRAPETTE_VARIANT_RUSSIAN);
  g_assert_cmpint (g_settings_get_enum (settings, "opponent"), ==,
                   CRAPETTE_OPPONENT_COMPUTER_HARD);
  g_assert_cmpint (crapette_session_get_computer_seat (session), ==, CRAPETTE_NORTH);
  g_assert_false (crapette_session_settings_differ (session));
  events_clear (&events);
  g_assert_finalize_object (g_steal_pointer (&session));
}

/* Matches from records and files: one that does not read changes nothing; one that does
 * brings its own opponent and seats. */
static void
test_open (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(CrapetteSession) session = NULL;
  g_autoptr(CrapetteGame) other_game = crapette_game_new ();
  g_autoptr(CrapetteMatch) other = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *record = NULL;
  g_autofree char *file_path = NULL;
  g_autoptr(GFile) file = NULL;
  CrapetteRules rules;
  CrapetteMatch *match;
  Events events;

  save_test_empty_folder ();
  session = new_session (settings, &events);
  crapette_session_set_opponent (session, CRAPETTE_OPPONENT_COMPUTER_HARD);
  crapette_session_new_match (session, CRAPETTE_VARIANT_RUSSIAN, 778);
  match = crapette_session_get_match (session);

  /* A record that does not read changes nothing. */
  g_assert_false (crapette_session_open_record (session, "Crapette match\nVariant: go\n", -1,
                                                &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (crapette_session_get_match (session) == match);
  g_assert_cmpuint (events.started[CRAPETTE_MATCH_START_OPENED], ==, 0);

  /* A match from a file: its opponent and its seats come with it. */
  crapette_rules_init_default (&rules);
  other = crapette_match_new (other_game, CRAPETTE_VARIANT_RUSSIAN, &rules, 100, 31);
  crapette_match_set_players (other, CRAPETTE_OPPONENT_TWO_PLAYERS, "Ann", "Bob");
  g_assert_true (crapette_match_deal_next_round (other));
  record = crapette_match_to_record (other);
  file_path = g_build_filename (g_get_tmp_dir (), "crapette-session-open.crapette", NULL);
  g_assert_true (g_file_set_contents (file_path, record, -1, NULL));
  file = g_file_new_for_path (file_path);
  g_assert_true (crapette_session_open_file (session, file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (events.started[CRAPETTE_MATCH_START_OPENED], ==, 1);
  g_assert_cmpint (crapette_session_get_opponent (session), ==, CRAPETTE_OPPONENT_TWO_PLAYERS);
  g_assert_cmpint (crapette_session_get_computer_seat (session), ==, CRAPETTE_NO_SEAT);
  g_assert_null (crapette_session_get_player (session, CRAPETTE_NORTH));
  assert_same_match (other, crapette_session_get_match (session));
  g_assert_cmpint (g_remove (file_path), ==, 0);

  /* A file that is not there: said, and nothing changes. */
  g_assert_false (crapette_session_open_file (session, file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_cmpuint (events.started[CRAPETTE_MATCH_START_OPENED], ==, 1);
  events_clear (&events);
  g_assert_finalize_object (g_steal_pointer (&session));
}

/* ---- Who plays ------------------------------------------------------------- */

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

/* Each match against the computer gets a player of its own, said by a notification, and the
 * session plays only for the seat to move. */
static void
test_seats (void)
{
  g_autoptr(CrapetteSession) session = crapette_session_new (NULL);
  CrapetteGame *game = crapette_session_get_game (session);
  CrapettePlayer *first;
  guint player_changes = 0, seat_changes = 0;
  gsize n_moves;
  CrapetteMove move;

  g_signal_connect (session, "notify::computer-player", G_CALLBACK (count_notify_cb),
                    &player_changes);
  g_signal_connect (session, "notify::computer-seat", G_CALLBACK (count_notify_cb),
                    &seat_changes);
  g_assert_cmpint (crapette_session_get_computer_seat (session), ==, CRAPETTE_NO_SEAT);

  g_object_set (session, "opponent", CRAPETTE_OPPONENT_COMPUTER_HARD, NULL);
  crapette_session_new_match (session, CRAPETTE_VARIANT_RUSSIAN, 8);
  first = crapette_session_get_player (session, CRAPETTE_NORTH);
  g_assert_nonnull (first);
  g_assert_cmpstr (crapette_player_get_kind (first), ==, "hard");
  g_assert_cmpuint (player_changes, ==, 1);
  g_assert_cmpuint (seat_changes, ==, 1);

  crapette_session_new_match (session, CRAPETTE_VARIANT_RUSSIAN, 9);
  g_assert_true (crapette_session_get_player (session, CRAPETTE_NORTH) != first);
  g_assert_cmpuint (player_changes, ==, 2);
  g_assert_cmpuint (seat_changes, ==, 1);

  crapette_session_set_opponent (session, CRAPETTE_OPPONENT_TWO_PLAYERS);
  crapette_session_new_match (session, CRAPETTE_VARIANT_AMERICAN, 10);
  g_assert_null (crapette_session_get_player (session, CRAPETTE_NORTH));
  g_assert_cmpint (crapette_session_get_computer_seat (session), ==, CRAPETTE_NO_SEAT);
  g_assert_cmpuint (player_changes, ==, 3);
  g_assert_cmpuint (seat_changes, ==, 2);

  /* A move for the seat that is not to move is a programmer's error, and is not played. */
  move = crapette_game_get_legal_moves (game, &n_moves)[0];
  g_test_expect_message ("crapette-session", G_LOG_LEVEL_CRITICAL, "*current_player*");
  g_assert_false (crapette_session_play (session,
                                         crapette_seat_opponent (
                                           crapette_game_get_current_player (game)),
                                         &move, NULL));
  g_test_assert_expected_messages ();
  g_assert_cmpuint (crapette_view_get_move_number (crapette_game_get_view (game)), ==, 0);
  g_assert_finalize_object (g_steal_pointer (&session));
}

/* ---- Taking back, hints ---------------------------------------------------- */

/* Only a person takes moves back, and only on their own turn. */
static void
test_undo_is_for_people (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(CrapetteSession) session = NULL;
  CrapetteGame *game;
  CrapetteRandom random;
  Events events;
  guint checked = 0;

  crapette_random_init (&random, 16);
  session = new_session (settings, &events);
  game = crapette_session_get_game (session);
  crapette_session_set_opponent (session, CRAPETTE_OPPONENT_COMPUTER_EASY);
  crapette_session_new_match (session, CRAPETTE_VARIANT_RUSSIAN, 1234);

  for (guint i = 0; i < 400 && crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING; i++)
    {
      gboolean computer = crapette_session_is_computer_to_move (session);

      if (computer && crapette_game_can_undo (game))
        {
          g_assert_false (crapette_session_can_undo (session));
          g_assert_false (crapette_session_undo (session));
          checked++;
        }
      if (!computer)
        g_assert_cmpint (crapette_session_can_undo (session), ==, crapette_game_can_undo (game));
      play_moves (session, &random, 1);
    }
  g_assert_cmpuint (checked, >, 0);
  events_clear (&events);
}

static void
on_hint_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  GError **error = data;
  CrapetteMove move;

  if (crapette_session_find_hint_finish (CRAPETTE_SESSION (source), result, &move, error))
    {
      CrapetteGame *game = crapette_session_get_game (CRAPETTE_SESSION (source));
      gsize n_moves;
      const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_moves);
      gboolean found = FALSE;

      for (gsize i = 0; i < n_moves; i++)
        found |= crapette_move_equal (&legal[i], &move);
      g_assert_true (found);
    }
  else
    g_assert_nonnull (*error);
  *(gboolean *) g_object_get_data (source, "hint-done") = TRUE;
}

static void
wait_for_hint (CrapetteSession *session,
               gboolean        *done)
{
  g_object_set_data (G_OBJECT (session), "hint-done", done);
  while (!*done)
    g_main_context_iteration (NULL, TRUE);
}

/* A hint is a legal move for the person to move; one asked for before a move is dropped. */
static void
test_hint (void)
{
  g_autoptr(CrapetteSession) session = crapette_session_new (NULL);
  g_autoptr(GError) error = NULL;
  CrapetteRandom random;
  gboolean done = FALSE;

  crapette_random_init (&random, 17);
  crapette_session_new_match (session, CRAPETTE_VARIANT_RUSSIAN, 55);
  crapette_session_find_hint_async (session, on_hint_cb, &error);
  wait_for_hint (session, &done);
  g_assert_no_error (error);

  done = FALSE;
  crapette_session_find_hint_async (session, on_hint_cb, &error);
  play_moves (session, &random, 1);
  wait_for_hint (session, &done);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_finalize_object (g_steal_pointer (&session));
}

/* A friend on another machine plays only the match the network dealt: a match this screen
 * starts of its own (New Game, Replay This Deal) has no remote seat, so its computer plays
 * and its moves are nobody's to send. */
static void
test_own_match_has_no_remote_seat (void)
{
  g_autoptr(CrapetteSession) session = crapette_session_new (NULL);
  g_autoptr(CrapetteMatch) network = NULL;
  CrapetteRules rules;

  crapette_rules_init_default (&rules);
  network = crapette_match_new (crapette_session_get_game (session), CRAPETTE_VARIANT_RUSSIAN,
                                &rules, 300, 41);
  crapette_match_set_players (network, CRAPETTE_OPPONENT_TWO_PLAYERS, "Anne", "Boris");
  crapette_session_set_remote_seat (session, CRAPETTE_NORTH);
  crapette_session_start_match (session, network);
  g_assert_cmpint (crapette_session_get_remote_seat (session), ==, CRAPETTE_NORTH);

  crapette_session_set_opponent (session, CRAPETTE_OPPONENT_COMPUTER_MEDIUM);
  crapette_session_new_match (session, CRAPETTE_VARIANT_RUSSIAN, 42);
  g_assert_cmpint (crapette_session_get_remote_seat (session), ==, CRAPETTE_NO_SEAT);
  g_assert_nonnull (crapette_session_get_player (session, CRAPETTE_NORTH));
  g_assert_false (crapette_session_is_remote_to_move (session));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *schema_dir = NULL;
  g_autofree char *data_home = NULL;

  schema_dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL ? g_getenv ("G_TEST_BUILDDIR")
                                                                      : ".",
                                 "..", "data", NULL);
  if (g_getenv ("GSETTINGS_SCHEMA_DIR") == NULL)
    g_setenv ("GSETTINGS_SCHEMA_DIR", schema_dir, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init (&argc, &argv, NULL);
  /* A data folder of this test's own, so that no real saved game is read or written. The
   * save-failure case takes another in its subprocess, made by the user it runs as. */
  if (!g_test_subprocess ())
    {
      data_home = folder_test_new_for_program ("crapette-test-session-XXXXXX");
      g_setenv ("XDG_DATA_HOME", data_home, TRUE);
    }

  g_test_add_func ("/session/russian-match-to-the-end", test_russian_match_to_the_end);
  g_test_add_func ("/session/american-match-to-the-end", test_american_match_to_the_end);
  g_test_add_func ("/session/save-and-resume", test_save_and_resume);
  g_test_add_func ("/session/resume-seats-the-computer", test_resume_seats_the_computer);
  g_test_add_func ("/session/damaged-save-set-aside", test_damaged_save_set_aside);
  g_test_add_func ("/session/save-failure", test_save_failure);
  g_test_add_func ("/session/save-held-by-another", test_save_held_by_another);
  g_test_add_func ("/session/new-and-replay", test_new_and_replay);
  g_test_add_func ("/session/open", test_open);
  g_test_add_func ("/session/seats", test_seats);
  g_test_add_func ("/session/own-match-has-no-remote-seat", test_own_match_has_no_remote_seat);
  g_test_add_func ("/session/undo-is-for-people", test_undo_is_for_people);
  g_test_add_func ("/session/hint", test_hint);

  return g_test_run ();
}
