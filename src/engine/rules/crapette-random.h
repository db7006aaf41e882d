/* crapette-random.h: the documented random generator behind every deal
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * CrapetteRandom:
 *
 * SplitMix64 (Steele, Lea and Flood, 2014). Its sequence is fixed by its
 * definition, so a deal number gives the same deal on every machine and with
 * every GLib; GRand and rand() promise no such thing.
 */
typedef struct
{
  guint64 state;
} CrapetteRandom;

/* SplitMix64's finaliser: spreads the bits of @value over the whole word, so
 * that nearby values (successive states, similar hashes) come out far apart.
 * Inline, because hashing positions calls it millions of times. */
static inline guint64
crapette_random_mix (guint64 value)
{
  value ^= value >> 30;
  value *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  value ^= value >> 27;
  value *= G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return value ^ (value >> 31);
}

void    crapette_random_init     (CrapetteRandom *random,
                                  guint64         seed);
guint64 crapette_random_next     (CrapetteRandom *random);
guint32 crapette_random_below    (CrapetteRandom *random,
                                  guint32         bound);
void    crapette_random_shuffle  (CrapetteRandom *random,
                                  guint8         *items,
                                  gsize           n_items);

G_END_DECLS
