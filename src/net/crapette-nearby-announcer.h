/* crapette-nearby-announcer.h: shows a hosted game to the players on the same network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * While started, the game is a DNS-SD service "_crapette._tcp" announced through the
 * system's Avahi daemon, on the GLib main loop: its instance name is the host's name (Avahi
 * makes it unique, "Ann #2"), its port the direct carrier's, its TXT records the protocol
 * version, the variant, the certificate's pin and the protocol key. Stop it when the game
 * starts or the host gives up; dropping the last reference stops it too.
 *
 *   :name   the name as announced now (it changes when another service took it)
 *   :error  why the game is not announced, as a sentence a person can read, or %NULL
 */

#pragma once

#include <gio/gio.h>

#include "crapette-net-message.h"
#include "crapette-types.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_NEARBY_ANNOUNCER (crapette_nearby_announcer_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteNearbyAnnouncer, crapette_nearby_announcer, CRAPETTE,
                      NEARBY_ANNOUNCER, GObject)

/* Makes an announcer for @name's game of @variant on @port, pinned by @pin, keyed by @key
 * (%CRAPETTE_NET_KEY_SIZE bytes). */
CrapetteNearbyAnnouncer *crapette_nearby_announcer_new       (const char              *name,
                                                              CrapetteVariant          variant,
                                                              guint16                  port,
                                                              const char              *pin,
                                                              const guint8            *key);

/* Starts announcing; %FALSE with @error (and :error) when the Avahi daemon is not there.
 * Never blocks on the network: the announcement goes out from the main loop. */
gboolean                 crapette_nearby_announcer_start     (CrapetteNearbyAnnouncer *self,
                                                              GError                 **error);

/* Withdraws the announcement (nothing if it was not started). */
void                     crapette_nearby_announcer_stop      (CrapetteNearbyAnnouncer *self);

/* Returns the name as announced now. */
const char              *crapette_nearby_announcer_get_name  (CrapetteNearbyAnnouncer *self);

/* Returns why the game is not announced, or %NULL. */
const char              *crapette_nearby_announcer_get_error (CrapetteNearbyAnnouncer *self);

G_END_DECLS
