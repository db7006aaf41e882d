/* crapette-net-join-dialog.h: join a friend's game on this network, from a list or by address
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CRAPETTE_TYPE_NET_JOIN_DIALOG (crapette_net_join_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteNetJoinDialog, crapette_net_join_dialog, CRAPETTE, NET_JOIN_DIALOG,
                      AdwWindow)

/* A dialog listing the games of @nearby (a list of objects with the string properties "name"
 * and "address" and the CrapetteVariant property "variant"; %NULL for none) above an entry
 * for a join address. It emits "join" with the address chosen. */
CrapetteNetJoinDialog *crapette_net_join_dialog_new        (GListModel            *nearby);

/* The list of games nearby that the dialog shows, or %NULL. */
GListModel            *crapette_net_join_dialog_get_nearby (CrapetteNetJoinDialog *self);

/* Shows @message under the address entry, after the address given could not be joined;
 * %NULL hides it. */
void                   crapette_net_join_dialog_show_error (CrapetteNetJoinDialog *self,
                                                            const char            *message);

/* Says over the empty list of games nearby why none can be found (%NULL: none found yet). */
void                   crapette_net_join_dialog_set_nearby_problem (CrapetteNetJoinDialog *self,
                                                                    const char            *message);

G_END_DECLS
