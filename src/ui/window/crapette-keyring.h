/* crapette-keyring.h: the XMPP password in the desktop's keyring (libsecret)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One item per XMPP address, of the schema "io.github.crapette.Crapette.XmppAccount" with
 * the attribute "address". Nothing else keeps the password: not the settings, not a file.
 * Without a Secret Service (no keyring daemon on the session bus) every call fails with
 * the service's reason, and the caller says so and does not remember the password.
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Looks up the password kept for @address; with %NULL, only asks whether the keyring can be
 * reached. */
void      crapette_keyring_lookup        (const char          *address,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             data);

/* Returns the password found (free it with g_free()), %NULL with no error if none is kept,
 * or %NULL with @error set when the keyring cannot be reached. */
char     *crapette_keyring_lookup_finish (GAsyncResult        *result,
                                          GError             **error);

/* Keeps @password for @address. */
void      crapette_keyring_store         (const char          *address,
                                          const char          *password,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             data);

gboolean  crapette_keyring_store_finish  (GAsyncResult        *result,
                                          GError             **error);

/* Forgets the password kept for @address, if any; a keyring out of reach is not an error. */
void      crapette_keyring_forget        (const char          *address);

G_END_DECLS
