/* crapette-direct-address.h: the join address of a game on the same network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   crapette-direct://HOST:PORT/?pin=SHA256&key=KEY
 *
 * PIN: the SHA-256 of the host's certificate; KEY: the protocol's key, both in hexadecimal.
 */

#pragma once

#include <gio/gio.h>

#include "crapette-net-message.h"

G_BEGIN_DECLS

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
