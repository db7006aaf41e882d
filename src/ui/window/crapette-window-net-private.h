/* crapette-window-net-private.h: what the window's network match shares between its files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The network match is the window's (crapette-window-net.c: host, join, the friend at the
 * table, the result); taking one up again after a restart is crapette-window-rejoin.c's.
 */

#pragma once

#include "crapette-nearby-announcer.h"
#include "crapette-nearby-browser.h"
#include "crapette-net-join-dialog.h"
#include "crapette-window-private.h"

G_BEGIN_DECLS

/* A match taken up again, until signed in (crapette-window-rejoin.c). */
typedef struct _CrapetteWindowRejoin CrapetteWindowRejoin;

struct _CrapetteWindowNet
{
  CrapetteTransport *transport;    /* direct, or XMPP (crapette-window-internet.c) */
  CrapetteNetPeer *peer;
  AdwMessageDialog *dialog;        /* waiting, then the code to compare */
  CrapetteNetJoinDialog *join_dialog;
  CrapetteNearbyBrowser *nearby;      /* the games nearby, while the join dialog is open */
  CrapetteNearbyAnnouncer *announcer; /* our hosted game, until the friend arrives */
  GtkWidget *status;               /* CrapetteNetStatus, in the header bar */
  GtkWidget *menu_button;          /* short messages, Rematch, Resign */
  char *code;
  gboolean joined_shown;
  AdwMessageDialog *summary;       /* the match's result, after a resignation */
  GCancellable *resume_lookup;     /* the keyring's answer awaited to rejoin (resume) */
  CrapetteWindowRejoin *rejoin;    /* a match taken up again, until signed in */
};

/* crapette-window-net.c */

/* Follows the peer: its state, messages, rematch and end; the status shows it. */
void crapette_window_net_watch_peer      (CrapetteWindow *self);

/* A match of this screen's own dealt from now on ends the network match, or gives up the
 * one waiting to be rejoined. */
void crapette_window_net_follow_new_games (CrapetteWindow *self);

/* crapette-window-rejoin.c */

/* The match is rejoined, or given up: the password is no longer asked for. */
void crapette_window_rejoin_end          (CrapetteWindow *self);

/* The window goes: the password dialog goes with it, and the keyring's answer is not
 * awaited. */
void crapette_window_rejoin_dispose      (CrapetteWindow *self);

G_END_DECLS
