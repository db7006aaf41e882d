/* crapette-bench.h: measurements the startup benchmark asks the program to take of itself
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-window.h"

G_BEGIN_DECLS

/* Prints the wall-clock time of @window's first painted frame, then quits the application. */
void crapette_bench_report_first_frame (GtkWindow      *window);

/* Plays random legal moves with animation for @seconds, then prints frame times and quits. */
void crapette_bench_autoplay           (CrapetteWindow *window,
                                        guint           seconds);

/* Plays @n_moves random moves of a fixed deal of @variant without animation, one per frame,
 * and prints the main thread's CPU time per move (to the end of the frame showing it). */
void crapette_bench_moves              (CrapetteWindow *window,
                                        CrapetteVariant variant,
                                        guint           n_moves);

G_END_DECLS
