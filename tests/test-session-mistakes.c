/* test-session-mistakes.c: the computer makes mistakes for the person to catch as the
 * "computer-mistakes" preference says: as its level plays, at every level, or never, from
 * the computer's next move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The settings live in GSettings' memory backend; the session is never made persistent, so
 * nothing is saved. The person's seat plays moves that keep every duty, so that every
 * mistake counted is the computer's.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include "crapette-enums.h"
#include "crapette-random.h"
#include "crapette-refusal.h"
#include "crapette-session.h"

/* Settings in memory, with mistakes called and the computer's mistakes set by @nick. */
static GSettings *
new_settings (const char *nick)
{
  GSettings *settings = g_settings_new (SETTINGS_SCHEMA_ID);

  g_settings_reset (settings, "idle-turn-limit");
  g_settings_set_string (settings, "mistakes", "called");
  g_settings_set_string (settings, "computer-mistakes", nick);
  return settings;
}

/* A session against @opponent, its computer player seeded by @seed. */
static CrapetteSession *
new_session (GSettings        *settings,
             CrapetteOpponent  opponent,
             guint32           seed)
{
  CrapetteSession *session = crapette_session_new (settings);

  crapette_session_set_opponent (session, opponent);
  /* The session seeds its computer player from GLib's generator. */
  g_random_set_seed (seed);
  crapette_session_new_match (session, CRAPETTE_VARIANT_RUSSIAN, seed);
  return session;
}

/* A move of the person's that keeps every duty, drawn from @random. */
static void
choose_dutiful_move (CrapetteGame   *game,
                     CrapetteRandom *random,
                     CrapetteMove   *move)
{
  const CrapettePosition *position = crapette_round_get_position (crapette_game_get_round (game));
  gsize n_legal, n_dutiful = 0;
  const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_legal);
  CrapetteMove dutiful[CRAPETTE_MAX_MOVES];

  for (gsize i = 0; i < n_legal; i++)
    {
      if (crapette_position_duty_broken (position, &legal[i], NULL) == CRAPETTE_REFUSAL_NONE)
        dutiful[n_dutiful++] = legal[i];
    }
  g_assert_cmpuint (n_dutiful, >, 0);
  *move = dutiful[crapette_random_below (random, (guint32) n_dutiful)];
}

/* Plays @n_turns of the computer's turns (and the person's between them), starting a new
 * match whenever one ends; returns how many of the computer's moves broke a duty. */
static guint
count_computer_mistakes (CrapetteSession *session,
                         guint            n_turns)
{
  CrapetteGame *game = crapette_session_get_game (session);
  CrapetteRandom random;
  guint mistakes = 0, turns = 0;

  crapette_random_init (&random, 77);
  while (turns < n_turns)
    {
      const CrapettePosition *position;
      CrapetteSeat seat;
      CrapetteMove move;

      if (crapette_game_get_phase (game) != CRAPETTE_OUTCOME_PLAYING)
        crapette_session_next_round (session);
      seat = crapette_game_get_current_player (game);
      position = crapette_round_get_position (crapette_game_get_round (game));
      if (crapette_session_is_computer_to_move (session))
        {
          crapette_player_choose (crapette_session_get_player (session, seat),
                                  crapette_game_get_known_view (game), &move);
          mistakes += crapette_position_duty_broken (position, &move, NULL) !=
                      CRAPETTE_REFUSAL_NONE;
        }
      else
        choose_dutiful_move (game, &random, &move);
      g_assert_true (crapette_session_play (session, seat, &move, NULL));
      if (seat == crapette_session_get_computer_seat (session) &&
          crapette_game_get_current_player (game) != seat)
        turns++;
    }
  return mistakes;
}

/* The session's computer player makes mistakes as the preference says, each level by
 * default as its class does, and a new player of each match too. */
static void
test_player_follows_the_preference (void)
{
  g_autoptr(GSettings) settings = new_settings ("by-level");
  g_autoptr(CrapetteSession) session = new_session (settings, CRAPETTE_OPPONENT_COMPUTER_EASY, 1);
  CrapetteComputerMistakes chosen;

  g_object_get (session, "computer-mistakes", &chosen, NULL);
  g_assert_cmpint (chosen, ==, CRAPETTE_COMPUTER_MISTAKES_BY_LEVEL);
  g_assert_true (crapette_player_get_makes_mistakes (crapette_session_get_player (session,
                                                                                  CRAPETTE_NORTH)));

  /* Mid-match: the player in its seat follows at once. */
  g_settings_set_string (settings, "computer-mistakes", "never");
  g_object_get (session, "computer-mistakes", &chosen, NULL);
  g_assert_cmpint (chosen, ==, CRAPETTE_COMPUTER_MISTAKES_NEVER);
  g_assert_false (crapette_player_get_makes_mistakes (crapette_session_get_player (session,
                                                                                   CRAPETTE_NORTH)));
  g_settings_set_string (settings, "computer-mistakes", "by-level");
  g_assert_true (crapette_player_get_makes_mistakes (crapette_session_get_player (session,
                                                                                  CRAPETTE_NORTH)));

  /* Hard makes none as its level plays, and some when asked, from the match's start. */
  crapette_session_set_opponent (session, CRAPETTE_OPPONENT_COMPUTER_HARD);
  crapette_session_new_match (session, CRAPETTE_VARIANT_RUSSIAN, 2);
  g_assert_false (crapette_player_get_makes_mistakes (crapette_session_get_player (session,
                                                                                   CRAPETTE_NORTH)));
  g_settings_set_string (settings, "computer-mistakes", "always");
  g_assert_true (crapette_player_get_makes_mistakes (crapette_session_get_player (session,
                                                                                  CRAPETTE_NORTH)));
  crapette_session_new_match (session, CRAPETTE_VARIANT_RUSSIAN, 3);
  g_assert_true (crapette_player_get_makes_mistakes (crapette_session_get_player (session,
                                                                                  CRAPETTE_NORTH)));

  /* Medium, by its level, makes them; never means never. */
  g_settings_set_string (settings, "computer-mistakes", "by-level");
  crapette_session_set_opponent (session, CRAPETTE_OPPONENT_COMPUTER_MEDIUM);
  crapette_session_new_match (session, CRAPETTE_VARIANT_RUSSIAN, 4);
  g_assert_true (crapette_player_get_makes_mistakes (crapette_session_get_player (session,
                                                                                  CRAPETTE_NORTH)));
  g_settings_reset (settings, "computer-mistakes");
  g_settings_reset (settings, "mistakes");
  g_assert_finalize_object (g_steal_pointer (&session));
}

/* A session without preferences lets each level play as it does. */
static void
test_without_settings (void)
{
  g_autoptr(CrapetteSession) session = crapette_session_new (NULL);

  crapette_session_set_opponent (session, CRAPETTE_OPPONENT_COMPUTER_HARD);
  crapette_session_new_match (session, CRAPETTE_VARIANT_RUSSIAN, 5);
  g_assert_false (crapette_player_get_makes_mistakes (crapette_session_get_player (session,
                                                                                   CRAPETTE_NORTH)));
  g_object_set (session, "computer-mistakes", CRAPETTE_COMPUTER_MISTAKES_ALWAYS, NULL);
  g_assert_true (crapette_player_get_makes_mistakes (crapette_session_get_player (session,
                                                                                  CRAPETTE_NORTH)));
  g_assert_finalize_object (g_steal_pointer (&session));
}

/* Easy as its level plays makes mistakes in play; set to never in the middle of the match,
 * it makes none from its next move on. */
static void
test_easy_then_never (void)
{
  g_autoptr(GSettings) settings = new_settings ("by-level");
  g_autoptr(CrapetteSession) session = new_session (settings, CRAPETTE_OPPONENT_COMPUTER_EASY,
                                                    11);

  guint mistakes = count_computer_mistakes (session, 100);

  g_test_message ("Easy by its level: %u mistakes in 100 turns", mistakes);
  g_assert_cmpuint (mistakes, >, 0);
  g_settings_set_string (settings, "computer-mistakes", "never");
  g_assert_cmpuint (count_computer_mistakes (session, 300), ==, 0);

  g_settings_reset (settings, "computer-mistakes");
  g_settings_reset (settings, "mistakes");
  g_assert_finalize_object (g_steal_pointer (&session));
}

/* Hard, asked to make mistakes, makes some, though fewer than the lower levels. */
static void
test_hard_always (void)
{
  g_autoptr(GSettings) settings = new_settings ("always");
  g_autoptr(CrapetteSession) session = new_session (settings, CRAPETTE_OPPONENT_COMPUTER_HARD,
                                                    21);
  guint mistakes = count_computer_mistakes (session, 100);

  g_test_message ("Hard asked to: %u mistakes in 100 turns", mistakes);
  g_assert_cmpuint (mistakes, >, 0);

  g_settings_reset (settings, "computer-mistakes");
  g_settings_reset (settings, "mistakes");
  g_assert_finalize_object (g_steal_pointer (&session));
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session-mistakes/player-follows-the-preference",
                   test_player_follows_the_preference);
  g_test_add_func ("/session-mistakes/without-settings", test_without_settings);
  g_test_add_func ("/session-mistakes/easy-then-never", test_easy_then_never);
  g_test_add_func ("/session-mistakes/hard-always", test_hard_always);
  return g_test_run ();
}
