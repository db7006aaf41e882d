/* crash-helper.c: plays a match and saves after every move through a
 * CrapetteSaveWriter, exactly as the window does, so that tests/crash-resume.sh
 * can kill it at any moment
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: crash-helper SEED     resume the saved match (or start one) and play on for ever,
 *                              a move a millisecond, writing "played N" after
 *                              each move and "saved N" once a save of N moves is on disk
 *        crash-helper --check  resume the saved match and write "resumed N", or
 *                              "damaged: …" when it could not be read
 *        crash-helper --tidy   take the save's lock as a copy starting up does (which
 *                              removes the temporary files of writes a kill cut short),
 *                              write "tidied", and quit
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "crapette-game.h"
#include "crapette-match.h"
#include "crapette-random.h"
#include "crapette-save-writer.h"
#include "crapette-savegame.h"

typedef struct
{
  CrapetteGame *game;
  CrapetteMatch *match;
  CrapetteSaveWriter *writer;
  CrapetteRandom random;
  GMainLoop *loop;
  int status;
} Player;

static void
on_saved_cb (CrapetteSaveWriter *writer,
             guint               serial,
             guint               n_moves,
             Player             *player)
{
  printf ("saved %u\n", n_moves);
  fflush (stdout);
}

static void
on_save_failed_cb (CrapetteSaveWriter *writer,
                   const GError       *error,
                   const char         *details,
                   Player             *player)
{
  g_printerr ("%s (%s)\n", error->message, details);
  player->status = 2;
  g_main_loop_quit (player->loop);
}

/* One move, or the next deal, then a save: as the window does after each. */
static gboolean
play_one_cb (gpointer data)
{
  Player *player = data;
  g_autoptr(GError) error = NULL;
  gsize n_moves;
  const CrapetteMove *legal;
  CrapetteMove move;

  if (!crapette_match_is_round_in_play (player->match))
    {
      if (!crapette_match_deal_next_round (player->match))
        {
          g_main_loop_quit (player->loop);
          return G_SOURCE_REMOVE;
        }
    }
  else
    {
      legal = crapette_game_get_legal_moves (player->game, &n_moves);
      move = legal[crapette_random_below (&player->random, (guint32) n_moves)];
      if (!crapette_game_play (player->game, &move, &error))
        {
          g_printerr ("%s\n", error->message);
          player->status = 2;
          g_main_loop_quit (player->loop);
          return G_SOURCE_REMOVE;
        }
    }
  crapette_save_writer_save (player->writer, player->match);
  printf ("played %u\n", crapette_match_count_moves (player->match));
  fflush (stdout);
  return G_SOURCE_CONTINUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *kept_as = NULL;
  guint64 seed;

  if (argc != 2)
    {
      g_printerr ("Usage: %s SEED | --check | --tidy\n", argv[0]);
      return 2;
    }

  match = crapette_savegame_load (game, &kept_as, &error);
  if (error != NULL)
    {
      printf ("damaged: %s\n", error->message);
      return 1;
    }

  if (g_str_equal (argv[1], "--check"))
    {
      printf ("resumed %u\n", match != NULL ? crapette_match_count_moves (match) : 0);
      return 0;
    }

  if (g_str_equal (argv[1], "--tidy"))
    {
      g_autofree char *path = crapette_savegame_get_path ();
      g_autoptr(CrapetteSaveWriter) writer = crapette_save_writer_new (path);

      if (!crapette_save_writer_lock (writer, &error))
        {
          g_printerr ("%s\n", error->message);
          return 2;
        }
      printf ("tidied\n");
      return 0;
    }

  seed = g_ascii_strtoull (argv[1], NULL, 10);
  if (match == NULL)
    {
      CrapetteRules rules;

      /* Few idle turns, so that rounds end and new ones are dealt and saved too. */
      crapette_rules_init_default (&rules);
      rules.idle_turn_limit = 10;
      match = crapette_match_new (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 100000, seed);
      crapette_match_set_players (match, CRAPETTE_OPPONENT_COMPUTER_EASY, "", "");
    }
  {
    g_autofree char *path = crapette_savegame_get_path ();
    g_autoptr(CrapetteSaveWriter) writer = crapette_save_writer_new (path);
    g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
    Player player = { game, match, writer, { 0 }, loop, 0 };

    if (!crapette_save_writer_lock (writer, &error))
      {
        g_printerr ("%s\n", error->message);
        return 2;
      }
    crapette_random_init (&player.random, seed ^ crapette_match_count_moves (match));
    g_signal_connect (writer, "saved", G_CALLBACK (on_saved_cb), &player);
    g_signal_connect (writer, "save-failed", G_CALLBACK (on_save_failed_cb), &player);
    /* A move a millisecond: faster than any person or the computer plays, and slow
     * enough that the match stays short enough to load quickly at each restart. */
    g_timeout_add (1, play_one_cb, &player);
    g_main_loop_run (loop);
    crapette_save_writer_flush (writer);
    return player.status;
  }
}
