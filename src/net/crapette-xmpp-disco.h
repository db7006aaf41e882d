/* crapette-xmpp-disco.h: asking an XMPP server where its chat rooms are (XEP-0030)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-xmpp-transport.h"

G_BEGIN_DECLS

/* How long the whole question may take (signing in included) before the guess is used. */
#define CRAPETTE_XMPP_DISCO_TIMEOUT_MS 15000

/* The guess when the server names no chat service: "conference." and its domain. */
char *crapette_xmpp_disco_guess_rooms    (const char                *jid);

/* Signs in with @account in a thread of its own, asks the account's server for its items
 * (disco#items), asks each item what it is (disco#info), and gives the first whose identity
 * is a text conference (category "conference", type "text"): the multi-user chat service a
 * match's room is made on. Whatever goes wrong (no such item, no answer, the sign-in refused)
 * gives crapette_xmpp_disco_guess_rooms() instead, with the reason in the log: the room's own
 * join then says plainly what is wrong. */
void  crapette_xmpp_disco_find_rooms_async  (const CrapetteXmppAccount *account,
                                             GCancellable              *cancellable,
                                             GAsyncReadyCallback        callback,
                                             gpointer                   user_data);
/* The service's address; @found says whether the server named it (FALSE: the guess). */
char *crapette_xmpp_disco_find_rooms_finish (GAsyncResult              *result,
                                             gboolean                  *found);

G_END_DECLS
