/* crapette-net-password-dialog.h: the account's password, asked to rejoin a match over the
 * internet after a restart
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* A dialog over @parent asking the password of @address to take up the match with @friend
 * again. Its responses: "rejoin" (the default, once a password is typed), "new-game" (give
 * the match up for another) and "later" (the close response: the match stays kept). */
AdwMessageDialog *crapette_net_password_dialog_new          (GtkWindow        *parent,
                                                             const char       *friend,
                                                             const char       *address);

/* The password typed; empty until one is. */
const char       *crapette_net_password_dialog_get_password (AdwMessageDialog *dialog);

/* Empties the entry, once the password was taken. */
void              crapette_net_password_dialog_clear        (AdwMessageDialog *dialog);

/* Whether the person asked for the password to be kept in the keyring. */
gboolean          crapette_net_password_dialog_get_remember (AdwMessageDialog *dialog);

/* No keyring answered: Remember is off and cannot be turned on, and @message says why. */
void              crapette_net_password_dialog_set_keyring_problem (AdwMessageDialog *dialog,
                                                                    const char       *message);

/* Says why the last password did not sign in (the server's refusal, in its words). */
void              crapette_net_password_dialog_show_error   (AdwMessageDialog *dialog,
                                                             const char       *message);

G_END_DECLS
