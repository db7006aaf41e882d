/* crapette-xmpp-transport.h: a transport through a multi-user chat room on XMPP servers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both players sign in to an XMPP server (their own account, or as a guest where the
 * server allows it) and join the room the invitation names; each protocol line is the body
 * of one groupchat message. The room's history and our own echoes are skipped. TLS is
 * always required, and the server's certificate always checked.
 *
 * libstrophe runs its own loop and blocks inside a TLS handshake, so it lives in one
 * worker thread of its own (crapette-xmpp-worker.c); this object, on the main thread, only
 * queues lines for it and receives its news on the main context.
 *
 * When the stream drops, :state becomes reconnecting and the worker signs in again with
 * growing pauses, and joins the room again; an account's stream may be resumed (XEP-0198).
 */

#pragma once

#include "crapette-transport.h"

G_BEGIN_DECLS

/**
 * CrapetteXmppAccount:
 * @jid: "name@server" to sign in with @password, or only "server" to sign in as a guest
 * @password: the account's password, or %NULL for a guest
 * @host: where to connect instead of what the server's DNS records say, or %NULL
 * @port: the port on @host, or 0 for XMPP's usual 5222
 * @ca_file: a file of certificates to trust besides the system's (for tests), or %NULL
 */
typedef struct
{
  const char *jid;
  const char *password;
  const char *host;
  guint16     port;
  const char *ca_file;
} CrapetteXmppAccount;

#define CRAPETTE_TYPE_XMPP_TRANSPORT (crapette_xmpp_transport_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteXmppTransport, crapette_xmpp_transport,
                      CRAPETTE, XMPP_TRANSPORT, GObject)

/* Signs in with @account and joins @room (a room's bare address) as @nickname; news comes
 * on the thread-default main context of the caller. */
CrapetteXmppTransport *crapette_xmpp_transport_new          (const CrapetteXmppAccount *account,
                                                             const char                *room,
                                                             const char                *nickname);

/* Returns the nickname the room knows us by now (it gains a number if ours was taken). */
const char            *crapette_xmpp_transport_get_nickname (CrapetteXmppTransport *self);

/* Returns how many times the stream was signed in again after a drop. */
guint                  crapette_xmpp_transport_get_reconnections (CrapetteXmppTransport *self);

G_END_DECLS
