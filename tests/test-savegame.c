/* test-savegame.c: saving and resuming, damaged saves, and the settings at their extremes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"
/* setgroups(), symlink() and mount(), which strict C11 leaves out. */
#define _DEFAULT_SOURCE

#include "config.h"

#include <errno.h>
#include <grp.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "crapette-game.h"
#include "crapette-match.h"
#include "crapette-random.h"
#include "crapette-save-writer.h"
#include "crapette-savegame.h"
#include "crapette-scoreboard.h"
#include "folder-test-helpers.h"
#include "save-test-helpers.h"

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

  save_test_empty_folder ();
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

  save_test_empty_folder ();
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

  save_test_empty_folder ();
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

  save_test_empty_folder ();
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

  save_test_empty_folder ();
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
  save_test_empty_folder ();
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


/* ---- The writer ------------------------------------------------------------- */

typedef struct
{
  guint saved;
  guint last_serial;
  guint last_moves;
  guint failed;
  guint recovered;
  GError *error;
} WriterEvents;

static void
on_saved_cb (CrapetteSaveWriter *writer,
             guint               serial,
             guint               n_moves,
             WriterEvents       *events)
{
  g_assert_cmpuint (serial, >, events->last_serial);
  events->saved++;
  events->last_serial = serial;
  events->last_moves = n_moves;
}

static void
on_failed_cb (CrapetteSaveWriter *writer,
              const GError       *error,
              const char         *details,
              WriterEvents       *events)
{
  g_assert_nonnull (details);
  /* The details name the save, never only a temporary file. */
  g_assert_nonnull (strstr (details, crapette_save_writer_get_path (writer)));
  g_assert_null (strstr (error->message, crapette_save_writer_get_path (writer)));
  events->failed++;
  g_clear_error (&events->error);
  events->error = g_error_copy (error);
}

static void
on_recovered_cb (CrapetteSaveWriter *writer,
                 WriterEvents       *events)
{
  events->recovered++;
}

static CrapetteSaveWriter *
new_writer (const char   *path,
            WriterEvents *events)
{
  CrapetteSaveWriter *writer = crapette_save_writer_new (path);

  g_signal_connect (writer, "saved", G_CALLBACK (on_saved_cb), events);
  g_signal_connect (writer, "save-failed", G_CALLBACK (on_failed_cb), events);
  g_signal_connect (writer, "save-recovered", G_CALLBACK (on_recovered_cb), events);
  return writer;
}

/* Plays one random legal move of the round in play. */
static void
play_one (CrapetteGame   *game,
          CrapetteRandom *random)
{
  gsize n_moves;
  const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_moves);
  CrapetteMove move = legal[crapette_random_below (random, (guint32) n_moves)];

  g_assert_true (crapette_game_play (game, &move, NULL));
}

static void
assert_file_holds (const char    *path,
                   CrapetteMatch *match)
{
  g_autofree char *expected = crapette_match_to_record (match);
  g_autofree char *saved = NULL;

  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_cmpstr (saved, ==, expected);
}

/* Saves asked for while one is written wait, and a later one replaces the one waiting;
 * after a flush the file is the match as it is now. */
static void
test_writer_in_order (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = play_some_match (game, 0, 5);
  g_autofree char *path = crapette_savegame_get_path ();
  g_autoptr(CrapetteSaveWriter) writer = NULL;
  WriterEvents events = { 0 };
  CrapetteRandom random;
  guint serial = 0;

  save_test_empty_folder ();
  crapette_random_init (&random, 77);
  writer = new_writer (path, &events);
  g_assert_true (crapette_save_writer_lock (writer, NULL));
  for (guint i = 0; i < 50 && crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING; i++)
    {
      play_one (game, &random);
      serial = crapette_save_writer_save (writer, match);
    }
  /* The first is in flight until the main loop hears of it: the others wait in turn. */
  g_assert_cmpuint (crapette_save_writer_get_n_coalesced (writer), ==, serial - 2);
  g_assert_true (crapette_save_writer_flush (writer));
  g_assert_cmpuint (events.saved, ==, 2);
  g_assert_cmpuint (events.last_serial, ==, serial);
  g_assert_cmpuint (events.last_moves, ==, crapette_match_count_moves (match));
  assert_file_holds (path, match);

  /* The callback of the write the flush reported comes later, and changes nothing. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (events.saved, ==, 2);

  /* Without a flush, the main loop carries the writes on to the last. */
  for (guint i = 0; i < 20 && crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING; i++)
    {
      play_one (game, &random);
      serial = crapette_save_writer_save (writer, match);
    }
  while (events.last_serial != serial)
    g_main_context_iteration (NULL, TRUE);
  assert_file_holds (path, match);
  g_assert_cmpuint (events.failed, ==, 0);
}

/* Mounts a small tmpfs at a new folder, or returns %NULL (the test is skipped). */
static char *
mount_small_disk (void)
{
  g_autofree char *folder = folder_test_new ("crapette-full-XXXXXX");

  if (mount ("tmpfs", folder, "tmpfs", 0, "size=256k,mode=0700") != 0)
    {
      g_autofree char *why = g_strdup_printf ("mounting a small tmpfs needs root (%s)",
                                              g_strerror (errno));

      g_test_skip (why);
      return NULL;
    }
  return g_steal_pointer (&folder);
}

/* Fills the file system of @folder until it says it is full. */
static void
fill_disk (const char *folder)
{
  g_autofree char *filler = g_build_filename (folder, "filler", NULL);
  char block[4096];
  FILE *file = g_fopen (filler, "wb");

  memset (block, 'x', sizeof block);
  g_assert_nonnull (file);
  setvbuf (file, NULL, _IONBF, 0);
  while (fwrite (block, 1, sizeof block, file) == sizeof block)
    ;
  g_assert_cmpint (errno, ==, ENOSPC);
  fclose (file);
}

/* Plays on and saves while the disk is full: one failure said, play goes on, the last
 * good save is left whole; room again, and saving resumes, said once. */
static void
test_writer_full_disk (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = play_some_match (game, 0, 5);
  g_autofree char *disk = mount_small_disk ();
  g_autofree char *path = NULL;
  g_autofree char *filler = NULL;
  g_autofree char *good = NULL;
  g_autoptr(CrapetteSaveWriter) writer = NULL;
  WriterEvents events = { 0 };
  CrapetteRandom random;

  if (disk == NULL)
    return;
  path = g_build_filename (disk, "crapette", "current-match.crapette", NULL);
  filler = g_build_filename (disk, "filler", NULL);
  crapette_random_init (&random, 5);
  writer = new_writer (path, &events);
  g_assert_true (crapette_save_writer_lock (writer, NULL));
  crapette_save_writer_save (writer, match);
  g_assert_true (crapette_save_writer_flush (writer));
  good = crapette_match_to_record (match);

  fill_disk (disk);
  for (guint i = 0; i < 10; i++)
    {
      g_autofree char *saved = NULL;

      play_one (game, &random);
      crapette_save_writer_save (writer, match);
      g_assert_false (crapette_save_writer_flush (writer));
      g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
      g_assert_cmpstr (saved, ==, good);
    }
  g_assert_cmpuint (events.failed, ==, 1);
  g_assert_error (events.error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_NO_SPACE);
  g_assert_cmpstr (events.error->message, ==, "Your game is not being saved: the disk is full");
  g_assert_true (crapette_save_writer_get_failing (writer));
  g_assert_cmpuint (events.recovered, ==, 0);

  g_assert_cmpint (g_remove (filler), ==, 0);
  play_one (game, &random);
  crapette_save_writer_save (writer, match);
  g_assert_true (crapette_save_writer_flush (writer));
  g_assert_cmpuint (events.recovered, ==, 1);
  g_assert_false (crapette_save_writer_get_failing (writer));
  assert_file_holds (path, match);
  g_assert_cmpuint (events.failed, ==, 1);

  g_assert_true (crapette_save_writer_close (writer));
  g_clear_object (&writer);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_clear_error (&events.error);
  g_assert_cmpint (umount (disk), ==, 0);
}

/* Root writes anywhere: the folder that cannot be written to is tried as "nobody",
 * in a subprocess that drops root first. */
static void
test_writer_read_only_folder (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(CrapetteGame) game = crapette_game_new ();
      g_autoptr(CrapetteMatch) match = play_some_match (game, 0, 5);
      g_autoptr(CrapetteSaveWriter) writer = NULL;
      g_autofree char *folder = NULL;
      g_autofree char *path = NULL;
      g_autofree char *good = NULL;
      WriterEvents events = { 0 };
      CrapetteRandom random;

      save_test_drop_root ();
      /* Made by "nobody", who can remove it. */
      folder = folder_test_new ("crapette-Tom&Jerry-XXXXXX");
      path = g_build_filename (folder, "current-match.crapette", NULL);
      crapette_random_init (&random, 9);
      writer = new_writer (path, &events);
      crapette_save_writer_save (writer, match);
      g_assert_true (crapette_save_writer_flush (writer));
      good = crapette_match_to_record (match);

      g_assert_cmpint (g_chmod (folder, 0500), ==, 0);
      for (guint i = 0; i < 5; i++)
        {
          g_autofree char *saved = NULL;

          play_one (game, &random);
          crapette_save_writer_save (writer, match);
          g_assert_false (crapette_save_writer_flush (writer));
          g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
          g_assert_cmpstr (saved, ==, good);
        }
      g_assert_cmpuint (events.failed, ==, 1);
      g_assert_error (events.error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_READ_ONLY);
      g_assert_cmpstr (events.error->message, ==,
                       "Your game is not being saved: this folder cannot be written to");

      g_assert_cmpint (g_chmod (folder, 0700), ==, 0);
      crapette_save_writer_save (writer, match);
      g_assert_true (crapette_save_writer_flush (writer));
      g_assert_cmpuint (events.recovered, ==, 1);
      assert_file_holds (path, match);
      g_clear_error (&events.error);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* A link where the save goes is never written through, whatever it points to; read, it
 * is kept aside (the link itself, its target untouched). */
static void
test_links_are_not_files (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = play_some_match (game, 0, 5);
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *target = g_build_filename (folder, "elsewhere.crapette", NULL);
  g_autofree char *loop = g_build_filename (folder, "loop", NULL);
  const char *targets[] = { "/nonexistent/crapette/save", target, loop };

  save_test_empty_folder ();
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (target, "someone else's file", -1, NULL));
  g_assert_cmpint (symlink (path, loop), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      g_autoptr(CrapetteSaveWriter) writer = NULL;
      g_autoptr(CrapetteGame) loading = crapette_game_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *kept_as = NULL;
      g_autofree char *content = NULL;
      g_autofree char *link = NULL;
      WriterEvents events = { 0 };

      g_assert_cmpint (symlink (targets[i], path), ==, 0);
      writer = new_writer (path, &events);
      crapette_save_writer_save (writer, match);
      g_assert_false (crapette_save_writer_flush (writer));
      g_assert_error (events.error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_NOT_A_FILE);
      g_clear_error (&events.error);
      link = g_file_read_link (path, NULL);
      g_assert_cmpstr (link, ==, targets[i]);
      g_assert_true (g_file_get_contents (target, &content, NULL, NULL));
      g_assert_cmpstr (content, ==, "someone else's file");

      g_assert_null (crapette_savegame_load (loading, &kept_as, &error));
      g_assert_error (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_DAMAGED);
      g_assert_nonnull (strstr (error->message, "it is a link, not a file"));
      g_assert_true (g_file_test (kept_as, G_FILE_TEST_IS_SYMLINK));
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS) ||
                      g_file_test (path, G_FILE_TEST_IS_SYMLINK));
      g_assert_cmpint (g_remove (kept_as), ==, 0);

      /* With the link gone, the save is written as a file of its own. */
      crapette_save_writer_save (writer, match);
      g_assert_true (crapette_save_writer_flush (writer));
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR) &&
                     !g_file_test (path, G_FILE_TEST_IS_SYMLINK));
      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpint (g_remove (loop), ==, 0);
  g_assert_cmpint (g_remove (target), ==, 0);
}

/* One writer per save: a second finds it locked and writes nothing; once the first is
 * gone (as if it had crashed: only the kernel lets go of the lock), the next takes it. */
static void
test_writer_lock (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = play_some_match (game, 0, 5);
  g_autofree char *path = crapette_savegame_get_path ();
  g_autoptr(CrapetteSaveWriter) first = NULL;
  g_autoptr(CrapetteSaveWriter) second = NULL;
  g_autoptr(CrapetteSaveWriter) third = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *good = NULL;
  WriterEvents events = { 0 };
  CrapetteRandom random;

  save_test_empty_folder ();
  crapette_random_init (&random, 3);
  first = new_writer (path, &events);
  g_assert_true (crapette_save_writer_lock (first, &error));
  g_assert_no_error (error);
  crapette_save_writer_save (first, match);
  g_assert_true (crapette_save_writer_flush (first));
  good = crapette_match_to_record (match);

  second = crapette_save_writer_new (path);
  g_assert_false (crapette_save_writer_lock (second, &error));
  g_assert_error (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_LOCKED);
  g_clear_error (&error);
  g_assert_true (crapette_save_writer_get_read_only (second));
  play_one (game, &random);
  g_assert_cmpuint (crapette_save_writer_save (second, match), ==, 0);
  crapette_save_writer_flush (second);
  {
    g_autofree char *saved = NULL;

    g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
    g_assert_cmpstr (saved, ==, good);
  }

  crapette_save_writer_close (first);
  third = crapette_save_writer_new (path);
  g_assert_true (crapette_save_writer_lock (third, &error));
  g_assert_no_error (error);
}

/* What the save on disk holds, as text. */
static char *
read_save_text (const char *path)
{
  char *saved = NULL;

  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  return saved;
}

typedef enum
{
  LOCK_REMOVED,
  LOCK_REPLACED,
  FOLDER_RENAMED,
} LockLoss;

/* Takes the lock away from @first as @how says, then has a second writer take the save:
 * the first finds out before its next write, writes nothing more and says so, and the
 * save holds the second's match alone. */
static void
check_lock_taken_away (LockLoss how)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteGame) other_game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = play_some_match (game, 0, 5);
  g_autoptr(CrapetteMatch) other_match = play_some_match (other_game, 0, 9);
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *lock_path = g_strconcat (path, ".lock", NULL);
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *moved_folder = g_strconcat (folder, "-moved", NULL);
  g_autoptr(CrapetteSaveWriter) first = NULL;
  g_autoptr(CrapetteSaveWriter) second = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *saved = NULL;
  WriterEvents first_events = { 0 };
  WriterEvents second_events = { 0 };
  CrapetteRandom random;

  save_test_empty_folder ();
  crapette_random_init (&random, 5);
  first = new_writer (path, &first_events);
  g_assert_true (crapette_save_writer_lock (first, &error));
  crapette_save_writer_save (first, match);
  g_assert_true (crapette_save_writer_flush (first));

  switch (how)
    {
    case LOCK_REMOVED:
      g_assert_cmpint (g_remove (lock_path), ==, 0);
      break;
    case LOCK_REPLACED:
      g_assert_true (g_file_set_contents (lock_path, "", 0, &error));
      break;
    case FOLDER_RENAMED:
      g_assert_cmpint (g_rename (folder, moved_folder), ==, 0);
      break;
    }

  /* The second copy sees no lock held, takes it, and plays. */
  second = new_writer (path, &second_events);
  g_assert_true (crapette_save_writer_lock (second, &error));
  g_assert_no_error (error);
  g_assert_false (crapette_save_writer_get_read_only (second));
  crapette_save_writer_save (second, other_match);
  g_assert_true (crapette_save_writer_flush (second));

  /* The first plays on: its next write finds the lock gone and writes nothing. */
  play_one (game, &random);
  crapette_save_writer_save (first, match);
  play_one (game, &random);
  crapette_save_writer_save (first, match);
  g_assert_false (crapette_save_writer_flush (first));
  g_assert_cmpuint (first_events.failed, ==, 1);
  g_assert_error (first_events.error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_LOCKED);
  g_assert_true (crapette_save_writer_get_read_only (first));
  play_one (game, &random);
  g_assert_cmpuint (crapette_save_writer_save (first, match), ==, 0);
  crapette_save_writer_flush (first);

  expected = crapette_match_to_record (other_match);
  saved = read_save_text (path);
  g_assert_cmpstr (saved, ==, expected);
  g_assert_cmpuint (second_events.failed, ==, 0);
  g_clear_error (&first_events.error);

  if (how == FOLDER_RENAMED)
    {
      g_autoptr(GDir) dir = g_dir_open (moved_folder, 0, NULL);
      const char *name;

      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *file = g_build_filename (moved_folder, name, NULL);

          g_assert_cmpint (g_remove (file), ==, 0);
        }
      g_assert_cmpint (g_rmdir (moved_folder), ==, 0);
    }
}

static void
test_writer_lock_removed (void)
{
  check_lock_taken_away (LOCK_REMOVED);
}

static void
test_writer_lock_replaced (void)
{
  check_lock_taken_away (LOCK_REPLACED);
}

static void
test_writer_folder_renamed (void)
{
  check_lock_taken_away (FOLDER_RENAMED);
}

/* The temporary files of writes cut short by a crash are removed by the copy that takes the
 * lock, and by no other; nothing else in the folder is touched. */
static void
test_writer_removes_leftovers (void)
{
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *folder = g_path_get_dirname (path);
  static const char *leftovers[] = { "current-match.crapette.AbC123",
                                     "current-match.crapette.zz9Z0q" };
  static const char *kept[] = { "current-match.crapette.lock",
                                "current-match.damaged-20261201-101010.crapette",
                                "current-match.crapette.AbC12", "notes.txt.AbC123",
                                "current-match.crapette.Ab-123" };
  g_autoptr(CrapetteSaveWriter) holder = NULL;
  g_autoptr(CrapetteSaveWriter) reader = NULL;
  g_autoptr(CrapetteSaveWriter) next = NULL;
  g_autoptr(GError) error = NULL;

  save_test_empty_folder ();
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  holder = crapette_save_writer_new (path);
  g_assert_true (crapette_save_writer_lock (holder, &error));
  for (guint i = 0; i < G_N_ELEMENTS (leftovers); i++)
    {
      g_autofree char *file = g_build_filename (folder, leftovers[i], NULL);

      g_assert_true (g_file_set_contents (file, "Crapette match\n", -1, &error));
    }
  for (guint i = 1; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *file = g_build_filename (folder, kept[i], NULL);

      g_assert_true (g_file_set_contents (file, "kept", -1, &error));
    }

  /* A copy that finds the save locked leaves the holder's files alone. */
  reader = crapette_save_writer_new (path);
  g_assert_false (crapette_save_writer_lock (reader, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (leftovers); i++)
    {
      g_autofree char *file = g_build_filename (folder, leftovers[i], NULL);

      g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
    }

  /* The next holder removes them. */
  crapette_save_writer_close (holder);
  next = crapette_save_writer_new (path);
  g_assert_true (crapette_save_writer_lock (next, &error));
  for (guint i = 0; i < G_N_ELEMENTS (leftovers); i++)
    {
      g_autofree char *file = g_build_filename (folder, leftovers[i], NULL);

      g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
    }
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *file = g_build_filename (folder, kept[i], NULL);

      g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
    }
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
  g_test_add_func ("/save-writer/in-order", test_writer_in_order);
  g_test_add_func ("/save-writer/full-disk", test_writer_full_disk);
  g_test_add_func ("/save-writer/read-only-folder", test_writer_read_only_folder);
  g_test_add_func ("/save-writer/links", test_links_are_not_files);
  g_test_add_func ("/save-writer/lock", test_writer_lock);
  g_test_add_func ("/save-writer/lock-removed", test_writer_lock_removed);
  g_test_add_func ("/save-writer/lock-replaced", test_writer_lock_replaced);
  g_test_add_func ("/save-writer/folder-renamed", test_writer_folder_renamed);
  g_test_add_func ("/save-writer/leftovers", test_writer_removes_leftovers);
  g_test_add_func ("/settings/extremes", test_settings_extremes);
  g_test_add_func ("/settings/scoreboard", test_scoreboard);

  return g_test_run ();
}
