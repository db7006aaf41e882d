/* crapette-bench.c: measurements the startup benchmark asks the program to take of itself
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * These run only when bench/startup/run-bench.sh passes its hidden options;
 * they print one line of "key: value" pairs that the script reads.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <stdio.h>
#include <time.h>

#include "crapette-bench.h"

static void
on_first_after_paint_cb (GdkFrameClock *clock,
                         GtkWindow     *window)
{
  GApplication *application = G_APPLICATION (gtk_window_get_application (window));

  g_signal_handlers_disconnect_by_func (clock, on_first_after_paint_cb, window);
  /* The wall clock, so that the script can subtract the moment it started us. */
  printf ("first-frame-realtime-us: %" G_GINT64_FORMAT "\n", g_get_real_time ());
  fflush (stdout);
  if (application != NULL)
    g_application_quit (application);
}

static void
on_realize_cb (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  g_signal_connect_object (clock, "after-paint", G_CALLBACK (on_first_after_paint_cb),
                           widget, 0);
}

/* Prints the wall-clock time of @window's first painted frame, then quits the application. */
void
crapette_bench_report_first_frame (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

  if (gtk_widget_get_realized (GTK_WIDGET (window)))
    on_realize_cb (GTK_WIDGET (window));
  else
    g_signal_connect (window, "realize", G_CALLBACK (on_realize_cb), NULL);
}

typedef struct
{
  CrapetteWindow *window;
  GArray *frame_us;
  GArray *frame_cpu_us;
  gint64 frame_start;
  gint64 frame_cpu_start;
  guint moves;
  GRand *rand;
  gboolean move_pending;
} Autoplay;

static void schedule_move (Autoplay *autoplay);

/* CPU time the whole process has used, in microseconds: beside the wall-clock
 * frame time it tells a slow frame from a frame that waited for a busy machine. */
static gint64
process_cpu_us (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

static void
play_random_move (gpointer data)
{
  Autoplay *autoplay = data;
  CrapetteGame *game = crapette_window_get_game (autoplay->window);
  const CrapetteMove *moves;
  gsize n_moves;
  CrapetteMove move;

  autoplay->move_pending = FALSE;
  moves = crapette_view_get_legal_moves (crapette_game_get_view (game), &n_moves);
  if (crapette_game_get_phase (game) != CRAPETTE_OUTCOME_PLAYING || n_moves == 0)
    {
      crapette_window_next_round (autoplay->window);
    }
  else
    {
      move = moves[g_rand_int_range (autoplay->rand, 0, (gint32) n_moves)];
      crapette_game_play (game, &move, NULL);
      autoplay->moves++;
    }

  /* A move that flies nothing (the end of a turn) is followed at once. */
  if (!crapette_table_is_animating (crapette_window_get_table (autoplay->window)))
    schedule_move (autoplay);
}

static void
schedule_move (Autoplay *autoplay)
{
  if (autoplay->move_pending)
    return;
  autoplay->move_pending = TRUE;
  g_idle_add_once (play_random_move, autoplay);
}

static void
on_animating_cb (CrapetteTable *table,
                 GParamSpec    *pspec,
                 Autoplay      *autoplay)
{
  if (!crapette_table_is_animating (table))
    schedule_move (autoplay);
}

static void
on_before_paint_cb (GdkFrameClock *clock,
                    Autoplay      *autoplay)
{
  autoplay->frame_start = g_get_monotonic_time ();
  autoplay->frame_cpu_start = process_cpu_us ();
}

static void
on_after_paint_cb (GdkFrameClock *clock,
                   Autoplay      *autoplay)
{
  gint64 elapsed;

  if (autoplay->frame_start == 0)
    return;
  elapsed = g_get_monotonic_time () - autoplay->frame_start;
  g_array_append_val (autoplay->frame_us, elapsed);
  elapsed = process_cpu_us () - autoplay->frame_cpu_start;
  g_array_append_val (autoplay->frame_cpu_us, elapsed);
  autoplay->frame_start = 0;
}

static int
compare_durations (gconstpointer a,
                   gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static gint64
percentile (GArray *sorted,
            double  fraction)
{
  guint index;

  if (sorted->len == 0)
    return 0;
  index = MIN ((guint) (fraction * sorted->len), sorted->len - 1);
  return g_array_index (sorted, gint64, index);
}

static void
finish_autoplay (gpointer data)
{
  Autoplay *autoplay = data;
  GApplication *application;

  g_array_sort (autoplay->frame_us, compare_durations);
  g_array_sort (autoplay->frame_cpu_us, compare_durations);
  printf ("frames: %u moves: %u p50-us: %" G_GINT64_FORMAT " p95-us: %" G_GINT64_FORMAT
          " p99-us: %" G_GINT64_FORMAT " max-us: %" G_GINT64_FORMAT "\n",
          autoplay->frame_us->len, autoplay->moves,
          percentile (autoplay->frame_us, 0.50), percentile (autoplay->frame_us, 0.95),
          percentile (autoplay->frame_us, 0.99), percentile (autoplay->frame_us, 1.0));
  printf ("frame-cpu: p50-us: %" G_GINT64_FORMAT " p95-us: %" G_GINT64_FORMAT
          " p99-us: %" G_GINT64_FORMAT "\n",
          percentile (autoplay->frame_cpu_us, 0.50), percentile (autoplay->frame_cpu_us, 0.95),
          percentile (autoplay->frame_cpu_us, 0.99));
  fflush (stdout);

  application = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (autoplay->window)));
  if (application != NULL)
    g_application_quit (application);
}

static void
on_autoplay_realize_cb (GtkWidget *widget,
                        Autoplay  *autoplay)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint_cb), autoplay);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint_cb), autoplay);
}

/* Plays random legal moves with animation for @seconds, then prints frame times and quits. */
void
crapette_bench_autoplay (CrapetteWindow *window,
                         guint           seconds)
{
  Autoplay *autoplay;

  g_return_if_fail (CRAPETTE_IS_WINDOW (window));

  /* Lives until the process ends: the benchmark quits the application. */
  autoplay = g_new0 (Autoplay, 1);
  autoplay->window = window;
  autoplay->frame_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  autoplay->frame_cpu_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  autoplay->rand = g_rand_new_with_seed (1);

  crapette_window_set_show_round_results (window, FALSE);
  g_signal_connect (window, "realize", G_CALLBACK (on_autoplay_realize_cb), autoplay);
  g_signal_connect (crapette_window_get_table (window), "notify::animating",
                    G_CALLBACK (on_animating_cb), autoplay);
  schedule_move (autoplay);
  g_timeout_add_once (seconds * 1000, finish_autoplay, autoplay);
}

/* ---- The main thread's work per move (bench/move-ui.sh) ------------------- */

typedef struct
{
  CrapetteWindow *window;
  GRand *rand;
  guint moves_left;
  gint64 move_cpu_start;
  gint64 play_cpu_us;
  guint frame_timeout;
  GArray *move_cpu_us;     /* from the move to the end of the frame that shows it */
  GArray *play_cpu_us_all; /* crapette_game_play() alone, with every signal it emits */
} MoveBench;

/* CPU time this thread has used, in microseconds: the main thread's work,
 * whatever the other threads (the saver) or the X server do meanwhile. */
static gint64
thread_cpu_us (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

static void bench_next_move (gpointer data);

static void
print_move_figures (const char *label,
                    GArray     *sorted)
{
  gint64 total = 0;

  for (guint i = 0; i < sorted->len; i++)
    total += g_array_index (sorted, gint64, i);
  printf ("%s: moves %u mean-us %" G_GINT64_FORMAT " p50-us %" G_GINT64_FORMAT
          " p95-us %" G_GINT64_FORMAT " p99-us %" G_GINT64_FORMAT "\n", label, sorted->len,
          sorted->len > 0 ? total / sorted->len : 0, percentile (sorted, 0.50),
          percentile (sorted, 0.95), percentile (sorted, 0.99));
}

static void
finish_move_bench (MoveBench *bench)
{
  GApplication *application;

  g_array_sort (bench->move_cpu_us, compare_durations);
  g_array_sort (bench->play_cpu_us_all, compare_durations);
  print_move_figures ("move-to-frame-cpu", bench->move_cpu_us);
  print_move_figures ("play-call-cpu", bench->play_cpu_us_all);
  fflush (stdout);

  application = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (bench->window)));
  if (application != NULL)
    g_application_quit (application);
}

/* The move is over once a frame has shown it (or, for a move that changes nothing on
 * screen, once the main loop has been idle for a while). */
static void
bench_move_shown (MoveBench *bench)
{
  gint64 elapsed = thread_cpu_us () - bench->move_cpu_start;

  if (bench->move_cpu_start == 0)
    return;
  bench->move_cpu_start = 0;
  g_clear_handle_id (&bench->frame_timeout, g_source_remove);
  g_array_append_val (bench->move_cpu_us, elapsed);
  g_array_append_val (bench->play_cpu_us_all, bench->play_cpu_us);
  if (bench->moves_left == 0)
    finish_move_bench (bench);
  else
    g_idle_add_once (bench_next_move, bench);
}

static void
on_bench_after_paint_cb (GdkFrameClock *clock,
                         MoveBench     *bench)
{
  bench_move_shown (bench);
}

static gboolean
bench_frame_timeout_cb (gpointer data)
{
  MoveBench *bench = data;

  bench->frame_timeout = 0;
  bench_move_shown (bench);
  return G_SOURCE_REMOVE;
}

static void
bench_next_move (gpointer data)
{
  MoveBench *bench = data;
  CrapetteGame *game = crapette_window_get_game (bench->window);
  const CrapetteMove *moves;
  gsize n_moves;
  CrapetteMove move;
  gint64 started;

  moves = crapette_game_get_legal_moves (game, &n_moves);
  if (crapette_game_get_phase (game) != CRAPETTE_OUTCOME_PLAYING || n_moves == 0)
    {
      /* A new round is no move: deal it, and measure from the next move on. */
      crapette_window_next_round (bench->window);
      g_timeout_add_once (100, bench_next_move, bench);
      return;
    }

  move = moves[g_rand_int_range (bench->rand, 0, (gint32) n_moves)];
  bench->moves_left--;
  bench->move_cpu_start = thread_cpu_us ();
  started = bench->move_cpu_start;
  crapette_game_play (game, &move, NULL);
  bench->play_cpu_us = thread_cpu_us () - started;
  bench->frame_timeout = g_timeout_add (50, bench_frame_timeout_cb, bench);
}

static void
on_bench_map_cb (GtkWidget *widget,
                 MoveBench *bench)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  g_signal_connect (clock, "after-paint", G_CALLBACK (on_bench_after_paint_cb), bench);
  /* Let the first frames and the deal settle before the first move. */
  g_timeout_add_once (500, bench_next_move, bench);
}

/* Plays @n_moves random moves of a fixed deal of @variant without animation, one per frame,
 * and prints the main thread's CPU time per move (to the end of the frame showing it). */
void
crapette_bench_moves (CrapetteWindow  *window,
                      CrapetteVariant  variant,
                      guint            n_moves)
{
  MoveBench *bench;

  g_return_if_fail (CRAPETTE_IS_WINDOW (window));

  /* Lives until the process ends: the benchmark quits the application. */
  bench = g_new0 (MoveBench, 1);
  bench->window = window;
  bench->rand = g_rand_new_with_seed (1);
  bench->moves_left = MAX (n_moves, 1);
  bench->move_cpu_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  bench->play_cpu_us_all = g_array_new (FALSE, FALSE, sizeof (gint64));

  crapette_window_set_show_round_results (window, FALSE);
  crapette_window_new_game (window, variant, 1);
  crapette_table_set_animation_duration (crapette_window_get_table (window), 0);
  g_signal_connect (window, "map", G_CALLBACK (on_bench_map_cb), bench);
}
