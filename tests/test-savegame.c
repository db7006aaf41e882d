/* test-savegame.c: saving and resuming, damaged saves, and the settings at their extremes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "crapette-game.h"
#include "crapette-match.h"
#include "crapette-random.h"
#include "crapette-savegame.h"
#include "crapette-scoreboard.h"

/* Files kept aside in the save folder. */
static guint
count_kept_aside (void)
{
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  guint count = 0;

  if (dir == NULL)
    return 0;
  while ((name = g_dir_read_name (dir)) != NULL)
    count += g_str_has_prefix (name, "current-match.damaged-");
  return count;
}

/* Removes every file from the save folder, so each test starts from nothing. */
static void
empty_save_folder (void)
{
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = g_build_filename (folder, name, NULL);

      g_assert_cmpint (g_remove (file), ==, 0);
    }
}

static void
write_save (const char *bytes,
            gssize      length)
{
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_file_set_contents (path, bytes, length, &error);
  g_assert_no_error (error);
}

/* A Russian Bank match @full_rounds rounds in, with @extra_moves moves of
 * the next one played. */
static CrapetteMatch *
play_some_match (CrapetteGame *game,
                 guint         full_rounds,
                 guint         extra_moves)
{
  CrapetteRules rules;
  CrapetteRandom random;
  CrapetteMatch *match;

  crapette_rules_init_default (&rules);
  rules.idle_turn_limit = 10;
  crapette_random_init (&random, 4);
  match = crapette_match_new (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 500, 2024);
  crapette_match_set_players (match, CRAPETTE_OPPONENT_COMPUTER_HARD, "Zoé", "");
  for (guint round = 0; round <= full_rounds; round++)
    {
      g_assert_true (crapette_match_deal_next_round (match));
      for (guint moves = 0;
           crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING &&
           (round < full_rounds || moves < extra_moves);
           moves++)
        {
          gsize n_moves;
          const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_moves);
          CrapetteMove move = legal[crapette_random_below (&random, (guint32) n_moves)];

          g_assert_true (crapette_game_play (game, &move, NULL));
        }
    }
  return match;
}

static void
assert_same_match (CrapetteMatch *a,
                   CrapetteMatch *b)
{
  CrapetteGame *game_a = crapette_match_get_game (a);
  CrapetteGame *game_b = crapette_match_get_game (b);

  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    g_assert_cmpuint (crapette_match_get_score (a, seat), ==, crapette_match_get_score (b, seat));
  g_assert_cmpuint (crapette_match_get_n_finished_rounds (a), ==,
                    crapette_match_get_n_finished_rounds (b));
  g_assert_cmpuint (crapette_match_is_round_in_play (a), ==, crapette_match_is_round_in_play (b));
  g_assert_cmpuint (crapette_game_get_current_player (game_a), ==,
                    crapette_game_get_current_player (game_b));
  g_assert_true (crapette_position_equal (
    crapette_round_get_position (crapette_game_get_round (game_a)),
    crapette_round_get_position (crapette_game_get_round (game_b))));
  g_assert_cmpuint (crapette_match_count_moves (a), ==, crapette_match_count_moves (b));
  g_assert_cmpint (crapette_match_get_opponent (a), ==, crapette_match_get_opponent (b));
  g_assert_cmpstr (crapette_match_get_player_name (a, CRAPETTE_SOUTH), ==,
                   crapette_match_get_player_name (b, CRAPETTE_SOUTH));
}

static void
test_save_and_load (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteGame) resumed_game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = play_some_match (game, 2, 40);
  g_autoptr(CrapetteMatch) resumed = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *kept_as = NULL;
  g_autofree char *path = crapette_savegame_get_path ();
  GStatBuf info;

  empty_save_folder ();
  g_assert_null (crapette_savegame_load (resumed_game, &kept_as, &error));
  g_assert_no_error (error);

  g_assert_true (crapette_savegame_save (match, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 0777, ==, 0644);

  resumed = crapette_savegame_load (resumed_game, &kept_as, &error);
  g_assert_no_error (error);
  g_assert_nonnull (resumed);
  g_assert_null (kept_as);
  assert_same_match (match, resumed);

  /* The resumed match goes on and saves like the first. */
  g_assert_true (crapette_savegame_save (resumed, &error));
  g_assert_no_error (error);

  g_assert_true (crapette_savegame_delete (&error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (crapette_savegame_delete (&error));
}

/* Loads the save and checks that it was refused, moved aside, explained. */
static void
assert_damaged (const char *what)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteRound) before = crapette_round_copy (crapette_game_get_round (game));
  g_autoptr(GError) error = NULL;
  g_autofree char *kept_as = NULL;
  g_autofree char *path = crapette_savegame_get_path ();
  CrapetteMatch *match;
  guint aside = count_kept_aside ();

  match = crapette_savegame_load (game, &kept_as, &error);
  if (match != NULL)
    g_error ("A damaged save (%s) was read as a match", what);
  g_assert_error (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_DAMAGED);
  g_assert_nonnull (kept_as);
  g_assert_true (g_file_test (kept_as, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_kept_aside (), ==, aside + 1);
  g_assert_nonnull (strstr (error->message, "kept as"));
  g_assert_true (crapette_position_equal (crapette_round_get_position (before),
                                          crapette_round_get_position (
                                            crapette_game_get_round (game))));
  g_assert_cmpint (g_remove (kept_as), ==, 0);
}

/* Truncated at every byte: each prefix is moved aside with a message, but
 * for the one that lacks only the last line end, which still holds every
 * move; nothing crashes and no prefix reads as a shorter match. */
static void
test_truncated_at_every_byte (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = play_some_match (game, 1, 6);
  g_autofree char *text = crapette_match_to_record (match);
  gsize length = strlen (text);
  guint n_read = 0;
  guint n_refused = 0;

  empty_save_folder ();
  for (gsize cut = 0; cut < length; cut++)
    {
      g_autoptr(CrapetteGame) loading = crapette_game_new ();
      g_autoptr(CrapetteMatch) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *kept_as = NULL;

      write_save (text, (gssize) cut);
      loaded = crapette_savegame_load (loading, &kept_as, &error);
      if (loaded != NULL)
        {
          g_assert_no_error (error);
          g_assert_cmpuint (crapette_match_count_moves (loaded), ==,
                            crapette_match_count_moves (match));
          n_read++;
        }
      else
        {
          g_assert_error (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_DAMAGED);
          g_assert_nonnull (kept_as);
          g_assert_cmpint (g_remove (kept_as), ==, 0);
          n_refused++;
        }
    }
  g_test_message ("%" G_GSIZE_FORMAT " prefixes: %u read whole, %u refused",
                  length, n_read, n_refused);
  g_assert_cmpuint (n_read, <=, 1);
  g_assert_cmpuint (count_kept_aside (), ==, 0);
}

static void
test_random_bytes (void)
{
  CrapetteRandom random;

  empty_save_folder ();
  crapette_random_init (&random, 31337);
  for (guint i = 0; i < 200; i++)
    {
      gsize length = 1 + crapette_random_below (&random, 4096);
      g_autofree guint8 *bytes = g_malloc (length);

      for (gsize j = 0; j < length; j++)
        bytes[j] = (guint8) crapette_random_below (&random, 256);
      /* Half of them look like a saved match at first sight. */
      if (i % 2 == 0 && length > 40)
        memcpy (bytes, "Crapette match\nVersion: 1\nVariant: rus", 39);
      write_save ((const char *) bytes, (gssize) length);
      assert_damaged ("random bytes");
    }
}

static void
test_hostile_texts (void)
{
  static const char * const texts[] = {
    "Crapette match\nVersion: 2\nVariant: russian\n",
    "Crapette match\nVersion: 0\nVariant: russian\n",
    "Crapette match\nVersion: 99999999999999999999999\nVariant: russian\n",
    "Crapette match\nVariant: russian\n",
    "Crapette match\nVersion: 1\nVariant: russian\nLength: 4294967296\n",
    "Crapette match\nVersion: 1\nVariant: russian\n\nCrapette record\nVariant: russian\n"
    "Deal: 18446744073709551616\nMoves:\n",
    "Crapette match\nVersion: 1\nVariant: russian\n\nCrapette record\nVariant: russian\n"
    "Moves:\nS: turn\nS: turn\nS: turn\n",
    "Crapette match\nVersion: 1\nVariant: russian\nSouth: \xff\xfe\n",
    "",
  };

  empty_save_folder ();
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      write_save (texts[i], -1);
      assert_damaged (texts[i]);
    }

  /* A zero byte inside an otherwise good save. */
  write_save ("Crapette match\nVersion: 1\n\0Variant: russian\n", 44);
  assert_damaged ("a zero byte");
}

static void
test_huge_file (void)
{
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *folder = g_path_get_dirname (path);
  FILE *file;

  empty_save_folder ();
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  /* Sparse: it looks huge without filling the disk. */
  file = g_fopen (path, "wb");
  g_assert_nonnull (file);
  g_assert_cmpint (fseek (file, 64L * 1024 * 1024, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('x', file), !=, EOF);
  g_assert_cmpint (fclose (file), ==, 0);
  assert_damaged ("a huge file");

  /* A folder where the file should be is moved aside too. */
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  assert_damaged ("a folder");
}

static void
test_kept_aside_names_do_not_collide (void)
{
  empty_save_folder ();
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(CrapetteGame) game = crapette_game_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *kept_as = NULL;

      write_save ("damaged", -1);
      g_assert_null (crapette_savegame_load (game, &kept_as, &error));
      g_assert_nonnull (kept_as);
    }
  g_assert_cmpuint (count_kept_aside (), ==, 3);
}

/* ---- Settings at their extremes -------------------------------------------- */

static GSettings *
new_settings (void)
{
  return g_settings_new (SETTINGS_SCHEMA_ID);
}

/* Whether @key would accept @value; takes the floating @value. */
static gboolean
key_accepts (GSettingsSchemaKey *key,
             GVariant           *value)
{
  g_autoptr(GVariant) owned = g_variant_ref_sink (value);

  return g_settings_schema_key_range_check (key, owned);
}

static void
test_settings_extremes (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autoptr(GSettingsSchemaKey) key = g_settings_schema_get_key (schema, keys[i]);
      g_autoptr(GVariant) range = g_settings_schema_key_get_range (key);
      const char *kind;
      g_autoptr(GVariant) choices = NULL;

      g_variant_get (range, "(&sv)", &kind, &choices);
      if (g_str_equal (kind, "range"))
        {
          g_autoptr(GVariant) low = g_variant_get_child_value (choices, 0);
          g_autoptr(GVariant) high = g_variant_get_child_value (choices, 1);
          gint32 min = g_variant_get_int32 (low);
          gint32 max = g_variant_get_int32 (high);

          g_assert_true (g_settings_set_int (settings, keys[i], min));
          g_assert_cmpint (g_settings_get_int (settings, keys[i]), ==, min);
          g_assert_true (g_settings_set_int (settings, keys[i], max));
          g_assert_cmpint (g_settings_get_int (settings, keys[i]), ==, max);
          /* Out of range is refused, and the key keeps its value. */
          g_assert_false (key_accepts (key, g_variant_new_int32 (min - 1)));
          g_assert_false (key_accepts (key, g_variant_new_int32 (max + 1)));
        }
      else if (g_str_equal (kind, "enum"))
        {
          GVariantIter iter;
          const char *nick;

          g_variant_iter_init (&iter, choices);
          while (g_variant_iter_next (&iter, "&s", &nick))
            {
              g_autofree char *stored = NULL;

              g_assert_true (g_settings_set_string (settings, keys[i], nick));
              stored = g_settings_get_string (settings, keys[i]);
              g_assert_cmpstr (stored, ==, nick);
            }
          g_assert_false (key_accepts (key, g_variant_new_string ("bogus")));
        }
      else if (g_variant_type_equal (g_settings_schema_key_get_value_type (key),
                                     G_VARIANT_TYPE_STRING))
        {
          g_autofree char *long_name = g_strnfill (10000, 'x');
          g_autofree char *stored = NULL;

          g_assert_true (g_settings_set_string (settings, keys[i], ""));
          g_assert_true (g_settings_set_string (settings, keys[i], long_name));
          stored = g_settings_get_string (settings, keys[i]);
          g_assert_cmpuint (strlen (stored), ==, 10000);
        }
      else if (g_variant_type_equal (g_settings_schema_key_get_value_type (key),
                                     G_VARIANT_TYPE_BOOLEAN))
        {
          g_assert_true (g_settings_set_boolean (settings, keys[i], TRUE));
          g_assert_true (g_settings_get_boolean (settings, keys[i]));
          g_assert_true (g_settings_set_boolean (settings, keys[i], FALSE));
          g_assert_false (g_settings_get_boolean (settings, keys[i]));
        }
      g_settings_reset (settings, keys[i]);
    }
}

/* A finished single-round match against @opponent, played at random. */
static CrapetteMatch *
fake_finished_match (CrapetteGame     *game,
                     CrapetteOpponent  opponent,
                     const char       *south,
                     const char       *north)
{
  CrapetteRules rules;
  CrapetteRandom random;
  CrapetteMatch *match;

  crapette_rules_init_default (&rules);
  rules.idle_turn_limit = 10;
  crapette_random_init (&random, 1);
  match = crapette_match_new (game, CRAPETTE_VARIANT_RUSSIAN, &rules,
                              CRAPETTE_MATCH_SINGLE_ROUND, 99);
  crapette_match_set_players (match, opponent, south, north);
  g_assert_true (crapette_match_deal_next_round (match));
  while (crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING)
    {
      gsize n_moves;
      const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_moves);
      CrapetteMove move = legal[crapette_random_below (&random, (guint32) n_moves)];

      g_assert_true (crapette_game_play (game, &move, NULL));
    }
  g_assert_true (crapette_match_is_finished (match));
  return match;
}

static void
test_scoreboard (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  g_autoptr(CrapetteScoreboard) scoreboard = crapette_scoreboard_new (settings);
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = fake_finished_match (game, CRAPETTE_OPPONENT_COMPUTER_HARD, "", "");
  g_autoptr(CrapetteMatch) people = NULL;
  g_autoptr(GArray) pairs = NULL;
  CrapetteRoundResult result;
  CrapetteScoreStats stats;
  CrapetteScoreStats untouched;
  const CrapetteHeadToHead *pair;

  crapette_scoreboard_reset (scoreboard);
  g_assert_true (crapette_match_get_round_result (match, 0, &result));
  crapette_scoreboard_add_round (scoreboard, match, &result);
  crapette_scoreboard_add_match (scoreboard, match);
  crapette_scoreboard_add_round (scoreboard, match, &result);
  crapette_scoreboard_add_match (scoreboard, match);

  crapette_scoreboard_get_stats (scoreboard, CRAPETTE_VARIANT_RUSSIAN, CRAPETTE_OPPONENT_COMPUTER_HARD, &stats);
  g_assert_cmpuint (stats.matches_played, ==, 2);
  g_assert_cmpuint (stats.rounds_played, ==, 2);
  g_assert_cmpuint (stats.rounds_blocked, ==,
                    result.outcome == CRAPETTE_OUTCOME_BLOCKED ? 2 : 0);
  if (result.winner == CRAPETTE_SOUTH)
    {
      g_assert_cmpuint (stats.matches_won, ==, 2);
      g_assert_cmpuint (stats.longest_streak, ==, 2);
      g_assert_cmpuint (stats.best_winning_score, ==, result.points);
      g_assert_cmpuint (crapette_scoreboard_get_average_winning_score (&stats), ==,
                        result.points);
    }
  else
    {
      g_assert_cmpuint (stats.matches_won, ==, 0);
      g_assert_cmpuint (stats.matches_lost + stats.matches_drawn, ==, 2);
      g_assert_cmpuint (stats.current_streak, ==, 0);
    }

  /* Other opponents and the other game are untouched. */
  crapette_scoreboard_get_stats (scoreboard, CRAPETTE_VARIANT_RUSSIAN, CRAPETTE_OPPONENT_COMPUTER_EASY,
                                 &untouched);
  g_assert_cmpuint (untouched.matches_played, ==, 0);
  crapette_scoreboard_get_stats (scoreboard, CRAPETTE_VARIANT_AMERICAN, CRAPETTE_OPPONENT_COMPUTER_HARD,
                                 &untouched);
  g_assert_cmpuint (untouched.matches_played, ==, 0);

  /* Two people: their head-to-head record, whoever sits where. */
  g_clear_object (&match);
  people = fake_finished_match (game, CRAPETTE_OPPONENT_TWO_PLAYERS, "Yves", "Agnès");
  crapette_scoreboard_add_match (scoreboard, people);
  crapette_scoreboard_add_match (scoreboard, people);
  pairs = crapette_scoreboard_list_head_to_head (scoreboard);
  g_assert_cmpuint (pairs->len, ==, 1);
  pair = &g_array_index (pairs, CrapetteHeadToHead, 0);
  g_assert_cmpstr (pair->names[0], ==, "Agnès");
  g_assert_cmpstr (pair->names[1], ==, "Yves");
  g_assert_cmpuint (pair->wins[0] + pair->wins[1] + pair->draws, ==, 2);

  /* Values that a person or an older version left are read without harm. */
  g_settings_set_value (settings, "russian-scores",
                        g_variant_new_parsed ("{'computer-hard': "
                                              "{'matches-played': uint32 4294967295,"
                                              " 'unknown-count': 3}, 'nobody': {}}"));
  crapette_scoreboard_get_stats (scoreboard, CRAPETTE_VARIANT_RUSSIAN, CRAPETTE_OPPONENT_COMPUTER_HARD, &stats);
  g_assert_cmpuint (stats.matches_played, ==, G_MAXUINT32);
  g_assert_cmpuint (stats.rounds_won, ==, 0);

  crapette_scoreboard_reset (scoreboard);
  crapette_scoreboard_get_stats (scoreboard, CRAPETTE_VARIANT_RUSSIAN, CRAPETTE_OPPONENT_COMPUTER_HARD, &stats);
  g_assert_cmpuint (stats.matches_played, ==, 0);
  g_clear_pointer (&pairs, g_array_unref);
  pairs = crapette_scoreboard_list_head_to_head (scoreboard);
  g_assert_cmpuint (pairs->len, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *schema_dir = NULL;

  /* The settings schema compiled into the build folder, and the memory backend. */
  schema_dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL ? g_getenv ("G_TEST_BUILDDIR")
                                                                      : ".",
                                 "..", "data", NULL);
  if (g_getenv ("GSETTINGS_SCHEMA_DIR") == NULL)
    g_setenv ("GSETTINGS_SCHEMA_DIR", schema_dir, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  /* Every save goes to a fresh temporary data folder. */
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/savegame/save-and-load", test_save_and_load);
  g_test_add_func ("/savegame/truncated-at-every-byte", test_truncated_at_every_byte);
  g_test_add_func ("/savegame/random-bytes", test_random_bytes);
  g_test_add_func ("/savegame/hostile-texts", test_hostile_texts);
  g_test_add_func ("/savegame/huge-file", test_huge_file);
  g_test_add_func ("/savegame/kept-aside-names", test_kept_aside_names_do_not_collide);
  g_test_add_func ("/settings/extremes", test_settings_extremes);
  g_test_add_func ("/settings/scoreboard", test_scoreboard);

  return g_test_run ();
}
