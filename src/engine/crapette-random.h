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

void    crapette_random_init     (CrapetteRandom *random,
                                  guint64         seed);
guint64 crapette_random_next     (CrapetteRandom *random);
guint32 crapette_random_below    (CrapetteRandom *random,
                                  guint32         bound);
void    crapette_random_shuffle  (CrapetteRandom *random,
                                  guint8         *items,
                                  gsize           n_items);

G_END_DECLS
