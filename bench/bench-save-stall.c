/* bench-save-stall.c: how long the main thread is held up by saving, per move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-save-stall FOLDER [MOVES...]   (default 100 2000 7000)
 *
 * For a Russian Bank match grown to each number of moves, the last 200 moves (or all,
 * when fewer) are played one every 2 ms, and each is saved two ways, in two runs:
 *   before  crapette_savegame_save(): formatted and written durably on the main thread;
 *   after   crapette_save_writer_save(): copied on the main thread, written by a worker.
 * What is timed is the main thread's own time: the save call, plus (after) the main
 * loop's dispatch of the writer's callbacks, which copy the match for the next write.
 * The pause between moves is not counted. Each figure is given twice: as wall-clock time,
 * and as the main thread's CPU time, which a busy machine's scheduler does not inflate
 * (on two shared cores, a worker formatting the record can keep the main thread waiting
 * for a core; that is contention, not the save blocking the thread). FOLDER should be on a
 * real disk, not a tmpfs, where an fsync costs nothing.
 */

#define G_LOG_DOMAIN "crapette-bench"

#include "config.h"

#include <stdlib.h>

#include <glib/gstdio.h>

#include "bench-stats.h"
#include "crapette-match.h"
#include "crapette-random.h"
#include "crapette-save-writer.h"
#include "crapette-savegame.h"

#define MEASURED_MOVES 200
#define PAUSE_US 2000

/* Plays one random move, or deals the next round; FALSE when the match is over. */
static gboolean
play_one (CrapetteMatch  *match,
          CrapetteRandom *random)
{
  CrapetteGame *game = crapette_match_get_game (match);
  gsize n_moves;
  const CrapetteMove *legal;

  if (!crapette_match_is_round_in_play (match))
    return crapette_match_deal_next_round (match);
  legal = crapette_game_get_legal_moves (game, &n_moves);
  return crapette_game_play (game, &legal[crapette_random_below (random, (guint32) n_moves)],
                             NULL);
}


static void
run (const char *folder,
     guint       total_moves,
     gboolean    in_worker)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  g_autoptr(CrapetteSaveWriter) writer = NULL;
  g_autoptr(GArray) stalls = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *path = g_build_filename (folder, "current-match.crapette", NULL);
  guint first_measured = total_moves > MEASURED_MOVES ? total_moves - MEASURED_MOVES : 0;
  CrapetteRandom random;
  CrapetteRules rules;

  crapette_rules_init_default (&rules);
  crapette_random_init (&random, 2026);
  /* A long match, so that 7,000 moves are reached within it. */
  match = crapette_match_new (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 100000, 17);
  crapette_match_set_players (match, CRAPETTE_OPPONENT_COMPUTER_EASY, "", "");
  writer = crapette_save_writer_new (path);

  while (crapette_match_count_moves (match) < first_measured)
    g_assert_true (play_one (match, &random));

  while (crapette_match_count_moves (match) < total_moves)
    {
      gint64 start, stop;
      double cpu_start;

      g_assert_true (play_one (match, &random));
      cpu_start = bench_thread_cpu_ms ();
      start = g_get_monotonic_time ();
      if (in_worker)
        {
          crapette_save_writer_save (writer, match);
          while (g_main_context_iteration (NULL, FALSE))
            ;
        }
      else
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *text = crapette_match_to_record (match);

          if (!crapette_savegame_write_text (path, text, NULL, &error))
            g_error ("%s", error->message);
        }
      stop = g_get_monotonic_time ();
      g_array_append_val (stalls, (double) { (stop - start) / 1000.0 });
      g_array_append_val (cpu, (double) { bench_thread_cpu_ms () - cpu_start });

      /* The time between two moves, with the writer's callbacks dispatched as they come. */
      start = g_get_monotonic_time ();
      while (g_get_monotonic_time () - start < PAUSE_US)
        {
          gint64 dispatch_start = g_get_monotonic_time ();
          double dispatch_cpu_start = bench_thread_cpu_ms ();

          if (g_main_context_iteration (NULL, FALSE))
            {
              g_array_index (stalls, double, stalls->len - 1) +=
                (g_get_monotonic_time () - dispatch_start) / 1000.0;
              g_array_index (cpu, double, cpu->len - 1) += bench_thread_cpu_ms () - dispatch_cpu_start;
            }
          else
            g_usleep (100);
        }
    }
  crapette_save_writer_flush (writer);

  g_print ("%s %u moves wall: median %.3f ms, p99 %.3f ms, max %.3f ms\n",
           in_worker ? "after" : "before", total_moves, bench_percentile (stalls, 0.5),
           bench_percentile (stalls, 0.99), bench_max (stalls));
  g_print ("%s %u moves cpu: median %.3f ms, p99 %.3f ms, max %.3f ms "
           "(%u moves measured, %u saves coalesced)\n",
           in_worker ? "after" : "before", total_moves, bench_percentile (cpu, 0.5),
           bench_percentile (cpu, 0.99), bench_max (cpu),
           cpu->len, crapette_save_writer_get_n_coalesced (writer));
  g_remove (path);
}

int
main (int   argc,
      char *argv[])
{
  static const guint default_sizes[] = { 100, 2000, 7000 };

  if (argc < 2)
    {
      g_printerr ("Usage: %s FOLDER [MOVES...]\n", argv[0]);
      return 2;
    }
  g_mkdir_with_parents (argv[1], 0700);
  for (int i = 0; i < (argc > 2 ? argc - 2 : (int) G_N_ELEMENTS (default_sizes)); i++)
    {
      guint moves = argc > 2 ? (guint) atoi (argv[i + 2]) : default_sizes[i];

      run (argv[1], moves, FALSE);
      run (argv[1], moves, TRUE);
    }
  return 0;
}
