/* crapette-sim-private.h: what the simulator's two files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-rules.h"

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
  char *host_direct;        /* ADDRESS:PORT to host a network match on */
  char *join_direct;        /* the join address of a network match */
  gboolean announce;        /* announce the hosted match to the network by DNS-SD */
  gboolean join_nearby;     /* join the first match announced nearby */
  gboolean host_xmpp;       /* host a match over XMPP: print its invitation */
  char *join_xmpp;          /* the invitation of a match over XMPP to join */
  char *xmpp_account;       /* name@server, or a server alone for a guest */
  char *xmpp_server;        /* HOST:PORT to connect to instead of DNS */
  char *xmpp_rooms;         /* the chat service the host's room is made on */
  char *xmpp_ca;            /* certificates to trust besides the system's */
  gint match_length;        /* the hosted network match's length (0: the game's usual) */
  char *name;               /* this seat's name in a network match */
  char *record_file;        /* where a network match's record is written at the end */
  char *line_times_file;    /* where each move's time played and received is written */
  char *certificate_file;   /* the host's certificate (default: the user's data folder) */
  gint time_limit;          /* seconds a network match may take */
  gboolean seed_deal;       /* offer only the seed deal (fair, not hidden), as an older peer */
  char *reveals_file;       /* where each card shown in a hidden deal is written */
} Options;

/* crapette-sim-games.c */

/* Reads the rule options of the command line, as the notation reads a "Rules:" line. */
gboolean parse_rules (const Options  *options,
                      CrapetteRules  *rules,
                      GError        **error);

/* Plays --games rounds between --players and prints the tally; returns the exit status. */
int run_games (const Options  *options,
               GError        **error);

/* crapette-sim-net.c */

/* Sits at one seat of a network match, hosting or joining; returns the exit status. */
int run_network (const Options  *options,
                 GError        **error);

G_END_DECLS
