/* crapette-keyring.c: the XMPP password in the desktop's keyring (libsecret)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <libsecret/secret.h>

#include "crapette-keyring.h"

static const SecretSchema *
get_schema (void)
{
  static const SecretSchema schema = {
    .name = "io.github.crapette.Crapette.XmppAccount",
    .flags = SECRET_SCHEMA_NONE,
    .attributes = {
      { "address", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { NULL, 0 },
    },
  };

  return &schema;
}

void
crapette_keyring_lookup (const char          *address,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             data)
{
  /* An address no account has: the answer is "none kept", or why the keyring is out of
   * reach. */
  secret_password_lookup (get_schema (), cancellable, callback, data,
                          "address", address != NULL ? address : "", NULL);
}

char *
crapette_keyring_lookup_finish (GAsyncResult  *result,
                                GError       **error)
{
  char *password = secret_password_lookup_finish (result, error);
  char *copy = g_strdup (password);

  secret_password_free (password);
  return copy;
}

void
crapette_keyring_store (const char          *address,
                        const char          *password,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             data)
{
  g_autofree char *label = g_strdup_printf (_("Crapette: XMPP password for %s"), address);

  secret_password_store (get_schema (), SECRET_COLLECTION_DEFAULT, label, password,
                         cancellable, callback, data, "address", address, NULL);
}

gboolean
crapette_keyring_store_finish (GAsyncResult  *result,
                               GError       **error)
{
  return secret_password_store_finish (result, error);
}

static void
on_forgotten_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  g_autoptr (GError) error = NULL;

  /* FALSE without an error when none was kept: nothing to forget is not a failure. */
  if (!secret_password_clear_finish (result, &error) && error != NULL)
    g_debug ("No password forgotten: %s", error->message);
}

void
crapette_keyring_forget (const char *address)
{
  secret_password_clear (get_schema (), NULL, on_forgotten_cb, NULL, "address", address, NULL);
}
