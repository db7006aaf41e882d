/* bench-stats.h: the figures every benchmark reports, and the CPU clocks they are read from
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The CPU time of the whole process, and of the calling thread, in milliseconds. */
double bench_process_cpu_ms (void);
double bench_thread_cpu_ms  (void);

/* Sorts @values (doubles) in increasing order. */
void   bench_sort           (GArray *values);

/* The value @fraction of the way up @values (doubles), sorting them first: 0.5 is the median,
 * 0.99 the 99th percentile. 0 for no values. */
double bench_percentile     (GArray *values,
                             double  fraction);
double bench_median         (GArray *values);

/* The largest of @values (doubles), sorting them first; 0 for no values. */
double bench_max            (GArray *values);

G_END_DECLS
