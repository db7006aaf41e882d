/* crapette-net-status.h: who the friend on another machine is, and how the connection stands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "crapette-net-peer.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_NET_STATUS (crapette_net_status_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteNetStatus, crapette_net_status, CRAPETTE, NET_STATUS, GtkWidget)

/* A small line for the header bar: the opponent's name and "Connected", "Reconnecting… 42 s"
 * or "Gone", with a Claim button once the grace period is over. */
GtkWidget       *crapette_net_status_new      (void);

/* Follows @peer (%NULL: none, and the line hides). */
void             crapette_net_status_set_peer (CrapetteNetStatus *self,
                                               CrapetteNetPeer   *peer);

CrapetteNetPeer *crapette_net_status_get_peer (CrapetteNetStatus *self);

/* The connection as the line says it now, for tests and screen readers. */
const char      *crapette_net_status_get_text (CrapetteNetStatus *self);

/* Whether the Claim button is offered. */
gboolean         crapette_net_status_can_claim (CrapetteNetStatus *self);

/* Whether the friend's name is cut short for want of room (its tooltip then holds it). */
gboolean         crapette_net_status_name_is_cut (CrapetteNetStatus *self);

G_END_DECLS
