/* crapette-net-carrier.h: how to reach the other end again, in words kept on disk
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-net-peer.h"
#include "crapette-transport.h"
#include "crapette-xmpp-transport.h"

G_BEGIN_DECLS

/* The carrier words for a match through the XMPP room @room, signed in with @account (its
 * address, the server to connect to and the certificate to trust; never its password), in
 * the room as @nickname. */
char              *crapette_net_carrier_format_xmpp (const CrapetteXmppAccount *account,
                                                     const char                *room,
                                                     const char                *nickname);

/* Whether @carrier names an XMPP room; if so, @jid (nullable) is set to the account's address,
 * for the caller to find its password (none for a guest sign-in, an address without "@"). */
gboolean           crapette_net_carrier_is_xmpp     (const char                *carrier,
                                                     char                     **jid);

/* Makes the transport @carrier names for @role: listening again on the same address and port
 * with this user's certificate (a direct host), joining the same address (a direct guest), or
 * signing in again with @password (nullable) and joining the same room (XMPP). Damaged words
 * are refused with a plain message. */
CrapetteTransport *crapette_net_carrier_reopen      (CrapetteNetRole            role,
                                                     const char                *carrier,
                                                     const char                *password,
                                                     GError                   **error);

G_END_DECLS
