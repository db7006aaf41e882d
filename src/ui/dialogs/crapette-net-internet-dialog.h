/* crapette-net-internet-dialog.h: sign in to XMPP, then invite a friend or join their game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The dialog asks for the person's XMPP address and password (or only a server's name, to
 * sign in as a guest) and whether to remember the password; then either "invite", or "join"
 * with the invitation the friend sent. The window signs in and connects, and shows here how
 * far it got: the invitation to copy, the code to compare and the connection's state. The
 * dialog knows nothing of XMPP itself.
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CRAPETTE_TYPE_NET_INTERNET_DIALOG (crapette_net_internet_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteNetInternetDialog, crapette_net_internet_dialog, CRAPETTE,
                      NET_INTERNET_DIALOG, AdwWindow)

/* Returns a new dialog with @address (or %NULL) in the address row. */
CrapetteNetInternetDialog *crapette_net_internet_dialog_new           (const char *address);

/* The address typed, without spaces around it. */
char       *crapette_net_internet_dialog_get_address     (CrapetteNetInternetDialog *self);

/* The password typed, or %NULL for a guest (an address without "@"). */
const char *crapette_net_internet_dialog_get_password    (CrapetteNetInternetDialog *self);

/* Whether the person asked for the password to be remembered. */
gboolean    crapette_net_internet_dialog_get_remember    (CrapetteNetInternetDialog *self);

/* Fills the password row with one the keyring remembered. */
void        crapette_net_internet_dialog_set_password    (CrapetteNetInternetDialog *self,
                                                          const char                *password);

/* Says the keyring cannot keep the password, and why; the password is then not remembered. */
void        crapette_net_internet_dialog_set_keyring_problem (CrapetteNetInternetDialog *self,
                                                              const char                *message);

/* Shows @message (or nothing, for %NULL) under the sign-in, back on its page. */
void        crapette_net_internet_dialog_show_error      (CrapetteNetInternetDialog *self,
                                                          const char                *message);

/* Turns to the waiting page: @invitation (the link to copy, or %NULL for the friend who
 * joins) and @code, the code both compare. */
void        crapette_net_internet_dialog_show_waiting    (CrapetteNetInternetDialog *self,
                                                          const char                *invitation,
                                                          const char                *code);

/* Says how the connection stands, on the waiting page. */
void        crapette_net_internet_dialog_set_connection  (CrapetteNetInternetDialog *self,
                                                          const char                *text);

/* The invitation on show, or %NULL. */
const char *crapette_net_internet_dialog_get_invitation  (CrapetteNetInternetDialog *self);

G_END_DECLS
