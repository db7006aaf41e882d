/* bench-stats.c: the figures every benchmark reports, and the CPU clocks they are read from
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One nearest-rank rule for every benchmark, so that their medians and 99th percentiles are
 * the same kind of figure: the value at index fraction × (n − 1), rounded to the nearest.
 */

#include "config.h"

#include "bench-stats.h"

#include <time.h>

static double
cpu_ms (clockid_t clock)
{
  struct timespec now;

  clock_gettime (clock, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

double
bench_process_cpu_ms (void)
{
  return cpu_ms (CLOCK_PROCESS_CPUTIME_ID);
}

double
bench_thread_cpu_ms (void)
{
  return cpu_ms (CLOCK_THREAD_CPUTIME_ID);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

void
bench_sort (GArray *values)
{
  g_array_sort (values, compare_doubles);
}

double
bench_percentile (GArray *values,
                  double  fraction)
{
  bench_sort (values);
  if (values->len == 0)
    return 0;
  return g_array_index (values, double, (guint) (fraction * (values->len - 1) + 0.5));
}

double
bench_median (GArray *values)
{
  return bench_percentile (values, 0.5);
}

double
bench_max (GArray *values)
{
  return bench_percentile (values, 1.0);
}
