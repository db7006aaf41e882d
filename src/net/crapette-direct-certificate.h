/* crapette-direct-certificate.h: the host's own certificate for games on the same network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A host of a direct game proves who it is with a self-signed certificate, made at first
 * use and kept in the user's data folder. The join address carries its SHA-256 (the pin),
 * so a guest refuses any other; both players can also compare a short code drawn from it.
 */

#pragma once

#include <gio/gio.h>

#include "crapette-net-message.h"

G_BEGIN_DECLS

/* Returns where the host's certificate is kept: crapette/direct-host.pem in the data folder. */
char            *crapette_direct_certificate_get_path   (void);

/* Reads the certificate (and its key) at @path, or makes and keeps one there if none. */
GTlsCertificate *crapette_direct_certificate_load       (const char       *path,
                                                         GError          **error);

/* Returns the SHA-256 of @certificate's DER bytes, in lowercase hexadecimal: the pin. */
char            *crapette_direct_certificate_get_pin    (GTlsCertificate  *certificate);

/* Returns the short code both players compare, drawn from @pin and this game's @key
 * (%CRAPETTE_NET_KEY_SIZE bytes): eight digits, "1234 5678", different for every game. */
char            *crapette_direct_certificate_short_code (const char       *pin,
                                                         const guint8     *key);

G_END_DECLS
