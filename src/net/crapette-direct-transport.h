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
 * The join address is  crapette-direct://HOST:PORT/?pin=SHA256&key=KEY  (KEY: the
 * protocol's key in hexadecimal), written and read by crapette_direct_address_*().
 */

#pragma once

#include "crapette-net-message.h"
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

/* Returns the short code both players compare (crapette_direct_certificate_short_code()). */
char                    *crapette_direct_transport_get_short_code (CrapetteDirectTransport *self);

/* Returns whether every line sent so far has been written to the network. */
gboolean                 crapette_direct_transport_is_drained (CrapetteDirectTransport *self);

/* Writes the join address for a host at @host and @port with @pin and @key. */
char                    *crapette_direct_address_format     (const char       *host,
                                                             guint16           port,
                                                             const char       *pin,
                                                             const guint8     *key);

/* Reads a join address; %FALSE with @error in plain words if it is not one. */
gboolean                 crapette_direct_address_parse      (const char       *address,
                                                             char            **host,
                                                             guint16          *port,
                                                             char            **pin,
                                                             guint8           *key,
                                                             GError          **error);

G_END_DECLS
