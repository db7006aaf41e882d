/* crapette-random.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-random.h"

/* Seeds the generator; every seed, zero included, is fine. */
void
crapette_random_init (CrapetteRandom *random,
                      guint64         seed)
{
  random->state = seed;
}

/* The next 64 random bits. */
guint64
crapette_random_next (CrapetteRandom *random)
{
  return crapette_random_mix (random->state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
}

/* A uniform integer in [0, bound), without modulo bias (Lemire's method). */
guint32
crapette_random_below (CrapetteRandom *random,
                       guint32         bound)
{
  guint64 product;
  guint32 low;

  g_assert (bound > 0);

  product = (crapette_random_next (random) >> 32) * (guint64) bound;
  low = (guint32) product;
  if (low < bound)
    {
      guint32 threshold = (guint32) -bound % bound;

      while (low < threshold)
        {
          product = (crapette_random_next (random) >> 32) * (guint64) bound;
          low = (guint32) product;
        }
    }

  return (guint32) (product >> 32);
}

/* Fisher–Yates, from the last item down. */
void
crapette_random_shuffle (CrapetteRandom *random,
                         guint8         *items,
                         gsize           n_items)
{
  for (gsize i = n_items; i > 1; i--)
    {
      gsize j = crapette_random_below (random, (guint32) i);
      guint8 swap = items[i - 1];

      items[i - 1] = items[j];
      items[j] = swap;
    }
}
