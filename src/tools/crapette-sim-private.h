/* crapette-sim-private.h: what the simulator's two files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The command line, as crapette-sim.c reads it. */
typedef struct
{
  char *variant_key;
  gint64 games;
  gint64 seed;
  char *players;
  char *replay_file;
  char *legal_file;
  gboolean json;
  gint reserve_size;
  char *first_player;
  gint idle_turn_limit;
  char *mistakes;
  char *computer_mistakes;
  gboolean record_all;
  gboolean check;
} Options;

/* crapette-sim-games.c */

/* Plays --games rounds between --players and prints the tally; returns the exit status. */
int run_games (const Options  *options,
               GError        **error);

G_END_DECLS
