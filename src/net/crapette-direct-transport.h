/* crapette-direct-transport.h: a game on the same network, over TCP and TLS
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The host listens on an address and a port with its own certificate; the guest connects
 * to them and accepts only the certificate whose SHA-256 the join address pins. Lines go
 * each way ended by a newline, at most %CRAPETTE_TRANSPORT_MAX_LINE bytes; a longer one
 * closes the connection. A cut connection is waited for again (the host) or tried again
 * every second for half a minute (the guest), in "reconnecting".
 *
 * The join address is written and read by crapette-direct-address.h.
 */

#pragma once

#include "crapette-direct-address.h"
#include "crapette-transport.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_DIRECT_TRANSPORT (crapette_direct_transport_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteDirectTransport, crapette_direct_transport, CRAPETTE,
                      DIRECT_TRANSPORT, GObject)

/* Listens on @address (an IP address) and @port (0: any free one) as the host. */
CrapetteDirectTransport *crapette_direct_transport_listen   (const char       *address,
                                                             guint16           port,
                                                             GTlsCertificate  *certificate,
                                                             GError          **error);

/* Connects as the guest to @host and @port, accepting only the certificate pinned by @pin. */
CrapetteDirectTransport *crapette_direct_transport_connect  (const char       *host,
                                                             guint16           port,
                                                             const char       *pin);

/* Returns the port the host listens on. */
guint16                  crapette_direct_transport_get_port (CrapetteDirectTransport *self);

/* Returns the short code both players compare for the game under @key
 * (crapette_direct_certificate_short_code()). */
char                    *crapette_direct_transport_get_short_code (CrapetteDirectTransport *self,
                                                                   const guint8            *key);

/* Returns whether every line sent so far has been written to the network. */
gboolean                 crapette_direct_transport_is_drained (CrapetteDirectTransport *self);

G_END_DECLS
